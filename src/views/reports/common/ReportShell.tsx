// What every report page shares around its figures: the header with the workbook button, the period and branch
// filters (kept in the URL query), the loading and failure lines, and the KPI cards. Texts come from the page's
// namespace (`ns`: from, to, branch, allBranches, export, loading, loadFailed).
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { ReportPeriodParams } from '../../../../contract/reportPeriod';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { connectBranch } from '../../../machines/branch';
import { Card } from '../../../ui/Card';
import { DateField } from '../../../ui/DateField';
import { PageHeader } from '../../../ui/PageHeader';
import { Select } from '../../../ui/Select';
import { DownloadButton } from '../../common/DownloadButton';
import { useQueryParams } from '../../common/useQueryParams';
import { periodFromQuery, periodProblem, reportParams, type ReportPeriod } from './reportPeriod';

/** The page's period, its problem (an i18n key or null) and the request parameters, from the URL query. */
export function useReportPeriod(): { period: ReportPeriod; problem: string | null; request: ReportPeriodParams; setParams: ReturnType<typeof useQueryParams>[1] } {
  const [params, setParams] = useQueryParams();
  const period = periodFromQuery(params);
  return { period, problem: periodProblem(period), request: reportParams(period), setParams };
}

type ShellProps = {
  ns: string;
  title: string;
  subtitle: string;
  excelUrl: string;
  fileName: string;
  query: { isError: boolean; isFetching: boolean; hasData: boolean };
  testId: string;
  children: ReactNode;
};

export function ReportShell({ ns, title, subtitle, excelUrl, fileName, query, testId, children }: ShellProps) {
  const { t } = useT();
  const { branch } = useActors();
  const branches = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const { period, problem, request, setParams } = useReportPeriod();
  return (
    <div>
      <PageHeader
        title={title}
        actions={
          problem === null ? (
            <DownloadButton url={excelUrl} params={request} fileName={`${fileName}-${period.start_date}-${period.end_date}.xlsx`} label={t(`${ns}.export`)} data-testid="report-export" />
          ) : null
        }
        subtitle={subtitle}
      />
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 200px))' }, mb: '4', alignItems: 'end' })}>
        <DateField label={t(`${ns}.from`)} name="start_date" alwaysSet value={period.start_date} onChange={(day) => setParams({ start_date: day })} />
        <DateField
          label={t(`${ns}.to`)}
          name="end_date"
          alwaysSet
          value={period.end_date}
          error={problem ? t(problem) : null}
          onChange={(day) => setParams({ end_date: day })}
        />
        {branches.length > 1 ? (
          <Select
            label={t(`${ns}.branch`)}
            name="filial"
            placeholder={t(`${ns}.allBranches`)}
            value={period.filial ?? ''}
            options={branches.map((b) => ({ value: b.id, label: b.name }))}
            onChange={(e) => setParams({ filial: e.target.value })}
          />
        ) : null}
      </div>
      {query.isError ? (
        <p className={css({ color: 'danger.default', mb: '4' })}>{t(`${ns}.loadFailed`)}</p>
      ) : !query.hasData ? (
        problem === null ? <p className={css({ color: 'fg.muted' })}>{t(`${ns}.loading`)}</p> : null
      ) : (
        <div aria-busy={query.isFetching} data-testid={testId}>
          {children}
        </div>
      )}
    </div>
  );
}

export const kpiGrid = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }, mb: '4' });

export function Kpi({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: string; testId: string }) {
  return (
    <Card className={css({ p: { base: '3', md: '4' } })} data-testid={testId}>
      <div className={css({ color: 'fg.muted', fontSize: 'sm' })}>{label}</div>
      <div className={css({ fontSize: { base: 'lg', md: '2xl' }, fontWeight: 'semibold', mt: '1', overflowWrap: 'anywhere' })}>{value}</div>
      {hint ? <div className={css({ color: 'fg.muted', fontSize: 'xs', mt: '1' })}>{hint}</div> : null}
    </Card>
  );
}

export const chartTitle = css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' });
export const chartEmpty = css({ h: '240px', display: 'grid', placeItems: 'center', color: 'fg.muted' });
export const sectionTitle = css({ fontSize: 'md', fontWeight: 'semibold', mb: '2' });
export const twoColumns = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' }, mb: '6' });

/** A rate in percent with one decimal for the reader ('—' when there is none). */
export const formatPercent = (value: number | null, lang: string) => (value === null ? '—' : `${value.toLocaleString(lang === 'uz' ? 'uz-UZ' : lang === 'ru' ? 'ru-RU' : 'en-GB', { maximumFractionDigits: 1 })}%`);
