// Reading groups: the list shape (course, teacher, room and student count in one query), the filters of
// spec section 7 "Groups", branch scope, and what teachers and assistants may see (their own groups only).
import { and, asc, count, eq, type AnyColumn, gte, ilike, inArray, lte, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CLOSED_GROUP_STATUSES, type Group, type GroupSchedule, type GroupsQuery, type SecondaryGroupsQuery } from '../../../contract/groups';
import type { Role } from '../../../contract/roles';
import type { DbOrTx } from '../../db/client';
import { namedColumns, personColumns } from '../../db/refs';
import { courses, employees, filials, groups, lessons, rooms, studentGroups, subjectLevels, subjects } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { containsPattern } from '../catalogue/common';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { centreToday } from '../lessons/dates';
import { allowedFilials, resolveFilial, type FilialScope } from '../core/scope';
import { nextRosterCountSql } from '../lessons/roster';

/** Roles that see only the groups they teach or assist, and never write groups. */
export const OWN_GROUPS_ROLES: readonly Role[] = ['TEACHER', 'ASSISTANT'];

const parent = alias(groups, 'parent');

const hhmm = (t: string) => t.slice(0, 5);

// The names of the branch, people and room come from one-row subqueries rather than joins: with nine joined tables
// PostgreSQL spent ~30–70 ms choosing a join order for every page (the rows themselves took ~4 ms).
const nameOf = (id: AnyColumn, table: typeof filials | typeof rooms) => sql<string>`(select ${table.name} from ${table} where ${table.id} = ${id})`;
const employeeName = (id: AnyColumn) => sql<string | null>`(select ${employees.fullName} from ${employees} where ${employees.id} = ${id})`;

const columns = {
  id: groups.id,
  filial: groups.filialId,
  filial_name: nameOf(groups.filialId, filials),
  name: groups.name,
  course_id: courses.id,
  course_name: courses.name,
  subject_id: subjects.id,
  subject_name: subjects.name,
  level_id: subjectLevels.id,
  level_name: subjectLevels.name,
  teacher_id: groups.teacherId,
  teacher_name: employeeName(groups.teacherId),
  assistant_id: groups.assistantId,
  assistant_name: employeeName(groups.assistantId),
  room_id: groups.roomId,
  room_name: nameOf(groups.roomId, rooms),
  days: groups.days,
  start_time: groups.startTime,
  end_time: groups.endTime,
  start_date: groups.startDate,
  end_date: groups.endDate,
  price: groups.price,
  status: groups.status,
  is_secondary: groups.isSecondary,
  parent_id: parent.id,
  parent_name: parent.name,
};

type Row = Awaited<ReturnType<ReturnType<typeof selectGroups>['execute']>>[number];

function toGroup(r: Row): Group {
  return {
    id: r.id,
    filial: r.filial,
    filial_name: r.filial_name,
    name: r.name,
    course: { id: r.course_id, name: r.course_name, subject_id: r.subject_id, subject_name: r.subject_name, level_id: r.level_id, level_name: r.level_name },
    teacher: { id: r.teacher_id, full_name: r.teacher_name ?? '' },
    assistant: r.assistant_id == null ? null : { id: r.assistant_id, full_name: r.assistant_name ?? '' },
    room: { id: r.room_id, name: r.room_name },
    days: [...r.days].map(Number),
    start_time: hhmm(r.start_time),
    end_time: hhmm(r.end_time),
    start_date: r.start_date,
    end_date: r.end_date,
    price: r.price,
    status: r.status,
    is_secondary: r.is_secondary,
    parent_group: r.parent_id == null ? null : { id: r.parent_id, name: r.parent_name ?? '' },
    students_count: Number(r.students_count),
  };
}

/**
 * Groups with `students_count`: the roster of the group's next lesson at `now` (lessons/roster.ts), the same rule
 * as the attendance sheet, so the header never counts a frozen, archived or moved-out student.
 */
function selectGroups(db: DbOrTx, now: Date) {
  return db
    .select({ ...columns, students_count: sql<number>`${nextRosterCountSql(sql`${groups.id}`, now)}` })
    .from(groups)
    .innerJoin(courses, eq(courses.id, groups.courseId))
    .innerJoin(subjects, eq(subjects.id, courses.subjectId))
    .innerJoin(subjectLevels, eq(subjectLevels.id, courses.levelId))
    .leftJoin(parent, eq(parent.id, groups.parentGroupId));
}

/** Teachers and assistants see the groups they teach or assist; everyone else every group in their branches. */
export function visibleTo(user: Pick<AuthUser, 'id' | 'role'>): SQL | undefined {
  if (!OWN_GROUPS_ROLES.includes(user.role)) return undefined;
  return or(eq(groups.teacherId, user.id), eq(groups.assistantId, user.id));
}

function inFilials(scope: FilialScope): SQL | undefined {
  return scope === 'all' ? undefined : inArray(groups.filialId, scope);
}

const byName = [asc(groups.name), asc(groups.id)];

async function pageOf(db: DbOrTx, where: SQL | undefined, query: { page: number; page_size: number }, url: string, now: Date): Promise<Page<Group>> {
  // The count and the page are independent: side by side on the pool (queued inside a transaction).
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(groups).innerJoin(courses, eq(courses.id, groups.courseId)).where(where),
    selectGroups(db, now).where(where).orderBy(...byName).limit(query.page_size).offset(pageOffset(query)),
  ]);
  return toPage(url, query, n, rows.map(toGroup));
}

