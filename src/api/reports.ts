// The admin and education reports (issue 6, "Reports"): GET /reports/admin/ and /reports/edu/ for a period and one
// branch or all the user's branches. Workbooks go through DownloadButton (/reports/admin/excel/, /reports/edu/excel/).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminReport } from '../../contract/adminReport';
import { eduReport } from '../../contract/eduReport';
import type { ReportPeriodParams } from '../../contract/reportPeriod';
import { api } from './http';

export type { AdminReport } from '../../contract/adminReport';
export type { EduReport } from '../../contract/eduReport';

export const reportKeys = {
  admin: (params: ReportPeriodParams) => ['reports', 'admin', params] as const,
  edu: (params: ReportPeriodParams) => ['reports', 'edu', params] as const,
};

/** Asked only for a valid period (`enabled`); the previous figures stay while new ones load. */
export function useAdminReport(params: ReportPeriodParams, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.admin(params),
    queryFn: () => api.get('/reports/admin/', { params, schema: adminReport }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useEduReport(params: ReportPeriodParams, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.edu(params),
    queryFn: () => api.get('/reports/edu/', { params, schema: eduReport }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
