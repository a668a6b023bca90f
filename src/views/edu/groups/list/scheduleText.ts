import type { Clash } from '../../../../../contract/groups';
import type { Translate } from '../../../../i18n';
import { formatDate } from '../../../../lib/dates';
import type { Lang } from '../../../../i18n/language';

/** "14:00:00" or "14:00" → "14:00". */
export const hhmm = (time: string) => time.slice(0, 5);

/** [1, 3, 5] → "Du, Ch, Ju" (edu.weekdaysShort, Monday first). */
export function daysText(days: readonly number[], t: Translate): string {
  return [...days]
    .sort((a, b) => a - b)
    .map((d) => t(`edu.weekdaysShort.${d}`))
    .join(', ');
}

export function timeRange(start: string, end: string): string {
  return `${hhmm(start)}–${hhmm(end)}`;
}

/** The values of a clash message: «group» days start–end, or a one-off lesson's date. */
export function clashValues(clash: Clash, t: Translate, lang: Lang) {
  return {
    group: clash.group?.name ?? '',
    days: daysText(clash.days, t),
    start: hhmm(clash.start_time),
    end: hhmm(clash.end_time),
    date: clash.lesson ? formatDate(clash.lesson.date, lang) : '',
  };
}

/** "Xona band: «IELTS 5» guruhi Du, Ch 14:00–15:30" (or the one-off lesson variant). */
export function clashText(clash: Clash, t: Translate, lang: Lang): string {
  const oneOff = clash.lesson !== undefined || clash.group === null;
  const key = `groups.clash.${clash.kind}${oneOff ? 'Lesson' : ''}`;
  return t(key, clashValues(clash, t, lang));
}
