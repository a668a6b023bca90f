import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { Course } from '../../../../../contract/catalogue';
import { patchCourse, useCourses } from '../../../../api/catalogue';
import { useCurrentBranch } from '../../../../app/useBranch';
import { useT } from '../../../../i18n';
import { formatMoney } from '../../../../lib/money';
import { rowNumber } from '../../../../lib/params';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { ListPagination } from '../../../common/ListPagination';
import { Table, type Column } from '../../../../ui/Table';
import { ArchiveToggle } from '../parts/ArchiveToggle';
import { LevelSelect, SubjectSelect } from '../parts/CatalogueSelects';
import { IconAction } from '../parts/IconAction';
import { LoadError, StateMessage } from '../parts/StateMessage';
import { checkLabel, checkbox, filterBox, grow, rowActions, toolbar, hiddenText } from '../parts/styles';
import { useCatalogueRefresh } from '../parts/useCatalogueRefresh';
import { useMaterialsQuery } from '../useMaterialsQuery';
import { CourseDialog } from './CourseDialog';

/** The current branch's courses: filters, a paged table, create, edit, archive and bring back. */
export function CoursesTab() {
  const { t } = useT();
  const filial = useCurrentBranch();
  const refresh = useCatalogueRefresh();
  const query = useMaterialsQuery();
  const page = query.page();
  const subject = query.id('subject');
  const level = subject === null ? null : query.id('level');
  const archived = query.flag('archived');
  const courses = useCourses({ page, filial, subject, level, is_archived: archived });
  const [editing, setEditing] = useState<Course | 'new' | null>(null);

  if (filial === null) return <StateMessage>{t('edu.noBranch')}</StateMessage>;

  const columns: Column<Course>[] = [
    { key: 'n', header: '№', width: '3rem', cell: (_, i) => rowNumber(page, i) },
    { key: 'name', header: t('materials.courses.name'), cell: (c) => <span className={css({ fontWeight: 'medium' })}>{c.name}</span> },
    { key: 'subject', header: t('materials.subject'), cell: (c) => c.subject_name },
    { key: 'level', header: t('materials.level'), cell: (c) => c.level_name },
    { key: 'price', header: t('materials.courses.priceShort'), numeric: true, cell: (c) => <span className={css({ whiteSpace: 'nowrap' })}>{formatMoney(c.price)}</span> },
    { key: 'lessons', header: t('materials.courses.lessonsShort'), numeric: true, cell: (c) => c.lessons_per_month },
    { key: 'duration', header: t('materials.courses.durationShort'), numeric: true, cell: (c) => t('materials.courses.months', { count: c.duration_months }) },
    { key: 'groups', header: t('materials.courses.groups'), numeric: true, cell: (c) => c.groups_count },
    {
      key: 'status',
      header: t('materials.status'),
      cell: (c) => (c.is_archived ? <Badge tone="neutral">{t('materials.archived')}</Badge> : <Badge tone="success">{t('materials.active')}</Badge>),
    },
    {
      key: 'actions',
      header: <span className={hiddenText}>{t('materials.actions')}</span>,
      width: '6rem',
      cell: (c) => (
        <div className={rowActions}>
          <IconAction label={`${t('materials.edit')}: ${c.name}`} onClick={() => setEditing(c)}>
            <Pencil size={16} />
          </IconAction>
          <ArchiveToggle kind="course" archived={c.is_archived} name={c.name} onChange={(is_archived) => patchCourse(c.id, { is_archived }).then(refresh)} />
        </div>
      ),
    },
  ];

  return (
    <section aria-label={t('materials.tabs.courses')}>
      <div className={toolbar}>
        <SubjectSelect
          className={filterBox}
          label={t('materials.subject')}
          placeholder={t('edu.list.all')}
          value={subject}
          onChange={(id) => query.update({ subject: id, level: null, page: null })}
          testId="courses-subject"
        />
        <LevelSelect
          className={filterBox}
          subjectId={subject}
          label={t('materials.level')}
          placeholder={t('edu.list.all')}
          value={level}
          onChange={(id) => query.update({ level: id, page: null })}
          testId="courses-level"
        />
        <label className={checkLabel}>
          <input type="checkbox" className={checkbox} checked={archived} onChange={(e) => query.update({ archived: e.target.checked, page: null })} />
          {t('materials.showArchived')}
        </label>
        <div className={grow} />
        <Button onClick={() => setEditing('new')} data-testid="course-create">
          <Plus size={16} /> {t('materials.courses.create')}
        </Button>
      </div>

      {courses.isError && !courses.data ? (
        <LoadError error={courses.error} onRetry={() => void courses.refetch()} />
      ) : (
        <>
          <Table
            columns={columns}
            rows={courses.data?.results}
            rowKey={(c) => c.id}
            loading={courses.isFetching}
            loadingText={t('edu.list.loading')}
            emptyText={subject !== null || archived ? t('edu.list.empty') : t('materials.courses.none')}
            onRowClick={setEditing}
            label={t('materials.tabs.courses')}
            testId="courses-table"
          />
          <ListPagination page={page} count={courses.data?.count} onChange={(next) => query.update({ page: next === 1 ? null : next })} />
        </>
      )}
      <CourseDialog editing={editing} filial={filial} onClose={() => setEditing(null)} onSaved={refresh} />
    </section>
  );
}
