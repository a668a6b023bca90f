// Monitoring (issue 6): GET /monitoring/today/ (the branch's day, refetched every minute while the page is open)
// and GET /monitoring/dropouts/ (the early-warning list, one page), parsed with the contract.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dropoutsPage, monitoringToday } from '../../contract/monitoring';
import { api } from './http';

export type { DropoutRow, DropoutsPage, FreeRoom, LateTeacher, MonitorLesson, MonitoringToday } from '../../contract/monitoring';

/** The page's live refresh: lessons start, attendance gets marked, teachers arrive. */
export const MONITORING_REFRESH_MS = 60_000;

export const monitoringKeys = {
  all: ['monitoring'] as const,
  today: (filial: number | null) => ['monitoring', 'today', filial] as const,
  dropouts: (filial: number | null, page: number) => ['monitoring', 'dropouts', filial, page] as const,
};

export function useMonitoringToday(filial: number | null) {
  return useQuery({
    queryKey: monitoringKeys.today(filial),
    queryFn: () => api.get('/monitoring/today/', { params: { filial }, schema: monitoringToday }),
    enabled: filial !== null,
    placeholderData: keepPreviousData,
    refetchInterval: MONITORING_REFRESH_MS,
  });
}

export function useDropouts(filial: number | null, page: number) {
  return useQuery({
    queryKey: monitoringKeys.dropouts(filial, page),
    queryFn: () => api.get('/monitoring/dropouts/', { params: { filial, page }, schema: dropoutsPage }),
    enabled: filial !== null,
    placeholderData: keepPreviousData,
    refetchInterval: MONITORING_REFRESH_MS,
  });
}
