// Lesson calendars on `YYYY-MM-DD` dates. The day arithmetic itself is the centre's calendar module
// (contract/centreDay.ts), shared with the app; this adds what only the server's schedules need.
import { addDays, eachDay, isoWeekday } from '../../contract/centreDay';

export { addDays, isoWeekday };

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/**
 * Every date from `start` to `end` (both included) whose ISO weekday is in `days`, in order. Empty when end is
 * before start.
 */
export function lessonDates(start: string, end: string, days: readonly number[]): string[] {
  const wanted = new Set(days);
  return eachDay(start, end).filter((date) => wanted.has(isoWeekday(date)));
}
