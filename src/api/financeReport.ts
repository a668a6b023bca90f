// The finance report (the money issue, "Reports"): GET /finance/report/ for a period and one branch or all the
// user's branches. The workbook goes through DownloadButton (GET /finance/report/excel/).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { financeReport, type FinanceReportParams } from '../../contract/financeReport';
import { api } from './http';

export type { FinanceReport } from '../../contract/financeReport';

export const financeReportKeys = {
  all: ['finance', 'report'] as const,
  period: (params: FinanceReportParams) => ['finance', 'report', params] as const,
};

/** Asked only for a valid period (`enabled`); the previous figures stay while new ones load. */
export function useFinanceReport(params: FinanceReportParams, enabled: boolean) {
  return useQuery({
    queryKey: financeReportKeys.period(params),
    queryFn: () => api.get('/finance/report/', { params, schema: financeReport }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
