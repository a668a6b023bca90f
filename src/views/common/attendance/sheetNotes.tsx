// The attendance sheet's notes: when a register that has not opened yet opens, and the history of its saves
// (markings on the lesson's day, corrections after it). Times are the centre's (Tashkent), whatever the browser's.
import { History } from 'lucide-react';
import { css } from 'styled-system/css';
import { centreWallClock } from '../../../../contract/lessonClock';
import type { AttendanceChange, LessonDetail } from '../../../../contract/lessons';
import { useT, type Lang, type Translate } from '../../../i18n/index';
import { formatDate } from '../../../lib/dates';

/** "Davomat 16:00 da ochiladi", with the day when the lesson is not today. */
export function opensText(lesson: Pick<LessonDetail, 'date' | 'start_time'>, t: Translate, lang: Lang, now: Date = new Date()): string {
  return lesson.date === centreWallClock(now).date
    ? t('group_detail.sheet.opensToday', { time: lesson.start_time })
    : t('group_detail.sheet.opensOn', { time: lesson.start_time, date: formatDate(lesson.date, lang) });
}

/** An instant as the centre's date and time in the interface language. */
export function centreDateTime(iso: string, lang: Lang): string {
  const { date, time } = centreWallClock(new Date(iso));
  return `${formatDate(date, lang)} ${time.slice(0, 5)}`;
}

/** The register's latest saves (the lesson answers HISTORY_SHOWN of them), and how many earlier ones are not shown. */
export function SheetHistory({ history, total }: { history: AttendanceChange[]; total: number }) {
  const { t, lang } = useT();
  return (
    <section data-testid="sheet-history" aria-label={t('group_detail.sheet.history')} className={css({ mt: '3', fontSize: 'xs', color: 'fg.muted' })}>
      <h3 className={css({ display: 'flex', alignItems: 'center', gap: '1', fontWeight: 'semibold', mb: '1' })}>
        <History size={14} aria-hidden="true" />
        {t('group_detail.sheet.history')}
      </h3>
      <ul className={css({ display: 'grid', gap: '0.5' })}>
        {total > history.length ? <li data-testid="sheet-history-earlier">{t('group_detail.sheet.historyEarlier', { count: total - history.length })}</li> : null}
        {history.map((h, i) => (
          <li key={i} data-kind={h.kind} className={h.kind === 'correct' ? css({ color: 'fg.default', fontWeight: 'medium' }) : undefined}>
            {t(h.kind === 'correct' ? 'group_detail.sheet.historyCorrect' : 'group_detail.sheet.historyMark', {
              name: h.by?.full_name ?? t('group_detail.sheet.someone'),
              when: centreDateTime(h.at, lang),
              count: h.students,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
