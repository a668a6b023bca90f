// Students in groups (spec section 7, "Groups", /add-group/...): memberships are never deleted. Joining opens a
// row; leaving, moving or archiving closes it (left_on = the last day in the group, end_reason), so rosters,
// attendance and billing keep the dates. A move closes the old row the day before the move date and opens the
// new one on it, in one transaction.
import { and, asc, count, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { CLOSED_GROUP_STATUSES } from '../../../contract/groups';
import type {
  Membership,
  MoveToGroup,
  membershipsQuery,
  secondaryItem,
  secondaryQuery,
} from '../../../contract/membership';
import type { addToGroup as addToGroupSchema } from '../../../contract/membership';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { namedColumns, personColumns } from '../../db/refs';
import { attendance, employees, groups, lessons, studentGroups, studentLogs, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { conflict, notFound } from '../core/errors';
import { audit } from '../audit/record';
import { syncCharges } from '../billing/charges';
import { toPage, pageOffset, type Page } from '../catalogue/paging';
import { addDays, centreToday, hhmm } from '../lessons/dates';
import { type Actor, assertOfficeWriter, fieldError, findGroup, ownGroupCondition, type GroupRow } from '../lessons/access';
import { resolveFilial } from '../core/scope';
import { moveStudentStatusIn } from '../students/statusMoves';
import { findStudent } from '../students/students';
import { lastDaySql } from '../lessons/roster';

const parentGroups = alias(groups, 'parent_groups');

const membershipColumns = {
  id: studentGroups.id,
  group: {
    id: groups.id,
    name: groups.name,
    teacher_name: employees.fullName,
    days: groups.days,
    start_time: groups.startTime,
    end_time: groups.endTime,
    is_secondary: groups.isSecondary,
  },
  joined_on: studentGroups.joinedOn,
  left_on: studentGroups.leftOn,
  end_reason: studentGroups.endReason,
  moved_to_id: studentGroups.movedToId,
  price: studentGroups.price,
};
type MembershipRow = Awaited<ReturnType<typeof selectMemberships>>[number];

function toMembership({ id, group, joined_on, left_on, end_reason, moved_to_id, price }: MembershipRow): Membership {
  return { id, group: { ...group, start_time: hhmm(group.start_time), end_time: hhmm(group.end_time) }, joined_on, left_on, end_reason, moved_to_id, price };
}

function selectMemberships(tx: DbOrTx, where: SQL | undefined) {
  return tx
    .select(membershipColumns)
    .from(studentGroups)
    .innerJoin(groups, eq(groups.id, studentGroups.groupId))
    .innerJoin(employees, eq(employees.id, groups.teacherId))
    .where(where);
}

async function membershipById(tx: DbOrTx, id: number): Promise<Membership> {
  const [row] = await selectMemberships(tx, eq(studentGroups.id, id));
  return toMembership(row);
}

/**
 * GET /add-group/student/{id}/: current memberships first (open, or ending today or later), then the history,
 * newest first. `is_archived=false` leaves out groups that are archived, `true` keeps only those.
 */
export async function listStudentMemberships(
  db: Db,
  user: AuthUser,
  studentId: number,
  query: z.output<typeof membershipsQuery>,
  now: Date,
): Promise<Membership[]> {
  await findStudent(db, user, studentId);
  const today = centreToday(now);
  const archived = sql`${groups.status} = 'archived'`;
  const rows = await selectMemberships(
    db,
    and(
      eq(studentGroups.studentId, studentId),
      // A teacher or assistant sees the memberships in their own groups only.
      ownGroupCondition(user),
      query.is_archived === undefined ? undefined : query.is_archived ? archived : sql`not ${archived}`,
    ),
  ).orderBy(
    sql`case when ${studentGroups.leftOn} is null or ${studentGroups.leftOn} >= ${today} then 0 else 1 end`,
    desc(studentGroups.joinedOn),
    desc(studentGroups.id),
  );
  return rows.map(toMembership);
}

/** The open membership of a student in a group, locked; undefined when they are not in it. */
async function openMembership(tx: Tx, studentId: number, groupId: number) {
  const [row] = await tx
    .select({ id: studentGroups.id, joinedOn: studentGroups.joinedOn, price: studentGroups.price })
    .from(studentGroups)
    .where(and(eq(studentGroups.studentId, studentId), eq(studentGroups.groupId, groupId), isNull(studentGroups.leftOn)))
    .for('update');
  return row;
}

/**
 * The checks for a student to join a (locked) group on `date`: the group runs, the date is not after its end,
 * the student is not in it yet, and its room has a free seat.
 */
async function assertCanJoin(tx: Tx, group: GroupRow, studentId: number, date: string, dateField: string): Promise<void> {
  if (CLOSED_GROUP_STATUSES.includes(group.status)) throw conflict(`The group "${group.name}" is ${group.status}`);
  if (date > group.endDate) throw fieldError(dateField, 'validation.groupEnds', { date: group.endDate });
  if (await openMembership(tx, studentId, group.id)) throw conflict(`The student is already in the group "${group.name}"`);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(studentGroups)
    .where(and(eq(studentGroups.groupId, group.id), isNull(studentGroups.leftOn)));
  if (n >= group.capacity) {
    throw conflict(`The group "${group.name}" is full: its room seats ${group.capacity}`, {
      capacity: group.capacity,
      students_count: n,
    });
  }
}

/** A student who joins their first group stops being "in testing" (design: new = in a group, first month): the enrol move. */
async function leaveTesting(tx: Tx, actor: Actor, student: { id: number; status: string }): Promise<void> {
  if (student.status === 'testing') await moveStudentStatusIn(tx, actor, student.id, { type: 'enrol' });
}

/** The student's history tab shows group joins and moves (student_logs). */
async function logGroupChange(tx: Tx, actor: Actor, studentId: number, action: 'group.add' | 'group.move', detail: Record<string, unknown>) {
  await tx.insert(studentLogs).values({ studentId, actorId: actor.user.id, action, detail });
}

/** POST /add-group/: the student joins a main group of their branch (a student of another branch is a 404). */
export async function addToGroup(db: Db, actor: Actor, input: z.output<typeof addToGroupSchema>): Promise<Membership> {
  assertOfficeWriter(actor.user);
  const joinedOn = input.joined_on ?? centreToday(actor.now);
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, actor.user, input.group, { forUpdate: true });
    const student = await findStudent(tx, actor.user, input.student, { filialId: group.filialId, forUpdate: true });
    if (student.is_archived) throw conflict('The student is archived');
    if (group.isSecondary) throw fieldError('group', 'validation.mainGroupOnly');
    return joinGroupIn(tx, actor, group, student, joinedOn, input.price ?? null);
  });
}

