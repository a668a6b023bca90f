// Reading lessons: the list (paged or plain) with attendance counts, and one lesson with its roster.
import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { HISTORY_SHOWN, type AttendanceChange, type AttendanceStatus, type LessonDetail, type LessonItem, type RosterEntry, type lessonsFilter, type lessonsQuery } from '../../../contract/lessons';
import type { Db, DbOrTx } from '../../db/client';
import { attendance, employees, groups, lessonStudents, lessons, registerSaveActionsSql, rooms, themes } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { resolveFilial } from '../core/scope';
import { filialCondition, findGroup, ownLessonCondition } from './access';
import { hhmm } from './dates';
import { onRosterSql } from './roster';
import { rowsOf } from '../../db/rows';
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
 * of a group they teach or assist. `forUpdate` locks the lesson row in the same statement (only the lessons row:
 * the joined aggregate cannot be locked; its counts may then predate a marking that held the lock before us).
 */
export async function findLesson(tx: DbOrTx, user: AuthUser, id: number, options: { forUpdate?: boolean } = {}): Promise<LessonItem> {
  const query = selectLessons(tx).where(and(eq(lessons.id, id), filialCondition(user, lessons.filialId), ownLessonCondition(user)));
  const [row] = options.forUpdate ? await query.for('update', { of: lessons }) : await query;
  if (!row) throw notFound('Lesson not found');
  return toItem(row);
}

export type AttendanceCounts = LessonItem['attendance'];
/** The lesson's roster with each student's mark, the counts of all its marks, and its saves, read together. */
export type RosterRead = { roster: RosterEntry[]; counts: AttendanceCounts; history: AttendanceChange[]; historyTotal: number };

/**
 * The lesson's roster (roster.ts: its chosen students, else the group's members on its date not frozen then) by
 * name, with their marks, the counts of all the lesson's marks, and its attendance saves oldest first (their audit
 * entries): one statement (it was six: the chosen students, the memberships, the freezes, the names, the marks and
 * the saves).
 */
export async function rosterRead(tx: DbOrTx, lesson: Pick<LessonItem, 'id' | 'date' | 'group'>): Promise<RosterRead> {
  const members = lesson.group
    ? sql`select sg.student_id from student_groups sg
        where sg.group_id = ${lesson.group.id} and not exists (select 1 from chosen) and ${onRosterSql('sg', sql`${lesson.date}::date`)}`
    : sql`select null::int where false`;
  const result = await tx.execute(sql`
    with chosen as (select student_id from lesson_students where lesson_id = ${lesson.id}),
    saves as (select id, created_at from audit_log
      where entity = 'lesson' and entity_id = ${String(lesson.id)} and action in (${registerSaveActionsSql})),
    ids as (select student_id from chosen union ${members})
    select c.present, c.late, c.excused, c.absent, r.id, r.full_name, r.phone, r.status, r.mark, r.comment,
      (select coalesce(json_agg(json_build_object('action', h.action, 'at', h.created_at, 'actor_id', h.actor_id, 'actor_name', e.full_name,
          'students', coalesce((h.after->>'changed')::int, jsonb_array_length(coalesce(h.after->'items', '[]'::jsonb))))
          order by h.created_at, h.id), '[]'::json)
        from (select id from saves order by created_at desc, id desc limit ${HISTORY_SHOWN}) top
        join audit_log h on h.id = top.id left join employees e on e.id = h.actor_id) as history,
      (select count(*)::int from saves) as history_total
    from (
      select (count(*) filter (where status = 'present'))::int as present, (count(*) filter (where status = 'late'))::int as late,
        (count(*) filter (where status = 'excused'))::int as excused, (count(*) filter (where status = 'absent'))::int as absent
      from attendance where lesson_id = ${lesson.id}
    ) c
    left join lateral (
      select s.id, s.full_name, s.phone, a.status, a.mark, a.comment
      from ids join students s on s.id = ids.student_id
      left join attendance a on a.lesson_id = ${lesson.id} and a.student_id = s.id
    ) r on true
    order by r.full_name, r.id`);
  const rows = rowsOf(result);
  const first = rows[0] ?? {};
  const counts = { present: Number(first.present ?? 0), late: Number(first.late ?? 0), excused: Number(first.excused ?? 0), absent: Number(first.absent ?? 0) };
  const roster = rows
    .filter((r) => r.id != null)
    .map((r) => ({
      student: { id: Number(r.id), full_name: String(r.full_name), phone: String(r.phone) },
      attendance:
        r.status == null
          ? null
          : { status: r.status as AttendanceStatus, mark: r.mark == null ? null : Number(r.mark), comment: r.comment == null ? '' : String(r.comment) },
    }));
  // A json column: both drivers answer it parsed.
  return { roster, counts, history: ((first.history ?? []) as SaveRow[]).map(historyEntry), historyTotal: Number(first.history_total ?? 0) };
}

type SaveRow = { action: string; at: string | Date; actor_id: number | null; actor_name: string | null; students: number };

/** One line of a lesson's history: a save of its register (a correction after its day), by whom, of how many. */
export function historyEntry(r: SaveRow): AttendanceChange {
  return {
    kind: r.action === 'attendance.correct' ? 'correct' : 'mark',
    at: new Date(r.at).toISOString(),
    by: r.actor_id == null ? null : { id: Number(r.actor_id), full_name: r.actor_name ?? '' },
    students: Number(r.students),
  };
}

/** GET /lessons/{id}/: the lesson, its roster, whether `user` may mark it at `now` (markWindow.ts) and its saves. */
export async function getLesson(tx: DbOrTx, user: AuthUser, id: number, now: Date): Promise<LessonDetail> {
  const lesson = await findLesson(tx, user, id);
  const { roster, history, historyTotal } = await rosterRead(tx, lesson);
  return { ...lesson, roster, ...markWindow(lesson, user.role, now), history, history_total: historyTotal };
}
