// A student's results (GET /results/student/): every lesson up to today they were expected at (a group's
// lessons while they were in it, and individual extra lessons chosen for them), with attendance and marks, a
// summary, and their test scores. Cancelled lessons are left out.
import { and, asc, desc, eq, gte, inArray, lte, ne, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ResultItem, StudentResults, resultsQuery } from '../../../contract/results';
import type { Db } from '../../db/client';
import { attendance, groups, lessonStudents, lessons, studentGroups, testResults, tests, themes } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { CENTRE_TIME_ZONE, centreToday } from '../lessons/dates';
import { ownLessonCondition } from '../lessons/access';
import { isMemberOn } from '../lessons/roster';
import { ownGroupIdCondition } from './teacherScope';
import { summarize } from '../lessons/summary';
import { findStudent } from './students';

const lessonColumns = {
  id: lessons.id,
  date: lessons.date,
  startTime: lessons.startTime,
  groupId: lessons.groupId,
  groupName: groups.name,
  themeName: themes.name,
  status: lessons.status,
};

export async function studentResults(db: Db, user: AuthUser, query: z.output<typeof resultsQuery>, now: Date): Promise<StudentResults> {
  const student = await findStudent(db, user, query.id);
  const today = centreToday(now);
  const end = query.end_date && query.end_date < today ? query.end_date : today;
  const inRange = and(
    ne(lessons.status, 'cancelled'),
    lte(lessons.date, end),
    query.start_date ? gte(lessons.date, query.start_date) : undefined,
  );
  const base = () =>
    db.select(lessonColumns).from(lessons).leftJoin(groups, eq(groups.id, lessons.groupId)).leftJoin(themes, eq(themes.id, lessons.themeId));

  const spans = await db
    .select({ studentId: studentGroups.studentId, groupId: studentGroups.groupId, joinedOn: studentGroups.joinedOn, leftOn: studentGroups.leftOn })
    .from(studentGroups)
    // A teacher or assistant reads the lessons of their own groups only (findStudent already limits the student).
    .where(and(eq(studentGroups.studentId, student.id), ownGroupIdCondition(user, studentGroups.groupId)));
  const groupIds = [...new Set(spans.map((s) => s.groupId))];
  const groupLessons = groupIds.length
    ? await base().where(
        and(
          inRange,
          inArray(lessons.groupId, groupIds),
          notExists(db.select({ one: sql`1` }).from(lessonStudents).where(eq(lessonStudents.lessonId, lessons.id))),
        ),
      )
    : [];
  const chosenLessons = await base()
    .innerJoin(lessonStudents, eq(lessonStudents.lessonId, lessons.id))
    .where(and(inRange, eq(lessonStudents.studentId, student.id), ownLessonCondition(user)));
  const expected = [
    ...groupLessons.filter((l) => spans.some((s) => s.groupId === l.groupId && isMemberOn(s, l.date))),
    ...chosenLessons,
  ].sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || a.id - b.id);

  const marks = expected.length
    ? await db
        .select({ lessonId: attendance.lessonId, status: attendance.status, mark: attendance.mark })
        .from(attendance)
        .where(and(eq(attendance.studentId, student.id), inArray(attendance.lessonId, expected.map((l) => l.id))))
    : [];
  const markOf = new Map(marks.map((m) => [m.lessonId, m]));
  const items: ResultItem[] = expected.map((l) => ({
    lesson_id: l.id,
    date: l.date,
    group: l.groupId == null ? null : { id: l.groupId, name: l.groupName ?? '' },
    theme: l.themeName,
    lesson_status: l.status,
    status: markOf.get(l.id)?.status ?? null,
    mark: markOf.get(l.id)?.mark ?? null,
  }));

  const takenOn = sql`(${testResults.createdAt} at time zone ${CENTRE_TIME_ZONE})::date`;
  const sittings = await db
    .select({
      id: testResults.id,
      testId: tests.id,
      title: tests.title,
      kind: tests.kind,
      score: testResults.score,
      maxScore: testResults.maxScore,
      createdAt: testResults.createdAt,
    })
    .from(testResults)
    .innerJoin(tests, eq(tests.id, testResults.testId))
    .where(
      and(
        eq(testResults.studentId, student.id),
        query.start_date ? sql`${takenOn} >= ${query.start_date}` : undefined,
        query.end_date ? sql`${takenOn} <= ${query.end_date}` : undefined,
      ),
    )
    .orderBy(desc(testResults.createdAt), asc(testResults.id));

  return {
    student,
    summary: summarize(items),
    items,
    tests: sittings.map((t) => ({
      id: t.id,
      test: { id: t.testId, title: t.title, kind: t.kind },
      score: t.score,
      max_score: t.maxScore,
      created_at: t.createdAt.toISOString(),
    })),
  };
}
