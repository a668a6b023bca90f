// Time tracking (issue 6): the branch's day grid, monthly statistics, one employee's records, and corrections
// with a reason; parsed with the contract.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { bulkResult, fixedRow, statisticsRow, timeRecord, type BulkBody, type RecordCorrection } from '../../contract/timetracker';
import { api } from './http';
import { queryClient } from './queryClient';

export const timeKeys = {
  all: ['timetracker'] as const,
  fixed: (filial: number | null, day: string) => ['timetracker', 'fixed', filial, day] as const,
  stats: (filial: number | null, month: string) => ['timetracker', 'stats', filial, month] as const,
  timeline: (filial: number | null, employee: number, start: string, end: string) => ['timetracker', 'timeline', filial, employee, start, end] as const,
};

/** GET /timetracker/all/fixed/?filial&day: every employee of the branch with the record of the day. */
export function useFixedDay(filial: number | null, day: string) {
  return useQuery({
    queryKey: timeKeys.fixed(filial, day),
    queryFn: () => api.get('/timetracker/all/fixed/', { params: { filial, day }, schema: z.array(fixedRow) }),
    enabled: filial !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /timetracker/statistics/?filial&month */
export function useTimeStatistics(filial: number | null, month: string) {
  return useQuery({
    queryKey: timeKeys.stats(filial, month),
    queryFn: () => api.get('/timetracker/statistics/', { params: { filial, month }, schema: z.array(statisticsRow) }),
    enabled: filial !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /timetracker/timeline/?filial&employee&start_date&end_date */
export function useTimeline(filial: number | null, employee: number, start: string, end: string) {
  return useQuery({
    queryKey: timeKeys.timeline(filial, employee, start, end),
    queryFn: () => api.get('/timetracker/timeline/', { params: { filial, employee, start_date: start, end_date: end }, schema: z.array(timeRecord) }),
    placeholderData: keepPreviousData,
  });
}

async function refresh() {
  await queryClient.invalidateQueries({ queryKey: timeKeys.all });
}

/** PUT /timetracker/{id}/: correct a record with a reason. */
export async function correctRecord(id: number, body: RecordCorrection) {
  const saved = await api.put(`/timetracker/${id}/`, body, { schema: timeRecord });
  await refresh();
  return saved;
}

/** POST /timetracker/timeline/bulk: record arrivals and departures (a missing day's record is created). */
export async function bulkRecords(body: BulkBody) {
  const saved = await api.post('/timetracker/timeline/bulk', body, { schema: bulkResult });
  await refresh();
  return saved;
}
