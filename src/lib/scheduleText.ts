// How a group's schedule reads in the app: weekdays and a time range.
import { hhmm } from '../../contract/schedule';
import type { Translate } from '../i18n';

/** "14:00:00", "15:30" → "14:00–15:30". */
export function timeRange(start: string, end: string): string {
  return `${hhmm(start)}–${hhmm(end)}`;
}

/** [1, 3, 5] → "Du, Ch, Ju" (edu.weekdaysShort, Monday first). */
export function daysText(days: readonly number[], t: Translate): string {
  return [...days]
    .sort((a, b) => a - b)
    .map((d) => t(`edu.weekdaysShort.${d}`))
    .join(', ');
}