/**
 * Opens a membership inside the caller's transaction, for a (locked) group and student already found and checked
 * by the caller: the join checks, the row, enrolment out of testing, the student_logs row and the audit entry.
 * POST /add-group/ and a lead joining its ordered group (server/domain/leads/joinLead.ts) both come here.
 */
export async function joinGroupIn(
  tx: Tx,
  actor: Actor,
  group: GroupRow,
  student: { id: number; status: string },
  joinedOn: string,
  price: string | null,
): Promise<Membership> {
  await assertCanJoin(tx, group, student.id, joinedOn, 'joined_on');
  const [row] = await tx
    .insert(studentGroups)
    .values({ studentId: student.id, groupId: group.id, joinedOn, price, createdBy: actor.user.id })
    .returning({ id: studentGroups.id });
  await leaveTesting(tx, actor, student);
  const created = await membershipById(tx, row.id);
  await logGroupChange(tx, actor, student.id, 'group.add', { group: group.id, group_name: group.name, date: joinedOn });
  await syncCharges(tx, { studentId: student.id, groupIds: [group.id], from: joinedOn }, actor.now);
  await audit(tx, {
    actorId: actor.user.id,
    action: 'membership.add',
    entity: 'student_group',
    entityId: row.id,
    filialId: group.filialId,
    after: { student: student.id, group: group.id, joined_on: joinedOn, price: created.price },
    ip: actor.ip,
  });
  return created;
}

/**
 * POST /add-group/groups/update/: the student leaves `group_id` (left_on = the day before `date`, reason
 * 'moved', moved_to_id) and joins `new_group_id` on `date` (default today). A move on the day the student
 * joined leaves an old row that covers no day. Attendance already marked in the old group on or after `date`
 * would lose its roster, so that is a 409. The per-student price stays with the old group.
 */
