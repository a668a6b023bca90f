import { useSelector } from '@xstate/react';
import { css } from 'styled-system/css';
import { useFinanceReport, type FinanceReport } from '../../../api/financeReport';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { connectBranch } from '../../../machines/branch';
import { Card } from '../../../ui/Card';
import { DateField } from '../../../ui/DateField';
import { PageHeader } from '../../../ui/PageHeader';
import { Select } from '../../../ui/Select';
import { DownloadButton } from '../../common/DownloadButton';
import { useQueryParams } from '../../common/useQueryParams';
import { Balance } from '../../common/Balance';
import { KindChart, MonthChart } from './ReportCharts';
import { periodFromQuery, periodProblem, reportParams } from './reportPeriod';
import { ReportTables } from './ReportTables';

const kpiGrid = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }, mb: '4' });
const kpiLabel = css({ color: 'fg.muted', fontSize: 'sm' });
const kpiValue = css({ fontSize: { base: 'lg', md: '2xl' }, fontWeight: 'semibold', mt: '1', overflowWrap: 'anywhere' });

function Kpi({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Card className={css({ p: { base: '3', md: '4' } })} data-testid={testId}>
      <div className={kpiLabel}>{label}</div>
      <div className={kpiValue}>
        <Balance value={value} />
      </div>
      {hint ? <div className={css({ color: 'fg.muted', fontSize: 'xs', mt: '1' })}>{hint}</div> : null}
    </Card>
  );
}

function Kpis({ report }: { report: FinanceReport }) {
  const { t } = useT();
  return (
    <div className={kpiGrid}>
      <Kpi label={t('finance_report.kpi.income')} value={report.income} testId="kpi-income" />
      <Kpi label={t('finance_report.kpi.expense')} value={report.expense === '0.00' ? report.expense : `-${report.expense}`} testId="kpi-expense" />
      <Kpi label={t('finance_report.kpi.profit')} value={report.net} testId="kpi-profit" />
      <Kpi label={t('finance_report.kpi.debt')} value={report.debt_at_end} hint={t('finance_report.kpi.debtors', { count: report.debtors_at_end })} testId="kpi-debt" />
    </div>
  );
}

/**
 * /control/reports/finance: income, expense, profit and debt of a period (this month unless the query says
 * otherwise) for one branch or every branch the user sees, with a chart by month and by kind, tables by branch,
 * method, cashier and kind, and the workbook. The period and the branch live in the URL query.
 */
export default function FinanceReportPage() {
  const { t } = useT();
  const { branch } = useActors();
  const branches = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const [params, setParams] = useQueryParams();
  const period = periodFromQuery(params);
  const problem = periodProblem(period);
  const request = reportParams(period);
  const report = useFinanceReport(request, problem === null);
  const data = report.data;
  return (
    <div>
      <PageHeader
        title={t('finance_report.title')}
        actions={
          problem === null ? (
            <DownloadButton
              url="/finance/report/excel/"
              params={request}
              fileName={`moliya-hisoboti-${period.start_date}-${period.end_date}.xlsx`}
              label={t('finance_report.export')}
              data-testid="report-export"
            />
          ) : null
        }
        subtitle={t('finance_report.subtitle')}
      />
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 200px))' }, mb: '4', alignItems: 'end' })}>
        <DateField label={t('finance_report.from')} name="start_date" alwaysSet value={period.start_date} onChange={(day) => setParams({ start_date: day })} />
        <DateField
          label={t('finance_report.to')}
          name="end_date"
          alwaysSet
          value={period.end_date}
          error={problem ? t(problem) : null}
          onChange={(day) => setParams({ end_date: day })}
        />
        {branches.length > 1 ? (
          <Select
            label={t('finance_report.branch')}
            name="filial"
            placeholder={t('finance_report.allBranches')}
            value={period.filial ?? ''}
            options={branches.map((b) => ({ value: b.id, label: b.name }))}
            onChange={(e) => setParams({ filial: e.target.value })}
          />
        ) : null}
      </div>
      {report.isError ? (
        <p className={css({ color: 'danger.default', mb: '4' })}>{t('finance_report.loadFailed')}</p>
      ) : !data ? (
        problem === null ? (
          <p className={css({ color: 'fg.muted' })}>{t('finance_report.loading')}</p>
        ) : null
      ) : (
        <div aria-busy={report.isFetching} data-testid="finance-report">
          <Kpis report={data} />
          <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: '3fr 2fr' }, mb: '6' })}>
            <MonthChart report={data} />
            <KindChart report={data} />
          </div>
          <ReportTables report={data} />
          <p className={css({ color: 'fg.muted', fontSize: 'xs', mt: '4' })}>{t('finance_report.note')}</p>
        </div>
      )}
    </div>
  );
}
