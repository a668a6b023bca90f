import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { FilialDetail } from '../../../../contract/filial';
import { controlKeys, updateBranch, useBranchDetails } from '../../../api/control';
import { useMe } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { formatPhone } from '../../../lib/phoneText';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { PageHeader } from '../../../ui/PageHeader';
import { Table, type Column } from '../../../ui/Table';
import { Tabs } from '../../../ui/Tabs';
import { useQueryParams } from '../../common/useQueryParams';
import { useWrite } from '../../common/useWrite';
import { BranchDialog } from './BranchDialog';
import { useReloadBranchSwitcher } from './useReloadBranchSwitcher';
import { AddButton } from '../../../ui/AddButton';

type Open = { kind: 'create' } | { kind: 'edit'; branch: FilialDetail } | { kind: 'archive'; branch: FilialDetail } | null;

const cardList = css({ display: 'grid', gap: '2' });
const cardItem = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

/** /control/branches: the branches (active or ?archived=1); the director creates, edits, archives and restores. */
export default function BranchesPage() {
  const { t } = useT();
  const me = useMe();
  const [params, setParams] = useQueryParams();
  const archived = params.get('archived') === '1';
  const [open, setOpen] = useState<Open>(null);
  const editable = me.role === 'DIRECTOR';
  const list = <BranchList archived={archived} editable={editable} onOpen={setOpen} />;
  return (
    <div>
      <PageHeader
        title={t('control.branches.title')}
        actions={
          editable ? (
            <AddButton onClick={() => setOpen({ kind: 'create' })} data-testid="branch-add">
              {t('control.branches.add')}
            </AddButton>
          ) : null
        }
        subtitle={editable ? t('control.branches.subtitle') : t('control.branches.readOnly')}
      />
      <Tabs
        label={t('control.branches.title')}
        value={archived ? 'archived' : 'active'}
        onChange={(value) => setParams({ archived: value === 'archived' ? 1 : null })}
        items={[
          { value: 'active', label: t('control.active'), content: archived ? null : list },
          { value: 'archived', label: t('control.archived'), content: archived ? list : null },
        ]}
      />
      {open?.kind === 'create' ? <BranchDialog branch={null} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'edit' ? <BranchDialog branch={open.branch} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'archive' ? <ArchiveBranchDialog branch={open.branch} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

function BranchList({ archived, editable, onOpen }: { archived: boolean; editable: boolean; onOpen: (open: Open) => void }) {
  const { t } = useT();
  const branches = useBranchDetails(archived);
  const empty = archived ? t('control.branches.emptyArchived') : t('control.branches.empty');
  const actions = (b: FilialDetail) =>
    editable ? (
      <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end' })}>
        {!b.is_archived ? (
          <Button size="sm" variant="ghost" onClick={() => onOpen({ kind: 'edit', branch: b })} data-testid={`branch-edit-${b.id}`}>
            {t('control.edit')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={() => onOpen({ kind: 'archive', branch: b })} data-testid={`branch-archive-${b.id}`}>
          {b.is_archived ? t('control.restore') : t('control.archive')}
        </Button>
      </div>
    ) : null;
  const columns: Column<FilialDetail>[] = [
    { key: 'name', header: t('control.branches.name'), cell: (b) => <span className={css({ fontWeight: 'medium' })}>{b.name}</span> },
    { key: 'address', header: t('control.branches.address'), cell: (b) => b.address ?? '—' },
    { key: 'phone', header: t('control.branches.phone'), cell: (b) => (b.phone ? formatPhone(b.phone) : '—') },
    { key: 'groups', header: t('control.branches.groups'), cell: (b) => b.active_groups, numeric: true },
    { key: 'excused', header: t('control.branches.excused'), cell: (b) => <Badge tone={b.charge_excused ? 'accent' : 'neutral'}>{b.charge_excused ? t('control.settings.charged') : t('control.settings.free')}</Badge> },
    { key: 'actions', header: <span className={css({ srOnly: true })}>{t('control.actions')}</span>, cell: actions, width: '1%' },
  ];
  const rows = branches.data;
  return (
    <div>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={rows} rowKey={(b) => b.id} loading={branches.isLoading} loadingText={t('control.loading')} emptyText={empty} label={t('control.branches.title')} testId="branches-table" />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!rows || rows.length === 0 ? (
          <p className={message}>{branches.isLoading ? t('control.loading') : empty}</p>
        ) : (
          <ul className={cardList} data-testid="branches-cards">
            {rows.map((b) => (
              <li key={b.id} className={cardItem}>
                <span className={css({ fontWeight: 'semibold' })}>{b.name}</span>
                <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{[b.address, b.phone ? formatPhone(b.phone) : null].filter(Boolean).join(' · ') || '—'}</span>
                <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', fontSize: 'sm' })}>
                  <span>{t('control.branches.groupsCount', { count: b.active_groups })}</span>
                  {actions(b)}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Confirm, then archive or restore; a branch that still works answers 409 and the dialog says why. */
function ArchiveBranchDialog({ branch, onClose }: { branch: FilialDetail; onClose: () => void }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const reloadSwitcher = useReloadBranchSwitcher();
  const restoring = branch.is_archived;
  const write = useWrite(
    async () => {
      await updateBranch(branch.id, { name: branch.name, address: branch.address, phone: branch.phone, is_archived: !restoring });
      await queryClient.invalidateQueries({ queryKey: controlKeys.allBranches });
      reloadSwitcher();
    },
    {
      success: restoring ? 'control.branches.restored' : 'control.branches.archivedDone',
      onDone: onClose,
      messages: { failed: 'control.branches.saveFailed', conflict: 'control.branches.saveFailed' },
    },
  );
  // A branch that still works: the server's 409 says why; a name another branch took: its field message.
  const problem = write.message ?? write.fieldErrors.name ?? null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={restoring ? t('control.branches.restoreTitle') : t('control.branches.archiveTitle')}
      description={restoring ? t('control.branches.restoreText', { name: branch.name }) : t('control.branches.archiveText', { name: branch.name })}
      closeLabel={t('common.actions.cancel')}
      maxWidth="440px"
      role="alertdialog"
    >
      {problem ? (
        <p role="alert" data-testid="branch-archive-error" className={css({ display: 'flex', gap: '2', p: '3', borderRadius: 'control', bg: 'danger.subtle', color: 'danger.default', fontSize: 'sm', mb: '3' })}>
          <AlertTriangle size={18} aria-hidden="true" className={css({ flexShrink: 0 })} />
          {problem}
        </p>
      ) : null}
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>
        <Button variant={restoring ? 'solid' : 'danger'} onClick={() => write.submit(undefined)} disabled={write.submitting || write.refused} data-testid="branch-archive-confirm">
          {restoring ? t('control.restore') : t('control.archive')}
        </Button>
      </div>
    </Dialog>
  );
}
