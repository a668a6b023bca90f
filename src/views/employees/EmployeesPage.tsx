import { useSelector } from '@xstate/react';
import { Users } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { useLocation } from 'wouter';
import { EMPLOYEE_WRITER_ROLES } from '../../../contract/employees';
import { useEmployeesPage, type EmployeeListItem } from '../../api/employees';
import { useActors, useMe, useReadablePages } from '../../app/hooks';
import { useCurrentBranch } from '../../app/useBranch';
import { useT } from '../../i18n';
import { PageHeader } from '../../ui/PageHeader';
import { Table } from '../../ui/Table';
import { ListPagination } from '../common/ListPagination';
import { MessagePage } from '../common/MessagePage';
import { useQueryParams } from '../common/useQueryParams';
import { EmployeeDialog } from './form/EmployeeDialog';
import { EmployeeCards } from './list/EmployeeCards';
import { employeeColumns, employeeHref } from './list/employeeColumns';
import { EmployeeFilters } from './list/EmployeeFilters';
import { filtersFromQuery } from './list/filters';
import { connectBranch } from '../../machines/branch';
import { AddButton } from '../../ui/AddButton';

// The attendance helper's page; /employees?tab=attendance renders it.
const AttendancePage = lazy(() => import('./attendance/AttendancePage'));

const tabLink = css({ px: '4', py: '2.5', fontSize: 'sm', fontWeight: 'medium', color: 'fg.muted', borderBottomWidth: '2px', borderColor: 'transparent', mb: '-1px', cursor: 'pointer', '&[aria-current=page]': { color: 'accent.fg', borderColor: 'accent.default' } });

/**
 * /employees (and /employees/archive, the same page over archived people): filters and the page in the URL query,
 * a table on wide screens and cards on a phone, row numbers, the add dialog. `?tab=attendance` shows staff attendance.
 */
export default function EmployeesPage() {
  const { t, lang } = useT();
  const [path, navigate] = useLocation();
  const archived = path.replace(/\/+$/, '') === '/employees/archive';
  const [params, setParams] = useQueryParams();
  const readable = useReadablePages();
  const me = useMe();
  const tab = !archived && params.get('tab') === 'attendance' && readable.has('employees_att') ? 'attendance' : !readable.has('employees') && !archived && readable.has('employees_att') ? 'attendance' : 'list';
  const filial = useCurrentBranch();
  const { branch } = useActors();
  const options = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const names = useMemo(() => new Map(options.map((b) => [b.id, b.name])), [options]);
  const filters = filtersFromQuery(params);
  const list = useEmployeesPage(archived, filters, tab === 'list' ? filial : null);
  const [adding, setAdding] = useState(false);
  const canWrite = EMPLOYEE_WRITER_ROLES.includes(me.role) && readable.has('employees');

  if (filial === null) return <MessagePage icon={<Users size={28} />} title={t('employees.noBranch')} />;

  const showTabs = !archived && readable.has('employees') && readable.has('employees_att');
  const open = (e: EmployeeListItem) => navigate(employeeHref(e.id));
  const empty = archived ? t('employees.emptyArchive') : filters.q || filters.role || filters.subject ? t('employees.emptyFiltered') : t('employees.empty');
  const rows = list.data?.results;
  return (
    <div>
      <PageHeader
        title={t(archived ? 'employees.archiveTitle' : 'employees.title')}
        actions={
          !archived && tab === 'list' && canWrite ? (
            <AddButton onClick={() => setAdding(true)} data-testid="employee-add">
              {t('employees.add')}
            </AddButton>
          ) : null
        }
        subtitle={t(archived ? 'employees.archiveSubtitle' : 'employees.subtitle')}
      />
      {showTabs ? (
        <nav className={css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border.default', mb: '4' })} aria-label={t('employees.title')}>
          {(['list', 'attendance'] as const).map((key) => (
            <a
              key={key}
              href={key === 'list' ? '/employees' : '/employees?tab=attendance'}
              className={tabLink}
              aria-current={tab === key ? 'page' : undefined}
              onClick={(e) => {
                e.preventDefault();
                setParams({ tab: key === 'attendance' ? 'attendance' : null, page: null }, { push: true });
              }}
            >
              {t(`employees.tabs.${key}`)}
            </a>
          ))}
        </nav>
      ) : null}
      {tab === 'attendance' ? (
        <Suspense fallback={<p className={css({ color: 'fg.muted' })}>{t('employees.loading')}</p>}>
          <AttendancePage />
        </Suspense>
      ) : (
        <>
          <EmployeeFilters values={filters} onChange={setParams} />
          <div className={css({ display: { base: 'none', md: 'block' } })}>
            <Table
              columns={employeeColumns(filters.page, t, lang, names)}
              rows={rows}
              rowKey={(e) => e.id}
              loading={list.isLoading}
              loadingText={t('employees.loading')}
              emptyText={list.isError ? t('employees.loadFailed') : empty}
              onRowClick={open}
              label={t(archived ? 'employees.archiveTitle' : 'employees.title')}
              testId="employees-table"
            />
          </div>
          <div className={css({ display: { base: 'block', md: 'none' } })}>
            <EmployeeCards employees={rows} page={filters.page} loading={list.isLoading} emptyText={list.isError ? t('employees.loadFailed') : empty} names={names} onOpen={open} />
          </div>
          <ListPagination page={filters.page} count={list.data?.count} onChange={(page) => setParams({ page: page > 1 ? page : null }, { push: true })} />
        </>
      )}
      {adding ? <EmployeeDialog filial={filial} onClose={() => setAdding(false)} onSaved={(e) => navigate(employeeHref(e.id))} /> : null}
    </div>
  );
}
