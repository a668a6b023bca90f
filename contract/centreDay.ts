// The centre's calendar, shared by the server and the app: "today" is the date in the centre's time zone (Tashkent),
// never the server's or the browser's, and day arithmetic is on `YYYY-MM-DD` dates. date-fns does the arithmetic;
// @date-fns/tz reads an instant on the centre's wall clock. Every function takes the instant it reasons about (the
// server's Clock, or the browser's now by default); none on the server reads the real time itself.
import { TZDate } from '@date-fns/tz';
import {
  addDays as addDaysTo,
  addMonths as addMonthsTo,
  differenceInCalendarDays,
  eachDayOfInterval,
  endOfMonth,
  format,
  formatISO,
  getISODay,
  startOfMonth,
} from 'date-fns';

export const CENTRE_TIME_ZONE = 'Asia/Tashkent';
/** Tashkent keeps UTC+5 all year (no daylight saving since 1992), so a wall-clock time has one fixed offset. */
export const CENTRE_UTC_OFFSET = '+05:00';

const DAY = 'yyyy-MM-dd';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as a calendar day (midnight of the process's zone; only its date parts are ever read), or null. */
function readDay(day: string): Date | null {
  const m = DAY_PATTERN.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  return date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d ? date : null;
}

function dayOf(day: string): Date {
  const date = readDay(day);
  if (date === null) throw new RangeError(`Not a date: ${day}`);
  return date;
}

const written = (date: Date) => formatISO(date, { representation: 'date' });

/** Whether `day` is a real calendar date written `YYYY-MM-DD`. */
export function isDay(day: string): boolean {
  return readDay(day) !== null;
}

/** The centre's wall clock at `now`: its date `YYYY-MM-DD` and time of day `HH:MM:SS`. */
export function centreWallClock(now: Date): { date: string; time: string } {
  const there = new TZDate(now.getTime(), CENTRE_TIME_ZONE);
  return { date: format(there, DAY), time: format(there, 'HH:mm:ss') };
}

/** Today in the centre as `YYYY-MM-DD`. */
export function centreToday(now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), CENTRE_TIME_ZONE), DAY);
}

/** Minutes since midnight on the centre's clock at `at` (a time of day shown or compared in the centre). */
export function centreMinutes(at: Date): number {
  const there = new TZDate(at.getTime(), CENTRE_TIME_ZONE);
  return there.getHours() * 60 + there.getMinutes();
}

/** `HH:MM` on the centre's clock at `at`. */
export function centreTimeOfDay(at: Date): string {
  return format(new TZDate(at.getTime(), CENTRE_TIME_ZONE), 'HH:mm');
}

/** `day` plus `n` calendar days (negative to go back). */
export function addDays(day: string, n: number): string {
  return written(addDaysTo(dayOf(day), n));
}

/** `day` plus `n` months, the day clamped to the month's end (31 January + 1 month is 28 or 29 February). */
export function addMonths(day: string, n: number): string {
  return written(addMonthsTo(dayOf(day), n));
}

/** Days from `start` to `end`, both included ("2026-01-01".."2026-01-31" → 31). */
export function daysInclusive(start: string, end: string): number {
  return differenceInCalendarDays(dayOf(end), dayOf(start)) + 1;
}

/** The ISO weekday of `day`: 1 Monday … 7 Sunday. */
export function isoWeekday(day: string): number {
  return getISODay(dayOf(day));
}

/** The first day of the month of `day`. */
export function firstOfMonth(day: string): string {
  return written(startOfMonth(dayOf(day)));
}

/** The last day of the month of `day`. */
export function lastOfMonth(day: string): string {
  return written(endOfMonth(dayOf(day)));
}

/** Every day from `start` to `end`, both included; empty when `end` is before `start`. */
export function eachDay(start: string, end: string): string[] {
  if (end < start) return [];
  return eachDayOfInterval({ start: dayOf(start), end: dayOf(end) }).map(written);
}

/** The instant a wall-clock time (`HH:MM` or `HH:MM:SS`) on `day` happens in the centre, ISO 8601 with offset. */
export function centreInstant(day: string, time: string): string {
  return `${day}T${time.slice(0, 5)}:00${CENTRE_UTC_OFFSET}`;
}
