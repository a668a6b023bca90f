// GET /lessons/my-day/: a teacher's home page list — the lessons of today (the centre's date at `now`) that the
// reader teaches, or of the groups they teach or assist, in order, each with where it stands: not begun yet, open
// for marking, marked, or cancelled. The same start rule as the attendance sheet (lessonClock.ts).
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { lessonStartsAt, lessonStarted } from '../../../contract/lessonClock';
import type { LessonDayState, LessonItem, MyDay } from '../../../contract/lessons';
import type { DbOrTx } from '../../db/client';
import { groups, lessons } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { centreWallClock } from './dates';
import { filialCondition } from './access';
import { listLessonRows } from './read';

/** Where a lesson stands at `now` (pure). */
export function lessonDayState(lesson: Pick<LessonItem, 'status' | 'date' | 'start_time'>, now: Date): LessonDayState {
  if (lesson.status === 'cancelled') return 'cancelled';
  if (!lessonStarted(lesson, now)) return 'not_started';
  return lesson.status === 'held' ? 'marked' : 'open';
}

export async function myDay(db: DbOrTx, user: AuthUser, now: Date): Promise<MyDay> {
  const { date, time } = centreWallClock(now);
  const mine = or(
    eq(lessons.teacherId, user.id),
    sql`exists (select 1 from ${groups} where ${groups.id} = ${lessons.groupId} and (${groups.teacherId} = ${user.id} or ${groups.assistantId} = ${user.id}))`,
  );
  const items = await listLessonRows(db, and(eq(lessons.date, date), filialCondition(user, lessons.filialId), mine), [asc(lessons.startTime), asc(lessons.id)]);
  return {
    date,
    time: time.slice(0, 5),
    lessons: items.map((l) => ({ ...l, state: lessonDayState(l, now), opens_at: lessonStartsAt(l.date, l.start_time) })),
  };
}
