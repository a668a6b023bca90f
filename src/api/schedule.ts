// The week schedule of spec section 7 ("Groups") for /edu/schedule: one branch, one week, by room or by teacher.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { weekSchedule, type ScheduleView } from '../../contract/weekSchedule';
import { api } from './http';

export const scheduleKeys = {
  all: ['schedule'] as const,
  week: (filial: number | null, start: string, view: ScheduleView) => ['schedule', 'week', { filial, start, view }] as const,
};

/** GET /schedule/week?filial&start_date=<Monday>&view=room|teacher */
export function useWeekSchedule(filial: number | null, start: string, view: ScheduleView) {
  return useQuery({
    queryKey: scheduleKeys.week(filial, start, view),
    queryFn: () => api.get('/schedule/week', { params: { filial, start_date: start, view }, schema: weekSchedule }),
    enabled: filial !== null,
    // The old week stays on screen while the next one loads, so the grid does not flash empty.
    placeholderData: keepPreviousData,
  });
}
