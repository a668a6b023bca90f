// Tasks (issue 6): list (overdue first, then by due time), an employee's tasks, create and edit. Branch scope goes
// through the task's branch (another branch's task answers 404); the performer must be an active employee of that
// branch; a linked lead or student must belong to it. Assigning someone notifies them with a link to the task.
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  canMoveTask,
  dueAcceptable,
  isOverdue,
  taskLink,
  type Task,
  type TaskStatus,
  type employeeTasksQuery,
  type taskCreate,
  type taskUpdate,
  type tasksQuery,
} from '../../../contract/tasks';
import type { Role } from '../../../contract/roles';
import type { Db, DbOrTx } from '../../db/client';
import { employeeFilials, employees, leads, students, tasks } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { forbidden, notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { isTeaching, type Actor } from '../lessons/access';
import { notify } from '../notifications/notifications';
import { allowedFilials, inScope, resolveFilial, type FilialScope } from '../core/scope';
import { ownStudentCondition } from '../students/teacherScope';
import { taskText } from './texts';

/** Roles that see and change every task of their branches, not only their own. */
export const TASK_MANAGER_ROLES: readonly Role[] = ['DIRECTOR', 'FILIAL_Manager', 'MULTIPLE_FILIAL_MANAGER'];
const isManager = (user: Pick<AuthUser, 'role'>) => TASK_MANAGER_ROLES.includes(user.role);

const performer = alias(employees, 'performer');
const creator = alias(employees, 'creator');

const OPEN = sql`${tasks.status} in ('new', 'in_progress')`;
// Overdue at the request's instant (the app clock), not the database's now(): a test clock or a page that says
// what time it is sees the same overdue flags as the reminder job.
const overdueAt = (now: Date) => sql`(${OPEN} and ${tasks.dueAt} < ${now})`;

const columns = {
  id: tasks.id,
  filial: tasks.filialId,
  title: tasks.title,
  description: tasks.description,
  performerId: tasks.performerId,
  performerName: performer.fullName,
  creatorId: tasks.creatorId,
  creatorName: creator.fullName,
  dueAt: tasks.dueAt,
  status: tasks.status,
  doneAt: tasks.doneAt,
  leadId: tasks.leadId,
  leadName: leads.fullName,
  studentId: tasks.studentId,
  studentName: students.fullName,
  createdAt: tasks.createdAt,
};

type Row = {
  id: number;
  filial: number;
  title: string;
  description: string;
  performerId: number;
  performerName: string | null;
  creatorId: number;
  creatorName: string | null;
  dueAt: Date;
  status: TaskStatus;
  doneAt: Date | null;
  leadId: number | null;
  leadName: string | null;
  studentId: number | null;
  studentName: string | null;
  createdAt: Date;
};

const iso = (d: Date | string) => new Date(d).toISOString();

function toTask(r: Row, now: Date): Task {
  return {
    id: r.id,
    filial: r.filial,
    title: r.title,
    description: r.description,
    performer: { id: r.performerId, full_name: r.performerName ?? '' },
    creator: { id: r.creatorId, full_name: r.creatorName ?? '' },
    due_at: iso(r.dueAt),
    status: r.status,
    done_at: r.doneAt ? iso(r.doneAt) : null,
    lead: r.leadId == null ? null : { id: r.leadId, full_name: r.leadName ?? '' },
    student: r.studentId == null ? null : { id: r.studentId, full_name: r.studentName ?? '' },
    overdue: isOverdue({ status: r.status, due_at: r.dueAt }, now),
    created_at: iso(r.createdAt),
  };
}

function selectTasks(db: DbOrTx) {
  return db
    .select(columns)
    .from(tasks)
    .innerJoin(performer, eq(performer.id, tasks.performerId))
    .innerJoin(creator, eq(creator.id, tasks.creatorId))
    .leftJoin(leads, eq(leads.id, tasks.leadId))
    .leftJoin(students, eq(students.id, tasks.studentId));
}

const orderAt = (now: Date) => [sql`${overdueAt(now)} desc`, sql`${OPEN} desc`, asc(tasks.dueAt), asc(tasks.id)];

function scopeCondition(scope: FilialScope): SQL | undefined {
  return scope === 'all' ? undefined : inArray(tasks.filialId, scope.length ? scope : [-1]);
}

/** Mine or created by me. */
const ours = (user: AuthUser) => or(eq(tasks.performerId, user.id), eq(tasks.creatorId, user.id));

/** GET /tasks/no-pg/ */
export async function listTasks(db: Db, user: AuthUser, query: z.output<typeof tasksQuery>, now: Date): Promise<Task[]> {
  const scope = resolveFilial(user, query.filial);
  const who =
    query.scope === 'mine'
      ? eq(tasks.performerId, user.id)
      : query.scope === 'created'
        ? eq(tasks.creatorId, user.id)
        : query.scope === 'all' || !isManager(user)
          ? ours(user)
          : undefined;
  const rows = await selectTasks(db)
    .where(
      and(
        scopeCondition(scope),
        who,
        query.performer ? eq(tasks.performerId, query.performer) : undefined,
        query.status ? eq(tasks.status, query.status) : undefined,
      ),
    )
    .orderBy(...orderAt(now))
    .limit(500);
  return rows.map((r) => toTask(r, now));
}

/** 404 unless the employee exists and shares a branch with the user (no branches = every branch). */
async function assertEmployeeVisible(db: DbOrTx, user: AuthUser, id: number): Promise<void> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.id, id));
  if (!row) throw notFound('Employee not found');
  const scope = allowedFilials(user);
  if (scope === 'all') return;
  const theirs = await db.select({ filialId: employeeFilials.filialId }).from(employeeFilials).where(eq(employeeFilials.employeeId, id));
  if (theirs.length && !theirs.some((f) => scope.includes(f.filialId))) throw notFound('Employee not found');
}

