import { GraduationCap } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { css } from 'styled-system/css';
import { useLocation } from 'wouter';
import { useStudentCounts, useStudentsPage, type StudentListItem } from '../../api/students';
import { useCurrentBranch } from '../../app/useBranch';
import { useT } from '../../i18n';
import { PageHeader } from '../../ui/PageHeader';
import { Table } from '../../ui/Table';
import { ListPagination } from '../common/ListPagination';
import { MessagePage } from '../common/MessagePage';
import { useQueryParams } from '../common/useQueryParams';
import { ExportButton } from './list/ExportButton';
import { ListTabs } from './list/ListTabs';
import { StudentCards } from './list/StudentCards';
import { studentColumns, studentHref } from './list/studentColumns';
import { StudentFilters } from './list/StudentFilters';
import { filtersFromQuery, hasFilters, listFromPath } from '../../lib/studentLists';
import { AddButton } from '../../ui/AddButton';

// The add dialog (its form library and dialog code) loads when opened: the list paints sooner.
const AddStudentDialog = lazy(() => import('./list/AddStudentDialog').then((m) => ({ default: m.AddStudentDialog })));

/**
 * /students/testing, /students/new, /students/active, /students (all) and /students/archived: one page, the list
 * taken from the path. Filters and the page live in the URL query; a row opens `/students/info?id=…`.
 */
export default function StudentsListPage() {
  const { t, lang } = useT();
  const [path, navigate] = useLocation();
  const list = listFromPath(path);
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const filters = filtersFromQuery(params);
  const students = useStudentsPage(list, filters, filial);
  const counts = useStudentCounts(filial);
  const [adding, setAdding] = useState(false);

  if (filial === null) return <MessagePage icon={<GraduationCap size={28} />} title={t('students.noBranch')} />;

  const open = (s: StudentListItem) => navigate(studentHref(s.id));
  const rows = students.data?.results;
  const empty = hasFilters(filters) ? t('students.emptyFiltered') : t(`students.empty.${list}`);
  return (
    <div>
      <PageHeader
        title={t(`students.lists.${list}`)}
        actions={
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <ExportButton list={list} filters={filters} filial={filial} />
            {list !== 'archived' ? (
              <AddButton onClick={() => setAdding(true)} data-testid="student-add">
                {t('students.add.button')}
              </AddButton>
            ) : null}
          </div>
        }
        subtitle={t(`students.subtitle.${list}`)}
      />
      <ListTabs current={list} counts={counts.data} params={params} />
      <StudentFilters key={list} list={list} filial={filial} values={filters} onChange={setParams} />
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table
          columns={studentColumns(list, filters.page, t, lang)}
          rows={rows}
          rowKey={(s) => s.id}
          loading={students.isLoading}
          loadingText={t('students.loading')}
          emptyText={students.isError ? t('students.loadFailed') : empty}
          onRowClick={open}
          label={t(`students.lists.${list}`)}
          testId="students-table"
        />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        <StudentCards list={list} students={rows} page={filters.page} loading={students.isLoading} emptyText={students.isError ? t('students.loadFailed') : empty} onOpen={open} />
      </div>
      <ListPagination page={filters.page} count={students.data?.count} onChange={(page) => setParams({ page: page > 1 ? page : null }, { push: true })} />
      {adding ? (
        <Suspense fallback={null}>
          <AddStudentDialog filial={filial} status={list === 'testing' ? 'testing' : 'new'} onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
