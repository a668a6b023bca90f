// The teacher's day on the home page: their lessons of today (the server's clock and the centre's date) in order,
// each with its time, group, room and where it stands — not begun (and when it opens), open, marked, cancelled —
// opening its attendance sheet over the page (`/?lesson=<id>`, so the link can be shared and survives a reload).
import { ChevronRight, Clock } from 'lucide-react';
import { useCallback } from 'react';
import { css, cx } from 'styled-system/css';
import { Link, useSearchParams } from 'wouter';
import type { LessonDayState, MyDay } from '../../../contract/lessons';
import { useMyDay } from '../../api/myDay';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { timeRange } from '../../lib/scheduleText';
import { Badge } from '../../ui/Badge';
import { card } from '../../ui/Card';
import { AttendanceSheet } from '../common/attendance/AttendanceSheet';

const TONE: Record<LessonDayState, 'neutral' | 'accent' | 'success' | 'danger'> = {
  not_started: 'neutral',
  open: 'accent',
  marked: 'success',
  cancelled: 'danger',
};

const row = css({
  display: 'grid',
  gridTemplateColumns: { base: 'auto minmax(0, 1fr) auto', md: '7rem minmax(0, 1fr) auto auto' },
  alignItems: 'center',
  gap: '3',
  py: '3',
  px: '2',
  mx: '-2',
  borderRadius: 'control',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
});
const list = css({ '& > li + li': { borderTopWidth: '1px', borderColor: 'border.default' } });

type Lesson = MyDay['lessons'][number];

export function TodayLessons({ showEmpty }: { showEmpty: boolean }) {
  const { t, lang } = useT();
  const day = useMyDay(true);
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('lesson'));
  const close = useCallback(
    () =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.delete('lesson');
        return next;
      }),
    [setParams],
  );
  const lessons = day.data?.lessons ?? [];
  if (!showEmpty && !lessons.length && !open) return null;
  return (
    <section className={cx(card, css({ mt: '5' }))} data-testid="today-lessons" aria-labelledby="today-lessons-title">
      <h2 id="today-lessons-title" className={css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold', mb: '2' })}>
        <Clock size={18} aria-hidden="true" />
        {day.data ? t('shell.home.todayDate', { date: formatDate(day.data.date, lang) }) : t('shell.home.today')}
      </h2>
      {day.isError ? <p className={css({ color: 'danger.default', fontSize: 'sm' })}>{t('shell.home.loadFailed')}</p> : null}
      {day.data && !lessons.length ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('shell.home.noLessons')}</p> : null}
      {lessons.length ? (
        <ul className={list}>
          {lessons.map((l) => (
            <li key={l.id}>
              <LessonLink lesson={l} />
            </li>
          ))}
        </ul>
      ) : null}
      {open > 0 ? <AttendanceSheet key={open} lessonId={open} onClose={close} /> : null}
    </section>
  );
}

function LessonLink({ lesson: l }: { lesson: Lesson }) {
  const { t } = useT();
  return (
    <Link
      href={`/?lesson=${l.id}`}
      className={row}
      data-testid="today-lesson"
      data-lesson-id={l.id}
      data-state={l.state}
      aria-label={`${timeRange(l.start_time, l.end_time)} ${l.group?.name ?? t('shell.home.individual')} · ${t('shell.home.openSheet')}`}
    >
      <span className={css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold', gridRow: { base: 'span 2', md: 'auto' } })}>
        {timeRange(l.start_time, l.end_time)}
      </span>
      <span className={css({ minW: '0' })}>
        <span className={css({ display: 'block', fontWeight: 'medium', overflowWrap: 'anywhere' })}>{l.group?.name ?? t('shell.home.individual')}</span>
        <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>{l.room.name}</span>
      </span>
      <span className={css({ justifySelf: { base: 'start', md: 'end' }, gridColumn: { base: '2', md: 'auto' } })}>
        <Badge tone={TONE[l.state]}>{t(`shell.home.state.${l.state}`, { time: l.start_time })}</Badge>
      </span>
      <ChevronRight size={18} aria-hidden="true" className={css({ color: 'fg.subtle', gridRow: { base: '1 / span 2', md: 'auto' }, gridColumn: { base: '3', md: 'auto' } })} />
    </Link>
  );
}