/** GET /tasks/all/{id}/: employee {id}'s tasks (performer or creator) within the user's branches, paged. */
export async function employeeTasks(
  db: Db,
  user: AuthUser,
  id: number,
  query: z.output<typeof employeeTasksQuery>,
  url: string,
  now: Date,
): Promise<Page<Task>> {
  await assertEmployeeVisible(db, user, id);
  // A teacher or assistant sees only the tasks they gave or received, of anyone.
  const where = and(scopeCondition(allowedFilials(user)), or(eq(tasks.performerId, id), eq(tasks.creatorId, id)), isTeaching(user) ? ours(user) : undefined);
  const [{ n }] = await db.select({ n: count() }).from(tasks).where(where);
  const rows = await selectTasks(db).where(where).orderBy(...orderAt(now)).limit(query.page_size).offset(pageOffset(query));
  return toPage(url, query, n, rows.map((r) => toTask(r, now)));
}

/** The task when it is in the user's branches, and for a teacher or assistant one they gave or received (404 otherwise). */
async function findTask(tx: DbOrTx, user: AuthUser, id: number): Promise<Row> {
  const [row] = await selectTasks(tx).where(and(eq(tasks.id, id), isTeaching(user) ? ours(user) : undefined));
  if (!row || !inScope(allowedFilials(user), row.filial)) throw notFound('Task not found');
  return row as Row;
}

/** GET /tasks/{id}/ */
export async function getTask(db: Db, user: AuthUser, id: number, now: Date): Promise<Task> {
  return toTask(await findTask(db, user, id), now);
}

/** The performer must be an active employee working in the task's branch (no branches = every branch). */
async function assertPerformer(tx: DbOrTx, id: number, filialId: number): Promise<{ id: number; fullName: string }> {
  const [row] = await tx
    .select({ id: employees.id, fullName: employees.fullName, archived: employees.isArchived })
    .from(employees)
    .where(eq(employees.id, id));
  if (!row || row.archived) throw fieldError('performer', 'tasks.errors.performer');
  const theirs = await tx.select({ filialId: employeeFilials.filialId }).from(employeeFilials).where(eq(employeeFilials.employeeId, id));
  if (theirs.length && !theirs.some((f) => f.filialId === filialId)) throw fieldError('performer', 'tasks.errors.performer');
  return row;
}

/** A linked lead or student: 404 when unknown or outside the user's branches, 400 when of another branch. */
async function assertLinked(tx: DbOrTx, user: AuthUser, kind: 'lead' | 'student', id: number, filialId: number): Promise<void> {
  const table = kind === 'lead' ? leads : students;
  const [row] = await tx
    .select({ filialId: table.filialId })
    .from(table)
    .where(and(eq(table.id, id), kind === 'student' ? ownStudentCondition(user, students.id) : undefined));
  if (!row || !inScope(allowedFilials(user), row.filialId)) throw notFound(kind === 'lead' ? 'Lead not found' : 'Student not found');
  if (row.filialId !== filialId) throw fieldError(kind, 'tasks.errors.otherBranch');
}

// Checked against the wall clock, not the request's instant: the browser computes a due time from its own clock
// ("in an hour"), and a page that states another time for its lessons (the e2e test clock) must still be able to
// give a task. In production the two are the same.
function assertDue(dueAt: string): Date {
  if (!dueAcceptable(dueAt, new Date())) throw fieldError('due_at', 'tasks.errors.duePast');
  return new Date(dueAt);
}

