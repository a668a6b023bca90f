import { TIME_ZONE, tashkentInstant, zonedClock } from '../../../../contract/timetracker';

/** "09:12" of an instant on Tashkent's clock; "" for none. */
export function clockValue(at: string | null | undefined): string {
  if (!at) return '';
  const { minutes } = zonedClock(new Date(at), TIME_ZONE);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "09:12", or "—" for none. */
export function clockText(at: string | null | undefined): string {
  return clockValue(at) || '—';
}

/** A time field's "HH:MM" on `day` as an instant with Tashkent's offset; null when empty. */
export function instantOf(day: string, value: string): string | null {
  return /^\d{2}:\d{2}/.test(value) ? tashkentInstant(day, value) : null;
}

/** "09:00–18:00" from the schedule's times, or "—". */
export function scheduleText(start: string | null, end: string | null): string {
  return start ? `${start.slice(0, 5)}–${end ? end.slice(0, 5) : ''}` : '—';
}

/** Today's `YYYY-MM-DD` and `YYYY-MM` on Tashkent's calendar. */
export function tashkentToday(now: Date = new Date()): { day: string; month: string } {
  const { day } = zonedClock(now, TIME_ZONE);
  return { day, month: day.slice(0, 7) };
}
