// Days as integers (days since 1970-01-01, UTC) so the generator compares and steps dates without parsing.
const DAY_MS = 86_400_000;

export const dayOf = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

const cache = new Map<number, string>();
export function dateOf(day: number): string {
  let s = cache.get(day);
  if (s === undefined) {
    s = new Date(day * DAY_MS).toISOString().slice(0, 10);
    cache.set(day, s);
  }
  return s;
}

/** ISO weekday, 1 = Monday .. 7 = Sunday (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number): number => ((day + 3) % 7) + 1;

export const mondayOn = (day: number): number => day - (weekdayOf(day) - 1);

/** Year and month as one number (2026 * 12 + month index), for grouping a month's lessons. */
export function monthOf(day: number): number {
  const d = new Date(day * DAY_MS);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** The first day of the month `months` after the month of `day`. */
export function monthStart(day: number, months = 0): number {
  const d = new Date(day * DAY_MS);
  return Math.round(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1) / DAY_MS);
}

/** A timestamp in Tashkent (UTC+5, no daylight saving) on `day` at `minutes` after midnight. */
export function stamp(day: number, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.floor(minutes % 60);
  return `${dateOf(day)} ${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00+05`;
}