function mainGroupsWhere(user: AuthUser, q: Omit<GroupsQuery, 'page' | 'page_size'>): SQL | undefined {
  return and(
    eq(groups.isSecondary, false),
    inFilials(resolveFilial(user, q.filial)),
    visibleTo(user),
    q.teacher__id ? eq(groups.teacherId, q.teacher__id) : undefined,
    q.course__subject__id ? eq(courses.subjectId, q.course__subject__id) : undefined,
    q.course__level__id ? eq(courses.levelId, q.course__level__id) : undefined,
    q.course ? eq(groups.courseId, q.course) : undefined,
    q.status ? eq(groups.status, q.status) : undefined,
    q.q ? ilike(groups.name, containsPattern(q.q)) : undefined,
    q.student
      ? sql`exists (select 1 from ${studentGroups} where ${studentGroups.groupId} = ${groups.id} and ${studentGroups.studentId} = ${q.student} and ${studentGroups.leftOn} is null)`
      : undefined,
  );
}

/** GET /groups/ and /api/v2/groups/: main groups, by name. */
export function listGroups(db: DbOrTx, user: AuthUser, query: GroupsQuery, url: string, now: Date): Promise<Page<Group>> {
  return pageOf(db, mainGroupsWhere(user, query), query, url, now);
}

/** GET /groups/no-pg/: main groups that still run, for pickers. */
export async function listGroupsNoPg(
  db: DbOrTx,
  user: AuthUser,
  q: { filial?: number; subject?: number; course?: number; teacher?: number },
  now: Date,
): Promise<Group[]> {
  const where = and(
    mainGroupsWhere(user, { filial: q.filial, course__subject__id: q.subject, course: q.course, teacher__id: q.teacher }),
    notInArray(groups.status, [...CLOSED_GROUP_STATUSES]),
  );
  return (await selectGroups(db, now).where(where).orderBy(...byName)).map(toGroup);
}

function secondaryWhere(user: AuthUser, q: Omit<SecondaryGroupsQuery, 'page' | 'page_size'>): SQL | undefined {
  return and(
    eq(groups.isSecondary, true),
    inFilials(resolveFilial(user, q.filial)),
    visibleTo(user),
    q.teacher ? or(eq(groups.teacherId, q.teacher), eq(groups.assistantId, q.teacher)) : undefined,
    q.course ? eq(groups.courseId, q.course) : undefined,
    q.parent_group ? eq(groups.parentGroupId, q.parent_group) : undefined,
    // A period filter keeps the groups that run at some point within it.
    q.end_date ? lte(groups.startDate, q.end_date) : undefined,
    q.start_date ? gte(groups.endDate, q.start_date) : undefined,
  );
}

export function listSecondaryGroups(db: DbOrTx, user: AuthUser, query: SecondaryGroupsQuery, url: string, now: Date): Promise<Page<Group>> {
  return pageOf(db, secondaryWhere(user, query), query, url, now);
}

export async function listSecondaryGroupsNoPg(db: DbOrTx, user: AuthUser, query: Omit<SecondaryGroupsQuery, 'page' | 'page_size'>, now: Date): Promise<Group[]> {
  const where = and(secondaryWhere(user, query), notInArray(groups.status, [...CLOSED_GROUP_STATUSES]));
  return (await selectGroups(db, now).where(where).orderBy(...byName)).map(toGroup);
}

/** One group the user may see (main or secondary); 404 when it is unknown, in another branch or not theirs. */
export async function getGroup(db: DbOrTx, user: AuthUser, id: number, now: Date): Promise<Group> {
  const scope = allowedFilials(user);
  const [row] = await selectGroups(db, now).where(and(eq(groups.id, id), inFilials(scope), visibleTo(user)));
  if (!row) throw notFound('Group not found');
  return toGroup(row);
}

/** GET /groups/{id}/schedule/: the weekly schedule and every lesson from today on, in order. */
export async function getGroupSchedule(db: DbOrTx, user: AuthUser, id: number, now: Date): Promise<GroupSchedule> {
  const g = await getGroup(db, user, id, now);
  const rows = await db
    .select({
      id: lessons.id,
      date: lessons.date,
      start_time: lessons.startTime,
      end_time: lessons.endTime,
      kind: lessons.kind,
      status: lessons.status,
      room: namedColumns(rooms),
      teacher: personColumns(employees),
    })
    .from(lessons)
    .innerJoin(rooms, eq(rooms.id, lessons.roomId))
    .innerJoin(employees, eq(employees.id, lessons.teacherId))
    .where(and(eq(lessons.groupId, id), gte(lessons.date, centreToday(now))))
    .orderBy(asc(lessons.date), asc(lessons.startTime), asc(lessons.id));
  return {
    id: g.id,
    name: g.name,
    days: g.days,
    start_time: g.start_time,
    end_time: g.end_time,
    start_date: g.start_date,
    end_date: g.end_date,
    lessons: rows.map((r) => ({ ...r, start_time: hhmm(r.start_time), end_time: hhmm(r.end_time) })),
  };
}
