import { addMonths, endOfMonth, format, parseISO } from 'date-fns';
import { CalendarClock, ChevronLeft, ChevronRight, Plus, XCircle } from 'lucide-react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import type { Group } from '../../../../../contract/groups';
import { ATTENDANCE_STATUSES, type LessonItem } from '../../../../../contract/lessons';
import { useGroupLessons, useRefreshGroup } from '../../../../api/groupDetail';
import { useActors } from '../../../../app/hooks';
import { useT } from '../../../../i18n';
import { formatDate, monthName, toIsoDay } from '../../../../lib/dates';
import { Badge } from '../../../../ui/Badge';
import { Button } from '../../../../ui/Button';
import { ATTENDANCE_TONE, attendanceIcon } from '../../../common/attendance/attendanceIcons';
import { CancelLessonDialog } from './CancelLessonDialog';
import { ExtraLessonDialog } from './ExtraLessonDialog';
import { isoWeekday } from '../../../../../contract/schedule';
import { timeRange } from '../../../../lib/scheduleText';
import { MoveLessonDialog } from './MoveLessonDialog';

const item = css({
  display: 'grid',
  gridTemplateColumns: '3.5rem minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2.5',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _last: { borderBottomWidth: '0' },
});
const dateBox = css({ textAlign: 'center', lineHeight: '1.1' });
const iconButton = css({
  display: 'inline-grid',
  placeItems: 'center',
  w: '9',
  h: '9',
  borderRadius: 'control',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
});
const counts = css({ display: 'flex', gap: '1', flexWrap: 'wrap', justifyContent: 'flex-end', fontVariantNumeric: 'tabular-nums' });

/** `YYYY-MM` → the first and last day of that month. */
export function monthRange(month: string): { start: string; end: string } {
  const first = parseISO(`${month}-01`);
  return { start: toIsoDay(first), end: toIsoDay(endOfMonth(first)) };
}

export function shiftMonth(month: string, by: number): string {
  return format(addMonths(parseISO(`${month}-01`), by), 'yyyy-MM');
}

type Props = {
  group: Group;
  month: string;
  onMonth: (month: string) => void;
  onOpenLesson: (lessonId: number) => void;
  /** Office staff may cancel, move and add lessons; teachers and assistants only mark attendance. */
  canChange: boolean;
};

type Change = { kind: 'cancel' | 'move'; lesson: LessonItem } | { kind: 'extra' } | null;

/** The group's lessons month by month; a click opens the attendance sheet. */
export function LessonsTab({ group, month, onMonth, onOpenLesson, canChange }: Props) {
  const { t, lang } = useT();
  const { start, end } = monthRange(month);
  const lessons = useGroupLessons(group.id, start, end);
  const refresh = useRefreshGroup();
  const { toast } = useActors();
  const [change, setChange] = useState<Change>(null);
  const done = (message: string) => () => {
    setChange(null);
    toast.send({ type: 'toast.show', severity: 'success', message });
    void refresh();
  };
  const monthIndex = Number(month.slice(5, 7)) - 1;
  const label = `${monthName(monthIndex, lang)} ${month.slice(0, 4)}`;
  const list = lessons.data ?? [];

  return (
    <div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '3' })}>
        <div className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('group_detail.lessons.prevMonth')}
            title={t('group_detail.lessons.prevMonth')}
            onClick={() => onMonth(shiftMonth(month, -1))}
          >
            <ChevronLeft size={18} />
          </Button>
          <h2
            className={css({ minW: '40', textAlign: 'center', fontWeight: 'semibold', textTransform: 'capitalize' })}
            data-testid="lessons-month"
            data-month={month}
          >
            {label}
          </h2>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('group_detail.lessons.nextMonth')}
            title={t('group_detail.lessons.nextMonth')}
            onClick={() => onMonth(shiftMonth(month, 1))}
          >
            <ChevronRight size={18} />
          </Button>
        </div>
        {canChange ? (
          <Button variant="outline" onClick={() => setChange({ kind: 'extra' })}>
            <Plus size={16} />
            {t('group_detail.extra.open')}
          </Button>
        ) : null}
      </div>

      <div
        className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card' })}
        aria-busy={lessons.isFetching || undefined}
      >
        {lessons.isPending ? <p className={css({ p: '6', textAlign: 'center', color: 'fg.muted' })}>{t('edu.list.loading')}</p> : null}
        {lessons.isError ? (
          <div className={css({ p: '6', textAlign: 'center' })} role="alert">
            <p>{t('group_detail.failedLoad')}</p>
            <Button variant="outline" className={css({ mt: '3' })} onClick={() => void lessons.refetch()}>
              {t('common.actions.retry')}
            </Button>
          </div>
        ) : null}
        {lessons.isSuccess && list.length === 0 ? (
          <p className={css({ p: '6', textAlign: 'center', color: 'fg.muted' })}>{t('group_detail.lessons.empty')}</p>
        ) : null}
        <ul aria-label={label}>
          {list.map((lesson) => (
            <LessonRow
              key={lesson.id}
              lesson={lesson}
              canChange={canChange}
              onOpen={() => onOpenLesson(lesson.id)}
              onCancel={() => setChange({ kind: 'cancel', lesson })}
              onMove={() => setChange({ kind: 'move', lesson })}
            />
          ))}
        </ul>
      </div>

      {change?.kind === 'cancel' ? (
        <CancelLessonDialog lesson={change.lesson} onClose={() => setChange(null)} onDone={done('group_detail.cancel.done')} />
      ) : null}
      {change?.kind === 'move' ? (
        <MoveLessonDialog lesson={change.lesson} onClose={() => setChange(null)} onDone={done('group_detail.move.lessonDone')} />
      ) : null}
      {change?.kind === 'extra' ? (
        <ExtraLessonDialog group={group} onClose={() => setChange(null)} onDone={done('group_detail.extra.done')} />
      ) : null}
    </div>
  );
}

