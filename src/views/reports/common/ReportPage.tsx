// The page of a period report (admin, education): its shell (period, branch, export), then the figures, the
// charts, the tables and the note, once the report has come. Each report says only what it shows.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { ReportPeriodParams } from '../../../../contract/reportPeriod';
import { useT } from '../../../i18n';
import { kpiGrid, ReportShell, twoColumns, useReportPeriod } from './ReportShell';

type Props<T> = {
  /** The report's namespace: its title, subtitle and note are `${ns}.title`, `${ns}.subtitle`, `${ns}.note`. */
  ns: 'admin_report' | 'edu_report';
  excelUrl: string;
  fileName: string;
  testId: string;
  useReport: (params: ReportPeriodParams, enabled: boolean) => UseQueryResult<T>;
  kpis: (data: T) => ReactNode;
  /** The two charts side by side, then any below them. */
  charts: (data: T) => [ReactNode, ReactNode, ReactNode?];
  tables: (data: T) => ReactNode;
};

export function ReportPage<T>({ ns, excelUrl, fileName, testId, useReport, kpis, charts, tables }: Props<T>) {
  const { t } = useT();
  const { problem, request } = useReportPeriod();
  const report = useReport(request, problem === null);
  const data = report.data;
  const [left, right, below] = data ? charts(data) : [];
  return (
    <ReportShell
      ns={ns}
      title={t(`${ns}.title`)}
      subtitle={t(`${ns}.subtitle`)}
      excelUrl={excelUrl}
      fileName={fileName}
      query={{ isError: report.isError, isFetching: report.isFetching, hasData: Boolean(data) }}
      testId={testId}
    >
      {data ? (
        <>
          <div className={kpiGrid}>{kpis(data)}</div>
          <div className={twoColumns}>
            {left}
            {right}
          </div>
          {below ? <div className={css({ mb: '6' })}>{below}</div> : null}
          {tables(data)}
          <p className={css({ color: 'fg.muted', fontSize: 'xs', mt: '4' })}>{t(`${ns}.note`)}</p>
        </>
      ) : null}
    </ReportShell>
  );
}
