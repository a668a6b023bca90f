// One lesson on the monitoring board: group (or "individual lesson"), time, room, teacher, the attendance bar (or
// "not started" before its start: a register that has not opened has nothing to count), and a red marker with the
// reason when attendance is missing after the start or the teacher is late.
import { AlertTriangle } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { Link } from 'wouter';
import type { MonitorLesson } from '../../api/monitoring';
import type { Translate } from '../../i18n';
import { attendancePercent, needsAttention } from './cardState';

const box = css({ bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default', p: '3', display: 'grid', gap: '1.5' });
const alert = css({ borderColor: 'danger.default', borderLeftWidth: '4px' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });
const track = css({ h: '2', borderRadius: 'full', bg: 'bg.muted', overflow: 'hidden' });
const footer = css({ display: 'flex', justifyContent: 'space-between', gap: '2', fontSize: 'xs', color: 'fg.muted' });

export function LessonCard({ lesson, t }: { lesson: MonitorLesson; t: Translate }) {
  const percent = attendancePercent(lesson);
  const warn = needsAttention(lesson);
  const complete = lesson.expected > 0 && lesson.missing === 0;
  return (
    <article
      className={cx(box, warn ? alert : undefined)}
      data-testid="monitoring-lesson"
      data-lesson={lesson.id}
      data-alert={warn ? 'true' : 'false'}
      data-started={lesson.started ? 'true' : 'false'}
    >
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', alignItems: 'baseline' })}>
        <strong className={css({ fontSize: 'sm' })}>
          {lesson.group ? <Link href={`/edu/groups?id=${lesson.group.id}`}>{lesson.group.name}</Link> : t('monitoring.lesson.individual')}
        </strong>
        <span className={css({ fontVariantNumeric: 'tabular-nums', fontSize: 'sm', whiteSpace: 'nowrap' })}>
          {lesson.start_time}–{lesson.end_time}
        </span>
      </div>
      <div className={muted}>
        {lesson.teacher.full_name} · {lesson.room.name}
        {lesson.kind === 'extra' ? ` · ${t('monitoring.lesson.extra')}` : ''}
      </div>
      {lesson.started ? (
        <>
          <div
            className={track}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('monitoring.lesson.attendance', { marked: lesson.marked, expected: lesson.expected })}
          >
            <div className={css({ h: 'full', bg: complete ? 'success.default' : warn ? 'danger.default' : 'accent.default' })} style={{ width: `${percent}%` }} />
          </div>
          <div className={footer}>
            <span>{t('monitoring.lesson.attendance', { marked: lesson.marked, expected: lesson.expected })}</span>
            {lesson.missing > 0 ? <span>{t('monitoring.lesson.missing', { count: lesson.missing })}</span> : null}
          </div>
        </>
      ) : (
        // A register that has not opened has nothing to count.
        <div className={footer} data-testid="lesson-not-started">
          <span className={css({ fontWeight: 'medium' })}>{t('monitoring.lesson.notStarted')}</span>
          <span>{t('monitoring.lesson.opensAt', { time: lesson.start_time })}</span>
        </div>
      )}
      {warn ? (
        <ul className={css({ display: 'grid', gap: '0.5', fontSize: 'xs', color: 'danger.default' })}>
          {lesson.attendance_missing ? (
            <li className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
              <AlertTriangle size={12} aria-hidden="true" />
              {t('monitoring.lesson.attendanceMissing')}
            </li>
          ) : null}
          {lesson.teacher_late ? (
            <li className={css({ display: 'flex', gap: '1', alignItems: 'center' })}>
              <AlertTriangle size={12} aria-hidden="true" />
              {lesson.teacher_arrived_at ? t('monitoring.lesson.teacherLate') : t('monitoring.lesson.teacherAbsent')}
            </li>
          ) : null}
        </ul>
      ) : null}
    </article>
  );
}