const STATUS_TONE = { planned: 'neutral', held: 'success', cancelled: 'danger' } as const;

type RowProps = { lesson: LessonItem; canChange: boolean; onOpen: () => void; onCancel: () => void; onMove: () => void };

function LessonRow({ lesson, canChange, onOpen, onCancel, onMove }: RowProps) {
  const { t, lang } = useT();
  const weekday = isoWeekday(lesson.date);
  const a = lesson.attendance;
  const marked = a.present + a.late + a.excused + a.absent;
  const stop = (action: () => void) => (e: React.MouseEvent) => {
    e.stopPropagation();
    action();
  };
  return (
    <li
      className={item}
      data-testid="lesson-row"
      data-lesson-id={lesson.id}
      data-date={lesson.date}
      data-status={lesson.status}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          onOpen();
        }
      }}
      tabIndex={0}
      aria-label={t('group_detail.lessons.open', { date: formatDate(lesson.date, lang), day: t(`edu.weekdays.${weekday}`) })}
    >
      <div className={dateBox}>
        <div className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>{lesson.date.slice(8, 10)}</div>
        <div className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t(`edu.weekdaysShort.${weekday}`)}</div>
      </div>
      <div className={css({ minW: '0' })}>
        <div
          className={cx(
            css({ fontWeight: 'medium', fontVariantNumeric: 'tabular-nums' }),
            lesson.status === 'cancelled' ? css({ textDecoration: 'line-through', color: 'fg.muted' }) : undefined,
          )}
        >
          {timeRange(lesson.start_time, lesson.end_time)}
          <span className={css({ color: 'fg.muted', fontWeight: 'normal', ms: '2' })}>{lesson.room.name}</span>
        </div>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', mt: '1' })}>
          <Badge tone={STATUS_TONE[lesson.status]}>{t(`group_detail.lessonStatus.${lesson.status}`)}</Badge>
          {lesson.kind === 'extra' ? <Badge tone="accent">{t('group_detail.lessons.extra')}</Badge> : null}
          {lesson.moved_from_date ? (
            <Badge tone="info">{t('group_detail.lessons.movedFrom', { date: formatDate(lesson.moved_from_date, lang) })}</Badge>
          ) : null}
        </div>
        {lesson.reason ? (
          <div className={css({ fontSize: 'xs', color: 'fg.muted', mt: '1', overflowWrap: 'anywhere' })}>{lesson.reason}</div>
        ) : null}
      </div>
      <div
        className={css({
          display: 'flex',
          flexDirection: { base: 'column', md: 'row' },
          alignItems: { base: 'flex-end', md: 'center' },
          gap: '2',
        })}
      >
        <div className={counts} aria-label={t('group_detail.lessons.counts', a)} title={t('group_detail.lessons.counts', a)}>
          {marked === 0 ? (
            <span className={css({ fontSize: 'xs', color: 'fg.subtle' })}>
              {lesson.status === 'cancelled' ? '' : t('group_detail.lessons.notMarked')}
            </span>
          ) : (
            ATTENDANCE_STATUSES.filter((s) => s === 'present' || s === 'absent' || a[s] > 0).map((s) => (
                <Badge key={s} tone={ATTENDANCE_TONE[s]}>
                  {attendanceIcon(s, 12)} {a[s]}
                </Badge>
              ))
          )}
        </div>
        {canChange && lesson.status === 'planned' ? (
          <div className={css({ display: 'flex', gap: '0.5' })}>
            <button
              type="button"
              className={iconButton}
              aria-label={t('group_detail.move.lessonTitle')}
              title={t('group_detail.move.lessonTitle')}
              onClick={stop(onMove)}
            >
              <CalendarClock size={18} />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={t('group_detail.cancel.title')}
              title={t('group_detail.cancel.title')}
              onClick={stop(onCancel)}
            >
              <XCircle size={18} />
            </button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
