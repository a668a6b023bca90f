import { SCHEDULE_VIEWS, type ScheduleView } from '../../../../contract/weekSchedule';
import { intParam, useQueryParams } from '../../common/useQueryParams';
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
  const [params, set] = useQueryParams();
  const view = (SCHEDULE_VIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as ScheduleView) : 'room';
  const layout = (SCHEDULE_LAYOUTS as readonly string[]).includes(params.get('layout') ?? '') ? (params.get('layout') as ScheduleLayout) : 'rooms';
  const query: ScheduleQuery = {
    layout,
    week: mondayOf(params.get('week'), today),
    view,
    row: intParam(params, 'row') ?? null,
    day: params.get('day'),
  };
  // Each change is its own history entry, so Back returns to the previous week, day or view.
  const update = (change: ScheduleQueryChange) => set(change, { push: true });
  return [query, update];
}
