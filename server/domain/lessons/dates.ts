// "Today" for the education area is the date in the centre's time zone (Tashkent), not the server's: a lesson
// at 09:00 local time is today's from midnight there. Every function takes the instant it reasons about (a
// Clock's now(), server/domain/core/clock.ts); none reads the real time itself. Lesson calendars work on
// `YYYY-MM-DD` dates; the day arithmetic itself is the centre's calendar module (contract/centreDay.ts), shared
// with the app, and this adds what only the server's schedules need.
import { addDays, eachDay, isoWeekday } from '../../../contract/centreDay';

export { CENTRE_TIME_ZONE, centreToday, centreWallClock } from '../../../contract/centreDay';
export { dayText, hhmm } from '../../../contract/schedule';
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