/** POST /tasks/ */
export async function createTask(db: Db, actor: Actor, localesDir: string, body: z.output<typeof taskCreate>): Promise<Task> {
  resolveFilial(actor.user, body.filial);
  const due = assertDue(body.due_at);
  return db.transaction(async (tx) => {
    const person = await assertPerformer(tx, body.performer, body.filial);
    if (body.lead) await assertLinked(tx, actor.user, 'lead', body.lead, body.filial);
    if (body.student) await assertLinked(tx, actor.user, 'student', body.student, body.filial);
    const [row] = await tx
      .insert(tasks)
      .values({
        filialId: body.filial,
        title: body.title,
        description: body.description,
        performerId: person.id,
        creatorId: actor.user.id,
        dueAt: due,
        leadId: body.lead ?? null,
        studentId: body.student ?? null,
      })
      .returning({ id: tasks.id });
    await notify(tx, [
      { userId: person.id, filialId: body.filial, link: taskLink(row.id), comment: taskText(localesDir, 'assigned', { title: body.title, due }) },
    ]);
    const created = await findTask(tx, actor.user, row.id);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'task.create',
      entity: 'task',
      entityId: row.id,
      filialId: body.filial,
      after: auditShape(created),
      ip: actor.ip,
    });
    return toTask(created, actor.now);
  });
}

const auditShape = (r: Row) => ({
  title: r.title,
  description: r.description,
  performer: r.performerId,
  due_at: iso(r.dueAt),
  status: r.status,
  lead: r.leadId,
  student: r.studentId,
});

/** PUT/PATCH /tasks/{id}/: only the creator, the performer or a manager; status moves by canMoveTask. */
export async function updateTask(db: Db, actor: Actor, localesDir: string, id: number, body: z.output<typeof taskUpdate>): Promise<Task> {
  return db.transaction(async (tx) => {
    await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, id)).for('update');
    const before = await findTask(tx, actor.user, id);
    const user = actor.user;
    if (before.creatorId !== user.id && before.performerId !== user.id && !isManager(user)) throw forbidden();
    const set: Partial<typeof tasks.$inferInsert> = { updatedAt: actor.now };
    if (body.title !== undefined) set.title = body.title;
    if (body.description !== undefined) set.description = body.description;
    if (body.due_at !== undefined && Date.parse(body.due_at) !== before.dueAt.getTime()) {
      set.dueAt = assertDue(body.due_at);
      // A new due time gets its own overdue reminder.
      set.overdueNotifiedAt = null;
    }
    let newPerformer: { id: number; fullName: string } | null = null;
    if (body.performer !== undefined && body.performer !== before.performerId) {
      newPerformer = await assertPerformer(tx, body.performer, before.filial);
      set.performerId = newPerformer.id;
    }
    if (body.lead !== undefined) {
      if (body.lead !== null) await assertLinked(tx, user, 'lead', body.lead, before.filial);
      set.leadId = body.lead;
    }
    if (body.student !== undefined) {
      if (body.student !== null) await assertLinked(tx, user, 'student', body.student, before.filial);
      set.studentId = body.student;
    }
    if (body.status !== undefined && body.status !== before.status) {
      if (!canMoveTask(before.status, body.status)) throw fieldError('status', 'tasks.errors.status');
      set.status = body.status;
      set.doneAt = body.status === 'done' ? actor.now : null;
    }
    await tx.update(tasks).set(set).where(eq(tasks.id, id));
    const after = await findTask(tx, user, id);
    if (newPerformer) {
      await notify(tx, [
        { userId: newPerformer.id, filialId: before.filial, link: taskLink(id), comment: taskText(localesDir, 'assigned', { title: after.title, due: after.dueAt }) },
      ]);
    } else if (set.dueAt && before.performerId !== user.id) {
      // The bell's "assigned" line still names the old due time: the performer hears of the new one.
      await notify(tx, [
        { userId: before.performerId, filialId: before.filial, link: taskLink(id), comment: taskText(localesDir, 'rescheduled', { title: after.title, due: after.dueAt }) },
      ]);
    }
    await audit(tx, {
      actorId: user.id,
      action: body.status !== undefined && body.status !== before.status ? `task.${body.status}` : 'task.update',
      entity: 'task',
      entityId: id,
      filialId: before.filial,
      before: auditShape(before),
      after: auditShape(after),
      ip: actor.ip,
    });
    return toTask(after, actor.now);
  });
}
