// Reading lessons: the list (paged or plain) with attendance counts, and one lesson with its roster.
import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AttendanceChange, LessonDetail, LessonItem, RosterEntry, lessonsFilter, lessonsQuery } from '../../../contract/lessons';
import type { Db, DbOrTx } from '../../db/client';
import { attendance, auditLog, employees, groups, lessonStudents, lessons, rooms, studentFreezes, studentGroups, students, themes } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { resolveFilial } from '../core/scope';
import { filialCondition, findGroup, ownLessonCondition } from './access';
import { hhmm } from './dates';
import { rosterOn } from './roster';
import { markWindow } from './markWindow';

// Per lesson (lateral): a grouped subquery over all attendance was aggregated in full by every list, 2–4 s at
// 100,000 students (the capacity benchmark found it); this reads only the listed lessons' rows by their index.
const attendanceOfLesson = (db: DbOrTx) =>
  db
    .select({
      present: sql<number>`count(*) filter (where ${attendance.status} = 'present')::int`.as('present'),
      late: sql<number>`count(*) filter (where ${attendance.status} = 'late')::int`.as('late'),
      excused: sql<number>`count(*) filter (where ${attendance.status} = 'excused')::int`.as('excused'),
      absent: sql<number>`count(*) filter (where ${attendance.status} = 'absent')::int`.as('absent'),
    })
    .from(attendance)
    .where(eq(attendance.lessonId, lessons.id))
    .as('lesson_attendance');

const hasChosenStudents = sql<boolean>`exists (select 1 from ${lessonStudents} where ${lessonStudents.lessonId} = ${lessons.id})`;

function selectLessons(db: DbOrTx) {
  const counts = attendanceOfLesson(db);
  return db
    .select({
      id: lessons.id,
      filialId: lessons.filialId,
      groupId: lessons.groupId,
      groupName: groups.name,
      kind: lessons.kind,
      date: lessons.date,
      startTime: lessons.startTime,
      endTime: lessons.endTime,
      roomId: lessons.roomId,
      roomName: rooms.name,
      teacherId: lessons.teacherId,
      teacherName: employees.fullName,
      themeId: lessons.themeId,
      themeName: themes.name,
      status: lessons.status,
      reason: lessons.reason,
      movedFromDate: lessons.movedFromDate,
      hasChosenStudents,
      present: counts.present,
      late: counts.late,
      excused: counts.excused,
      absent: counts.absent,
    })
    .from(lessons)
    .leftJoin(groups, eq(groups.id, lessons.groupId))
    .innerJoin(rooms, eq(rooms.id, lessons.roomId))
    .innerJoin(employees, eq(employees.id, lessons.teacherId))
    .leftJoin(themes, eq(themes.id, lessons.themeId))
    .leftJoinLateral(counts, sql`true`);
}

type LessonRow = Awaited<ReturnType<ReturnType<typeof selectLessons>['execute']>>[number];

function toItem(r: LessonRow): LessonItem {
  return {
    id: r.id,
    filial: r.filialId,
    group: r.groupId == null ? null : { id: r.groupId, name: r.groupName ?? '' },
    kind: r.kind,
    date: r.date,
    start_time: hhmm(r.startTime),
    end_time: hhmm(r.endTime),
    room: { id: r.roomId, name: r.roomName },
    teacher: { id: r.teacherId, full_name: r.teacherName },
    theme: r.themeId == null ? null : { id: r.themeId, name: r.themeName ?? '' },
    status: r.status,
    reason: r.reason,
    moved_from_date: r.movedFromDate,
    has_chosen_students: r.hasChosenStudents,
    attendance: { present: r.present ?? 0, late: r.late ?? 0, excused: r.excused ?? 0, absent: r.absent ?? 0 },
  };
}

/** Conditions of a lesson list; a group outside the user's reach is a 404 rather than an empty list. */
async function listConditions(db: Db, user: AuthUser, q: z.output<typeof lessonsFilter>): Promise<SQL | undefined> {
  const scope = resolveFilial(user, q.filial);
  if (q.group) await findGroup(db, user, q.group);
  return and(
    scope === 'all' ? undefined : inArray(lessons.filialId, scope.length ? scope : [-1]),
    filialCondition(user, lessons.filialId),
    ownLessonCondition(user),
    q.group ? eq(lessons.groupId, q.group) : undefined,
    q.teacher ? eq(lessons.teacherId, q.teacher) : undefined,
    q.start_date ? gte(lessons.date, q.start_date) : undefined,
    q.end_date ? lte(lessons.date, q.end_date) : undefined,
    q.status ? eq(lessons.status, q.status) : undefined,
    q.kind ? eq(lessons.kind, q.kind) : undefined,
  );
}

const lessonOrder = [asc(lessons.date), asc(lessons.startTime), asc(lessons.id)];

/** Lessons matching `where` in `order`, as list items (for callers that build their own conditions). */
export async function listLessonRows(db: DbOrTx, where: SQL | undefined, order: SQL[] = lessonOrder): Promise<LessonItem[]> {
  return (await selectLessons(db).where(where).orderBy(...order)).map(toItem);
}

