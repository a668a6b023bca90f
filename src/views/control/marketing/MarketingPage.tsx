import { useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { MarketingGroup, MarketingSource } from '../../../../contract/marketing';
import { controlKeys, updateSource, useControlSources, useMarketingGroups } from '../../../api/control';
import { useT } from '../../../i18n';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { Table, type Column } from '../../../ui/Table';
import { Tabs } from '../../../ui/Tabs';
import { useQueryParams } from '../../common/useQueryParams';
import { useWrite } from '../../common/useWrite';
import { SourceDialog } from './SourceDialog';
import { AddButton } from '../../../ui/AddButton';

type Open = { kind: 'source'; source: MarketingSource | null } | { kind: 'group'; group: MarketingGroup | null } | null;

const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '4' });
const cardItem = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

/** /control/marketing: where leads come from. Sources with their lead counts (active or ?archived=1) and groups. */
export default function MarketingPage() {
  const { t } = useT();
  const [params, setParams] = useQueryParams();
  const archived = params.get('archived') === '1';
  const [open, setOpen] = useState<Open>(null);
  const groups = useMarketingGroups();
  const list = <SourceList archived={archived} onEdit={(source) => setOpen({ kind: 'source', source })} />;
  return (
    <div>
      <PageHeader
        title={t('control.marketing.title')}
        actions={
          <>
            <AddButton variant="outline" onClick={() => setOpen({ kind: 'group', group: null })} data-testid="group-add">
              {t('control.marketing.addGroup')}
            </AddButton>
            <AddButton onClick={() => setOpen({ kind: 'source', source: null })} data-testid="source-add">
              {t('control.marketing.add')}
            </AddButton>
          </>
        }
        subtitle={t('control.marketing.subtitle')}
      />
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 1fr)' }, alignItems: 'start' })}>
        <Tabs
          label={t('control.marketing.title')}
          value={archived ? 'archived' : 'active'}
          onChange={(value) => setParams({ archived: value === 'archived' ? 1 : null })}
          items={[
            { value: 'active', label: t('control.active'), content: archived ? null : list },
            { value: 'archived', label: t('control.archived'), content: archived ? list : null },
          ]}
        />
        <section className={panel} data-testid="marketing-groups">
          <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' })}>{t('control.marketing.groups')}</h2>
          {groups.data?.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('control.marketing.noGroups')}</p> : null}
          <ul className={css({ display: 'grid', gap: '1' })}>
            {groups.data?.map((g) => (
              <li key={g.id} className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', fontSize: 'sm' })}>
                <span>{g.name}</span>
                <Button size="sm" variant="ghost" aria-label={t('control.marketing.renameGroup', { name: g.name })} onClick={() => setOpen({ kind: 'group', group: g })}>
                  <Pencil size={14} aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </section>
      </div>
      {open?.kind === 'source' ? <SourceDialog kind="source" source={open.source} groups={groups.data ?? []} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'group' ? <SourceDialog kind="group" group={open.group} groups={groups.data ?? []} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function SourceList({ archived, onEdit }: { archived: boolean; onEdit: (source: MarketingSource) => void }) {
  const { t } = useT();
  const sources = useControlSources(archived);
  const toggle = useToggleArchive();
  const empty = archived ? t('control.marketing.emptyArchived') : t('control.marketing.empty');
  const actions = (s: MarketingSource) => (
    <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end' })}>
      {!s.is_archived ? (
        <Button size="sm" variant="ghost" onClick={() => onEdit(s)} data-testid={`source-edit-${s.id}`}>
          {t('control.edit')}
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" disabled={toggle.submitting} onClick={() => toggle.submit(s)} data-testid={`source-archive-${s.id}`}>
        {s.is_archived ? t('control.restore') : t('control.archive')}
      </Button>
    </div>
  );
  const columns: Column<MarketingSource>[] = [
    { key: 'name', header: t('control.marketing.name'), cell: (s) => <span className={css({ fontWeight: 'medium' })}>{s.name}</span> },
    { key: 'group', header: t('control.marketing.group'), cell: (s) => (s.group ? <Badge tone="info">{s.group.name}</Badge> : '—') },
    { key: 'leads', header: t('control.marketing.leads'), cell: (s) => s.leads_count, numeric: true },
    { key: 'actions', header: <span className={css({ srOnly: true })}>{t('control.actions')}</span>, cell: actions, width: '1%' },
  ];
  const rows = sources.data;
  return (
    <div>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={rows} rowKey={(s) => s.id} loading={sources.isLoading} loadingText={t('control.loading')} emptyText={empty} label={t('control.marketing.title')} testId="sources-table" />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!rows || rows.length === 0 ? (
          <p className={message}>{sources.isLoading ? t('control.loading') : empty}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })} data-testid="sources-cards">
            {rows.map((s) => (
              <li key={s.id} className={cardItem}>
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
                  <span className={css({ fontWeight: 'semibold' })}>{s.name}</span>
                  {s.group ? <Badge tone="info">{s.group.name}</Badge> : null}
                </div>
                <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', fontSize: 'sm', color: 'fg.muted' })}>
                  <span>{t('control.marketing.leadsCount', { count: s.leads_count })}</span>
                  {actions(s)}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** PUT the source as it is with is_archived flipped (archive, or back from the archive). */
function useToggleArchive() {
  const queryClient = useQueryClient();
  return useWrite(
    async (s: MarketingSource) => {
      await updateSource(s.id, { name: s.name, group: s.group?.id ?? null, is_archived: !s.is_archived });
      await queryClient.invalidateQueries({ queryKey: controlKeys.marketing });
    },
    { success: (s) => (s.is_archived ? 'control.marketing.restored' : 'control.marketing.archivedDone'), failureToast: 'control.marketing.saveFailed', repeatable: true },
  );
}
