import { ListOrdered, Pencil, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { Subject } from '../../../../../contract/catalogue';
import { createSubject, updateSubject, useSubjects } from '../../../../api/catalogue';
import { useT } from '../../../../i18n';
import { rowNumber } from '../../../../lib/params';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { Field } from '../../../../ui/Field';
import { ListPagination } from '../../../common/ListPagination';
import { Table, type Column } from '../../../../ui/Table';
import { ArchiveToggle } from '../parts/ArchiveToggle';
import { IconAction } from '../parts/IconAction';
import { NameDialog } from '../parts/NameDialog';
import { LoadError } from '../parts/StateMessage';
import { checkLabel, checkbox, filterBox, grow, rowActions, toolbar, hiddenText } from '../parts/styles';
import { useCatalogueRefresh } from '../parts/useCatalogueRefresh';
import { useDebounced } from '../../../common/useDebounced';
import { useToast } from '../parts/useToast';
import type { MaterialsTab } from '../materialsTabs';
import { useMaterialsQuery } from '../useMaterialsQuery';

type Editing = { kind: 'new' } | { kind: 'rename'; subject: Subject } | null;

/** Subjects: search, active or archived, create, rename, archive and bring back; a row leads to its levels. */
export function SubjectsTab({ openTab }: { openTab: (tab: MaterialsTab, filters?: Record<string, number>) => void }) {
  const { t } = useT();
  const toast = useToast();
  const refresh = useCatalogueRefresh();
  const query = useMaterialsQuery();
  const page = query.page();
  const archived = query.flag('archived');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const subjects = useSubjects({ page, q, is_archived: archived });
  const [editing, setEditing] = useState<Editing>(null);

  const save = async (name: string) => {
    if (editing?.kind === 'rename') {
      await updateSubject(editing.subject.id, { name });
      toast('success', 'materials.subjects.renamed', { name });
    } else {
      await createSubject({ name });
      toast('success', 'materials.subjects.created', { name });
    }
    await refresh();
  };

  const columns: Column<Subject>[] = [
    { key: 'n', header: '№', width: '3rem', cell: (_, i) => rowNumber(page, i) },
    { key: 'name', header: t('materials.subjects.name'), cell: (s) => <span className={css({ fontWeight: 'medium' })}>{s.name}</span> },
    { key: 'levels', header: t('materials.subjects.levelsCount'), numeric: true, cell: (s) => s.levels_count },
    {
      key: 'status',
      header: t('materials.status'),
      cell: (s) => (s.is_archived ? <Badge tone="neutral">{t('materials.archived')}</Badge> : <Badge tone="success">{t('materials.active')}</Badge>),
    },
    {
      key: 'actions',
      header: <span className={hiddenText}>{t('materials.actions')}</span>,
      width: '8rem',
      cell: (s) => (
        <div className={rowActions}>
          {s.is_archived ? null : (
            <IconAction label={`${t('materials.subjects.openLevels')}: ${s.name}`} onClick={() => openTab('levels', { subject: s.id })}>
              <ListOrdered size={16} />
            </IconAction>
          )}
          <IconAction label={`${t('materials.rename')}: ${s.name}`} onClick={() => setEditing({ kind: 'rename', subject: s })}>
            <Pencil size={16} />
          </IconAction>
          <ArchiveToggle kind="subject" archived={s.is_archived} name={s.name} onChange={(is_archived) => updateSubject(s.id, { is_archived }).then(refresh)} />
        </div>
      ),
    },
  ];

  return (
    <section aria-label={t('materials.tabs.subjects')}>
      <div className={toolbar}>
        <Field
          className={filterBox}
          label={t('edu.list.search')}
          type="search"
          value={search}
          placeholder={t('materials.subjects.searchPlaceholder')}
          onChange={(e) => {
            setSearch(e.target.value);
            if (page !== 1) query.update({ page: null });
          }}
          end={<Search size={16} className={css({ color: 'fg.subtle', me: '2' })} aria-hidden="true" />}
        />
        <label className={checkLabel}>
          <input type="checkbox" className={checkbox} checked={archived} onChange={(e) => query.update({ archived: e.target.checked, page: null })} />
          {t('materials.showArchived')}
        </label>
        <div className={grow} />
        <Button onClick={() => setEditing({ kind: 'new' })} data-testid="subject-create">
          <Plus size={16} /> {t('materials.subjects.create')}
        </Button>
      </div>

      {subjects.isError && !subjects.data ? (
        <LoadError error={subjects.error} onRetry={() => void subjects.refetch()} />
      ) : (
        <>
          <Table
            columns={columns}
            rows={subjects.data?.results}
            rowKey={(s) => s.id}
            loading={subjects.isFetching}
            loadingText={t('edu.list.loading')}
            emptyText={q ? t('edu.list.empty') : archived ? t('materials.subjects.noneArchived') : t('materials.subjects.none')}
            label={t('materials.tabs.subjects')}
            testId="subjects-table"
          />
          <ListPagination page={page} count={subjects.data?.count} onChange={(next) => query.update({ page: next === 1 ? null : next })} />
        </>
      )}

      <NameDialog
        open={editing !== null}
        title={editing?.kind === 'rename' ? t('materials.subjects.renameTitle') : t('materials.subjects.createTitle')}
        label="materials.subjects.name"
        initialName={editing?.kind === 'rename' ? editing.subject.name : ''}
        onClose={() => setEditing(null)}
        save={save}
        testId="subject-form"
      />
    </section>
  );
}