export async function moveStudent(db: Db, actor: Actor, input: MoveToGroup): Promise<{ closed: Membership; opened: Membership }> {
  assertOfficeWriter(actor.user);
  const date = input.date ?? centreToday(actor.now);
  return db.transaction(async (tx) => {
    // Groups locked in id order, so two moves between the same two groups cannot wait on each other.
    const [first, second] = [input.group_id, input.new_group_id].sort((a, b) => a - b);
    const locked = new Map<number, GroupRow>();
    for (const id of [first, second]) locked.set(id, await findGroup(tx, actor.user, id, { forUpdate: true }));
    const from = locked.get(input.group_id)!;
    const to = locked.get(input.new_group_id)!;
    const student = await findStudent(tx, actor.user, input.student, { filialId: from.filialId, forUpdate: true });
    if (student.is_archived) throw conflict('The student is archived');
    if (from.isSecondary || to.isSecondary) {
      throw fieldError(from.isSecondary ? 'group_id' : 'new_group_id', 'validation.mainGroupOnly');
    }
    if (to.filialId !== from.filialId) throw fieldError('new_group_id', 'validation.sameBranchGroup');
    const old = await openMembership(tx, student.id, from.id);
    if (!old) throw fieldError('group_id', 'validation.notInGroup');
    if (date < old.joinedOn) throw fieldError('date', 'validation.beforeJoined', { date: old.joinedOn });
    const [marked] = await tx
      .select({ date: lessons.date })
      .from(attendance)
      .innerJoin(lessons, eq(lessons.id, attendance.lessonId))
      .where(and(eq(attendance.studentId, student.id), eq(lessons.groupId, from.id), gte(lessons.date, date)))
      .orderBy(asc(lessons.date))
      .limit(1);
    if (marked) throw conflict(`Attendance is already marked in the old group on ${marked.date}; move from a later date`);
    await assertCanJoin(tx, to, student.id, date, 'date');

    const [opened] = await tx
      .insert(studentGroups)
      .values({ studentId: student.id, groupId: to.id, joinedOn: date, createdBy: actor.user.id })
      .returning({ id: studentGroups.id });
    await tx
      .update(studentGroups)
      .set({ leftOn: addDays(date, -1), endReason: 'moved', movedToId: opened.id })
      .where(eq(studentGroups.id, old.id));
    const result = { closed: await membershipById(tx, old.id), opened: await membershipById(tx, opened.id) };
    await syncCharges(tx, { studentId: student.id, groupIds: [from.id, to.id], from: date }, actor.now);
    await logGroupChange(tx, actor, student.id, 'group.move', {
      from_group: from.id,
      from_group_name: from.name,
      to_group: to.id,
      to_group_name: to.name,
      date,
    });
    await audit(tx, {
      actorId: actor.user.id,
      action: 'membership.move',
      entity: 'student',
      entityId: student.id,
      filialId: from.filialId,
      before: { membership: old.id, group: from.id, joined_on: old.joinedOn, left_on: null },
      after: {
        closed: { membership: old.id, group: from.id, left_on: result.closed.left_on, end_reason: 'moved' },
        opened: { membership: opened.id, group: to.id, joined_on: date },
      },
      ip: actor.ip,
    });
    return result;
  });
}

/**
 * PUT /add-group/secondary/update/{student}: the student's open secondary memberships become exactly `groups`.
 * Dropped ones close today (reason 'left'); new ones open today. Each must be a secondary group of the
 * student's branch.
 */
