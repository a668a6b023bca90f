// GET /lessons/my-day/: the signed-in teacher's lessons of today with their state, for the home page; refetched
// every minute so a lesson's register shows as open once it begins.
import { useQuery } from '@tanstack/react-query';
import { myDay } from '../../contract/lessons';
import { api } from './http';

export const myDayKey = ['lessons', 'my-day'] as const;
export const MY_DAY_REFRESH_MS = 60_000;

export function useMyDay(enabled: boolean) {
  return useQuery({
    queryKey: myDayKey,
    queryFn: () => api.get('/lessons/my-day/', { schema: myDay }),
    enabled,
    refetchInterval: MY_DAY_REFRESH_MS,
  });
}
