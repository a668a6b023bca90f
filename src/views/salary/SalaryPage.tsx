import { useSelector } from '@xstate/react';
import { Lock } from 'lucide-react';
import { css } from 'styled-system/css';
import { statusOf } from '../../api/errors';
import { useSalary, type SalaryReport } from '../../api/salary';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import { formatMoney } from '../../lib/money';
import { connectBranch } from '../../machines/branch';
import { Card } from '../../ui/Card';
import { MonthField } from '../../ui/MonthField';
import { PageHeader } from '../../ui/PageHeader';
import { Select } from '../../ui/Select';
import { Table } from '../../ui/Table';
import { DownloadButton } from '../common/DownloadButton';
import { MessagePage } from '../common/MessagePage';
import { useQueryParams } from '../common/useQueryParams';
import { SalaryCards } from './SalaryCards';
import { rowKey, salaryColumns } from './salaryColumns';
import { salaryParamsFromQuery } from './salaryMonth';

const kpiGrid = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }, mb: '4' });

function Kpi({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card className={css({ p: { base: '3', md: '4' } })} data-testid={testId}>
      <div className={css({ color: 'fg.muted', fontSize: 'sm' })}>{label}</div>
      <div className={css({ fontSize: { base: 'lg', md: '2xl' }, fontWeight: 'semibold', mt: '1', overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' })}>{value}</div>
    </Card>
  );
}

function Totals({ report }: { report: SalaryReport }) {
  const { t } = useT();
  return (
    <div className={kpiGrid}>
      <Kpi label={t('salary.totals.amount')} value={formatMoney(report.totals.amount)} testId="salary-total" />
      <Kpi label={t('salary.totals.lessons')} value={String(report.totals.lessons)} testId="salary-total-lessons" />
      <Kpi label={t('salary.totals.students')} value={String(report.totals.students)} testId="salary-total-students" />
      <Kpi label={t('salary.totals.paid')} value={formatMoney(report.totals.paid)} testId="salary-total-paid" />
    </div>
  );
}

/**
 * /control/salary: each employee's pay for a month (this one unless the query says otherwise) from their terms and
 * the month's records, for one branch or every branch the reader sees, with totals and the workbook. The director
 * and branch managers only (the server answers others 403).
 */
export default function SalaryPage() {
  const { t } = useT();
  const { branch } = useActors();
  const branches = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const [query, setQuery] = useQueryParams();
  const params = salaryParamsFromQuery(query);
  const salary = useSalary(params);
  const data = salary.data;

  if (salary.isError && statusOf(salary.error) === 403) return <MessagePage icon={<Lock size={28} />} title={t('salary.forbidden')} />;

  const empty = salary.isError ? t('salary.loadFailed') : t('salary.empty');
  return (
    <div>
      <PageHeader
        title={t('salary.title')}
        actions={
          <DownloadButton
            url="/salary/excel/"
            params={params}
            fileName={`maosh-${params.month}.xlsx`}
            label={t('salary.export')}
            data-testid="salary-export"
          />
        }
        subtitle={t('salary.subtitle')}
      />
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 200px))' }, mb: '4', alignItems: 'end' })}>
        <MonthField label={t('salary.month')} name="month" value={params.month} onChange={(month) => setQuery({ month })} />
        {branches.length > 1 ? (
          <Select
            label={t('salary.branch')}
            name="filial"
            placeholder={t('salary.allBranches')}
            value={params.filial ?? ''}
            options={branches.map((b) => ({ value: b.id, label: b.name }))}
            onChange={(e) => setQuery({ filial: e.target.value })}
          />
        ) : null}
      </div>
      <div aria-busy={salary.isFetching} data-testid="salary-report">
        {data ? <Totals report={data} /> : null}
        <div className={css({ display: { base: 'none', md: 'block' } })}>
          <Table
            columns={salaryColumns(t)}
            rows={data?.rows}
            rowKey={rowKey}
            loading={salary.isLoading}
            loadingText={t('salary.loading')}
            emptyText={empty}
            label={t('salary.title')}
            testId="salary-table"
          />
        </div>
        <div className={css({ display: { base: 'block', md: 'none' } })}>
          <SalaryCards rows={data?.rows} loading={salary.isLoading} emptyText={empty} />
        </div>
        <p className={css({ color: 'fg.muted', fontSize: 'xs', mt: '4' })}>{t('salary.note')}</p>
      </div>
    </div>
  );
}
