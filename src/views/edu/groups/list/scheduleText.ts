import type { Clash } from '../../../../../contract/groups';
import { hhmm } from '../../../../../contract/schedule';
import { daysText } from '../../../../lib/scheduleText';
import type { Translate } from '../../../../i18n';
import { formatDate } from '../../../../lib/dates';
import type { Lang } from '../../../../i18n/language';

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
  // Neither group nor lesson: the teacher is busy in a branch the user cannot see (the server names neither).
  if (clash.group === null && clash.lesson === undefined) return t('groups.clash.teacherElsewhere', clashValues(clash, t, lang));
  const oneOff = clash.lesson !== undefined || clash.group === null;
  const key = `groups.clash.${clash.kind}${oneOff ? 'Lesson' : ''}`;
  return t(key, clashValues(clash, t, lang));
}
