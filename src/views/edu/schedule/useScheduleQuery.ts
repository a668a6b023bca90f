import { useSearchParams } from 'wouter';
import { SCHEDULE_VIEWS, type ScheduleView } from '../../../../contract/weekSchedule';
import { mondayOf } from './layout';

/** `rooms`: one day, a row per room (or teacher), time across; `calendar`: the week, days across, time down. */
export const SCHEDULE_LAYOUTS = ['rooms', 'calendar'] as const;
export type ScheduleLayout = (typeof SCHEDULE_LAYOUTS)[number];

export type ScheduleQuery = {
  layout: ScheduleLayout;
  /** Monday of the shown week. */
  week: string;
  view: ScheduleView;
  /** One room or teacher (by the view), or every row. */
  row: number | null;
  /** The day the rooms layout (and the calendar on a phone) shows, `YYYY-MM-DD`, when chosen. */
  day: string | null;
};

/** A change to the query; null removes a key (its default applies). */
export type ScheduleQueryChange = { [K in keyof ScheduleQuery]?: ScheduleQuery[K] | null };

/**
 * The page's state lives in the URL query (`layout`, `week`, `view`, `row`, `day`), so a link shows a colleague the
 * same. Defaults (rooms layout, this week, by room) are left out of the URL.
 */
export function useScheduleQuery(today: Date): [ScheduleQuery, (change: ScheduleQueryChange) => void] {
  const [params, setParams] = useSearchParams();
  const view = (SCHEDULE_VIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as ScheduleView) : 'room';
  const row = Number(params.get('row'));
  const layout = (SCHEDULE_LAYOUTS as readonly string[]).includes(params.get('layout') ?? '') ? (params.get('layout') as ScheduleLayout) : 'rooms';
  const query: ScheduleQuery = {
    layout,
    week: mondayOf(params.get('week'), today),
    view,
    row: Number.isInteger(row) && row > 0 ? row : null,
    day: params.get('day'),
  };
  const update = (change: ScheduleQueryChange) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(change)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    });
  return [query, update];
}