export async function setSecondaryGroups(db: Db, actor: Actor, studentId: number, groupIds: number[]): Promise<Membership[]> {
  assertOfficeWriter(actor.user);
  const today = centreToday(actor.now);
  return db.transaction(async (tx) => {
    const wanted = new Map<number, GroupRow>();
    for (const id of [...groupIds].sort((a, b) => a - b)) wanted.set(id, await findGroup(tx, actor.user, id, { forUpdate: true }));
    const student = await findStudent(tx, actor.user, studentId, { forUpdate: true });
    for (const [index, id] of groupIds.entries()) {
      const group = wanted.get(id)!;
      if (group.filialId !== student.filial) throw notFound('Group not found');
      if (!group.isSecondary) throw fieldError(`groups.${index}`, 'validation.notSecondary', { group: group.name });
    }
    const current = await tx
      .select({ id: studentGroups.id, groupId: studentGroups.groupId })
      .from(studentGroups)
      .innerJoin(groups, eq(groups.id, studentGroups.groupId))
      .where(and(eq(studentGroups.studentId, student.id), isNull(studentGroups.leftOn), eq(groups.isSecondary, true)))
      .for('update', { of: studentGroups });
    const currentIds = new Set(current.map((m) => m.groupId));
    const closing = current.filter((m) => !wanted.has(m.groupId));
    const opening = [...wanted.values()].filter((g) => !currentIds.has(g.id));
    if (opening.length && student.is_archived) throw conflict('The student is archived');

    if (closing.length) {
      await tx
        .update(studentGroups)
        .set({ leftOn: sql`${lastDaySql(sql`${studentGroups.groupId}`, actor.now)}`, endReason: 'left' })
        .where(inArray(studentGroups.id, closing.map((m) => m.id)));
    }
    for (const group of opening) {
      await assertCanJoin(tx, group, student.id, today, 'groups');
      await tx.insert(studentGroups).values({ studentId: student.id, groupId: group.id, joinedOn: today, createdBy: actor.user.id });
    }
    await syncCharges(tx, { studentId: student.id, from: today }, actor.now);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'membership.secondary_update',
      entity: 'student',
      entityId: student.id,
      filialId: student.filial,
      before: { groups: [...currentIds].sort((a, b) => a - b) },
      after: { groups: [...wanted.keys()].sort((a, b) => a - b), opened: opening.map((g) => g.id), closed: closing.map((m) => m.groupId) },
      ip: actor.ip,
    });
    const rows = await selectMemberships(
      tx,
      and(eq(studentGroups.studentId, student.id), isNull(studentGroups.leftOn), eq(groups.isSecondary, true)),
    ).orderBy(asc(groups.name), asc(studentGroups.id));
    return rows.map(toMembership);
  });
}

type SecondaryItem = z.infer<typeof secondaryItem>;

/** GET /add-group/secondary/web: open secondary memberships in the branch (of one student or group when given). */
export async function listSecondary(
  db: Db,
  user: AuthUser,
  query: z.output<typeof secondaryQuery>,
  url: string,
): Promise<Page<SecondaryItem>> {
  const scope = resolveFilial(user, query.filial);
  const where = and(
    isNull(studentGroups.leftOn),
    eq(groups.isSecondary, true),
    scope === 'all' ? undefined : inArray(groups.filialId, scope.length ? scope : [-1]),
    ownGroupCondition(user),
    query.student ? eq(studentGroups.studentId, query.student) : undefined,
    query.group ? eq(groups.id, query.group) : undefined,
  );
  const base = () =>
    db
      .select({
        ...membershipColumns,
        student: personColumns(students),
        parent_group: namedColumns(parentGroups),
      })
      .from(studentGroups)
      .innerJoin(groups, eq(groups.id, studentGroups.groupId))
      .innerJoin(employees, eq(employees.id, groups.teacherId))
      .innerJoin(students, eq(students.id, studentGroups.studentId))
      .leftJoin(parentGroups, eq(parentGroups.id, groups.parentGroupId));
  const [{ n }] = await db
    .select({ n: count() })
    .from(studentGroups)
    .innerJoin(groups, eq(groups.id, studentGroups.groupId))
    .where(where);
  const rows = await base()
    .where(where)
    .orderBy(asc(groups.name), asc(students.fullName), asc(studentGroups.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  const results = rows.map((r) => {
    const m = toMembership(r);
    return {
      id: m.id,
      student: r.student,
      group: { ...m.group, parent_group: r.parent_group },
      joined_on: m.joined_on,
    };
  });
  return toPage(url, query, n, results);
}

/** POST /api/v2/studentgroups/price: the student's own monthly price in a group they are in. */
export async function setStudentGroupPrice(
  db: Db,
  actor: Actor,
  input: { student: number; group: number; price: string },
): Promise<Membership> {
  assertOfficeWriter(actor.user);
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, actor.user, input.group);
    const student = await findStudent(tx, actor.user, input.student, { filialId: group.filialId });
    const open = await openMembership(tx, student.id, group.id);
    if (!open) throw notFound('The student is not in this group');
    await tx.update(studentGroups).set({ price: input.price }).where(eq(studentGroups.id, open.id));
    const after = await membershipById(tx, open.id);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'membership.price',
      entity: 'student_group',
      entityId: open.id,
      filialId: group.filialId,
      before: { price: open.price },
      after: { price: after.price },
      ip: actor.ip,
    });
    return after;
  });
}

/** Memberships that are current on `today`: not closed, or closed today or later (future joiners count). */
export const currentMembership = (today: string) => or(isNull(studentGroups.leftOn), gte(studentGroups.leftOn, today));
