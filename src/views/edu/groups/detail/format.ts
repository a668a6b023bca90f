// Small display rules of the group page.
import type { Translate } from '../../../../i18n';

/** "Du, Ch, Ju" from ISO weekdays (1 = Monday), in the interface language. */
export function daysLabel(days: readonly number[], t: Translate): string {
  return days.map((d) => t(`edu.weekdaysShort.${d}`)).join(', ');
}

/** "14:00–15:30"; the server's "HH:MM:SS" is cut to minutes. */
export function timeRange(start: string, end: string): string {
  return `${start.slice(0, 5)}–${end.slice(0, 5)}`;
}

/** ISO weekday (1 = Monday .. 7 = Sunday) of a `YYYY-MM-DD` date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

type Counts = { present: number; late: number; excused: number; absent: number };

/** Share of marked lessons attended (present or late), in whole percent; null before anything is marked. */
export function attendanceRate(c: Counts): number | null {
  const marked = c.present + c.late + c.excused + c.absent;
  return marked === 0 ? null : Math.round(((c.present + c.late) * 100) / marked);
}
