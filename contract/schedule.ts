// Group schedules (spec sections 3, 5 and 9), shared by the app and the server.

export const FIRST_SLOT = '09:00';
export const LAST_SLOT = '23:30';
export const SLOT_MINUTES = 30;

/** Days of the week, Monday first (spec section 9). Numbered 1..7 where numbers are used (1 = Monday). */
export const WEEK_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** "HH:MM"; PostgreSQL's "HH:MM:SS" is accepted too (seconds ignored). */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** PostgreSQL `time` answers `HH:MM:SS`; the API and the app speak `HH:MM`. */
export function hhmm(time: string): string {
  return time.slice(0, 5);
}

/** ISO weekday (1 = Monday .. 7 = Sunday) of a `YYYY-MM-DD` date. */
export { isoWeekday } from './centreDay';

/** "09:30" → 570. */
export function minutesOfDay(time: string): number {
  if (!TIME_PATTERN.test(time)) throw new RangeError(`Not a time of day: ${time}`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 09:00, 09:30, … 23:30: the choices for a group's start and end time. */
export function timeSlots(): string[] {
  const slots: string[] = [];
  for (let m = minutesOfDay(FIRST_SLOT); m <= minutesOfDay(LAST_SLOT); m += SLOT_MINUTES) slots.push(timeOfMinutes(m));
  return slots;
}

export const TIME_SLOTS: readonly string[] = Object.freeze(timeSlots());

export type ScheduleLike = { days: readonly (string | number)[]; start_time: string; end_time: string };

/**
 * Spec section 5: two schedules conflict only if they share at least one day and each one's end is after the
 * other's start, so 09:00-10:00 and 10:00-11:00 do not conflict. Days compare as given (names or numbers, but
 * the two schedules must use the same kind); names ignore case.
 */
export function schedulesConflict(a: ScheduleLike, b: ScheduleLike): boolean {
  const key = (d: string | number) => (typeof d === 'string' ? d.toLowerCase() : d);
  const daysOfA = new Set(a.days.map(key));
  if (!b.days.some((d) => daysOfA.has(key(d)))) return false;
  const [aStart, aEnd, bStart, bEnd] = [a.start_time, a.end_time, b.start_time, b.end_time].map(minutesOfDay);
  return aEnd > bStart && bEnd > aStart;
}

/** `2026-11-24` → `24.11.2026`, the centre's way of writing a day in messages (both languages). */
export function dayText(isoDay: string): string {
  const [y, m, d] = isoDay.split('-');
  return d && m && y ? `${d}.${m}.${y}` : isoDay;
}
