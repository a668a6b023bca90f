// When a lesson's attendance may be recorded, and by whom (pure, unit-tested). A register opens when the lesson
// begins (its date and start time in Tashkent): nobody can mark a lesson that has not started. On the lesson's
// day its teacher, assistant and office staff with the groups page mark and change it; once that day is over only
// the corrector roles (contract/attendance.ts) may change it, and each such save is logged as a correction.
import { ATTENDANCE_CORRECTOR_ROLES, type MarkLock } from '../../../contract/attendance';
import { lessonStartsAt, lessonStarted } from '../../../contract/lessonClock';
import type { Role } from '../../../contract/roles';
import { centreToday } from './dates';

export type MarkWindow = {
  /** The lesson's start, ISO 8601 with the centre's offset: when its register opens. */
  opens_at: string;
  can_mark: boolean;
  locked: MarkLock | null;
  /** A save now changes a past day's register: logged as `attendance.correct`. */
  correction: boolean;
};

export function markWindow(
  lesson: { status: string; date: string; start_time: string },
  role: Role,
  now: Date,
): MarkWindow {
  const opens_at = lessonStartsAt(lesson.date, lesson.start_time);
  const correction = centreToday(now) > lesson.date;
  if (lesson.status === 'cancelled') return { opens_at, can_mark: false, locked: 'cancelled', correction: false };
  if (!lessonStarted(lesson, now)) return { opens_at, can_mark: false, locked: 'not_started', correction: false };
  if (correction && !ATTENDANCE_CORRECTOR_ROLES.includes(role)) return { opens_at, can_mark: false, locked: 'closed', correction };
  return { opens_at, can_mark: true, locked: null, correction };
}