/** GET /lessons/ */
export async function listLessons(db: Db, user: AuthUser, q: z.output<typeof lessonsQuery>, url: string): Promise<Page<LessonItem>> {
  const where = await listConditions(db, user, q);
  const [{ n }] = await db.select({ n: count() }).from(lessons).where(where);
  const rows = await selectLessons(db).where(where).orderBy(...lessonOrder).limit(q.page_size).offset(pageOffset(q));
  return toPage(url, q, n, rows.map(toItem));
}

/** GET /lessons/no-pg/ (a group, or a date range: never the whole history of a branch). */
export async function listLessonsPlain(db: Db, user: AuthUser, q: z.output<typeof lessonsFilter>): Promise<LessonItem[]> {
  const where = await listConditions(db, user, q);
  const rows = await selectLessons(db).where(where).orderBy(...lessonOrder);
  return rows.map(toItem);
}

/**
 * A lesson the user may see, or 404: inside their branches, and for teachers and assistants one they teach or
 * of a group they teach or assist. `forUpdate` locks the lesson row.
 */
export async function findLesson(tx: DbOrTx, user: AuthUser, id: number, options: { forUpdate?: boolean } = {}): Promise<LessonItem> {
  // The row lock is taken on the plain row; the full read joins an aggregate, which cannot be locked.
  if (options.forUpdate) await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, id)).for('update');
  const [row] = await selectLessons(tx).where(and(eq(lessons.id, id), filialCondition(user, lessons.filialId), ownLessonCondition(user)));
  if (!row) throw notFound('Lesson not found');
  return toItem(row);
}

/** Student ids expected at the lesson (roster.ts): its chosen students, else the group's members on its date not frozen then. */
export async function rosterIds(tx: DbOrTx, lesson: Pick<LessonItem, 'id' | 'date' | 'group'>): Promise<number[]> {
  const chosen = await tx.select({ id: lessonStudents.studentId }).from(lessonStudents).where(eq(lessonStudents.lessonId, lesson.id));
  if (chosen.length || !lesson.group) return rosterOn(lesson.date, [], [], chosen.map((c) => c.id));
  const spans = await tx
    .select({ studentId: studentGroups.studentId, joinedOn: studentGroups.joinedOn, leftOn: studentGroups.leftOn })
    .from(studentGroups)
    .where(and(eq(studentGroups.groupId, lesson.group.id), lte(studentGroups.joinedOn, lesson.date)));
  if (!spans.length) return [];
  const freezes = await tx
    .select({ studentId: studentFreezes.studentId, fromDate: studentFreezes.fromDate, toDate: studentFreezes.toDate, endedOn: studentFreezes.endedOn })
    .from(studentFreezes)
    .where(and(inArray(studentFreezes.studentId, spans.map((s) => s.studentId)), lte(studentFreezes.fromDate, lesson.date), gte(studentFreezes.toDate, lesson.date)));
  return rosterOn(lesson.date, spans, freezes);
}

async function rosterOf(tx: DbOrTx, lesson: LessonItem): Promise<RosterEntry[]> {
  const ids = await rosterIds(tx, lesson);
  if (!ids.length) return [];
  const rows = await tx
    .select({
      id: students.id,
      fullName: students.fullName,
      phone: students.phone,
      status: attendance.status,
      mark: attendance.mark,
      comment: attendance.comment,
    })
    .from(students)
    .leftJoin(attendance, and(eq(attendance.studentId, students.id), eq(attendance.lessonId, lesson.id)))
    .where(inArray(students.id, ids))
    .orderBy(asc(students.fullName), asc(students.id));
  return rows.map((r) => ({
    student: { id: r.id, full_name: r.fullName, phone: r.phone },
    attendance: r.status == null ? null : { status: r.status, mark: r.mark, comment: r.comment ?? '' },
  }));
}

/** The attendance saves of a lesson, oldest first (its audit entries). */
async function historyOf(tx: DbOrTx, lessonId: number): Promise<AttendanceChange[]> {
  const rows = await tx
    .select({
      action: auditLog.action,
      at: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: employees.fullName,
      students: sql<number>`coalesce((${auditLog.after}->>'changed')::int, jsonb_array_length(coalesce(${auditLog.after}->'items', '[]'::jsonb)))`.mapWith(Number),
    })
    .from(auditLog)
    .leftJoin(employees, eq(employees.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, 'lesson'), eq(auditLog.entityId, String(lessonId)), inArray(auditLog.action, ['attendance.mark', 'attendance.correct'])))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((r) => ({
    kind: r.action === 'attendance.correct' ? 'correct' : 'mark',
    at: new Date(r.at).toISOString(),
    by: r.actorId == null ? null : { id: r.actorId, full_name: r.actorName ?? '' },
    students: r.students,
  }));
}

/** GET /lessons/{id}/: the lesson, its roster, whether `user` may mark it at `now` (markWindow.ts) and its saves. */
export async function getLesson(tx: DbOrTx, user: AuthUser, id: number, now: Date): Promise<LessonDetail> {
  const lesson = await findLesson(tx, user, id);
  return { ...lesson, roster: await rosterOf(tx, lesson), ...markWindow(lesson, user.role, now), history: await historyOf(tx, id) };
}
