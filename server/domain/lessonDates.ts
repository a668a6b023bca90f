// Calendar arithmetic on YYYY-MM-DD strings, in UTC so no time zone or daylight-saving change can shift a day.
import { isoWeekday } from '../../contract/schedule';

const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new RangeError(`Not a date: ${date}`);
  return ms;
}

const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export { isoWeekday } from '../../contract/schedule';

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

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
  const out: string[] = [];
  const last = toUtc(end);
  for (let ms = toUtc(start); ms <= last; ms += DAY_MS) {
    const date = fromUtc(ms);
    if (wanted.has(new Date(ms).getUTCDay() || 7)) out.push(date);
  }
  return out;
}

/** Today's date in the given IANA time zone (the centre's), as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
