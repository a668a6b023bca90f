// Creating and changing groups (main and secondary) in one transaction each: references checked against the
// branch, the schedule checked for clashes under the room's and people's locks, the row written, its regular
// lessons generated, and one audit entry.
import { eq } from 'drizzle-orm';
import {
  CLOSED_GROUP_STATUSES,
  groupMsg,
  scheduleIssues,
  type Group,
  type GroupInput,
  type GroupPatch,
  type GroupStatus,
  type SecondaryGroupInput,
} from '../../../contract/groups';
import type { Db, DbOrTx } from '../../db/client';
import { groups } from '../../db/schema';
import type { Actor, AuthUser } from '../core/actor';
import { fieldKeys, notFound, type DomainError } from '../core/errors';
import { audit } from '../audit/record';
import { centreToday } from '../lessons/dates';
import { allowedFilials, inScope, resolveFilial, type FilialScope } from '../core/scope';
import { assertNoClash } from './conflicts';
import { checkReferences } from './groupReferences';
import { getGroup } from './groupQueries';
import { regenerateLessons } from './lessonsGenerate';

export type { Actor };
type Stored = typeof groups.$inferSelect;

/** A group as the rules see it: the stored row after the request's changes. */
type Draft = Omit<Stored, 'id' | 'createdAt' | 'updatedAt'>;

const isOpen = (status: GroupStatus) => !CLOSED_GROUP_STATUSES.includes(status);

/** A new group is planned until its first day, then active. */
export function initialStatus(startDate: string, today: string): GroupStatus {
  return startDate > today ? 'planned' : 'active';
}

function badFields(issues: [string, string][]): DomainError {
  return fieldKeys(Object.fromEntries(issues.map(([field, key]) => [field, [key]])));
}

/** Fields whose change moves the group in the week or in the calendar, so clashes and lessons are redone. */
const SCHEDULE_KEYS = ['filialId', 'roomId', 'teacherId', 'assistantId', 'days', 'startTime', 'endTime', 'startDate', 'endDate', 'status'] as const;

function scheduleChanged(before: Draft, after: Draft): boolean {
  return SCHEDULE_KEYS.some((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

async function guardSchedule(tx: DbOrTx, g: Draft, scope: FilialScope, excludeGroupId?: number): Promise<void> {
  if (!isOpen(g.status)) return;
  await assertNoClash(tx, {
    filialId: g.filialId,
    roomId: g.roomId,
    teacherIds: g.assistantId == null ? [g.teacherId] : [g.teacherId, g.assistantId],
    days: g.days,
    startTime: g.startTime,
    endTime: g.endTime,
    startDate: g.startDate,
    endDate: g.endDate,
    excludeGroupId,
  }, scope);
}

/** The stored row normalised for comparing and auditing ("14:00:00" → "14:00"). */
function normalise<T extends Draft>(row: T): T {
  return { ...row, startTime: row.startTime.slice(0, 5), endTime: row.endTime.slice(0, 5), days: [...row.days].map(Number) };
}

async function insertGroup(tx: DbOrTx, actor: Actor, draft: Draft): Promise<number> {
  if (draft.assistantId != null && draft.assistantId === draft.teacherId) throw badFields([['assistant', groupMsg.assistant]]);
  await guardSchedule(tx, draft, allowedFilials(actor.user));
  const [row] = await tx.insert(groups).values(draft).returning();
  const lessons = await regenerateLessons(tx, { ...draft, id: row.id }, draft.startDate, actor.user.id);
  await audit(tx, {
    actorId: actor.user.id,
    action: draft.isSecondary ? 'group.secondary_create' : 'group.create',
    entity: 'group',
    entityId: row.id,
    filialId: row.filialId,
    after: { ...normalise(row), lessons },
    ip: actor.ip,
  });
  return row.id;
}

/** The columns a new main or secondary group takes straight from its form; a missing status follows the start date. */
function formColumns(input: GroupInput | SecondaryGroupInput, now: Date) {
  return {
    filialId: input.filial,
    name: input.name,
    teacherId: input.teacher,
    assistantId: input.assistant ?? null,
    roomId: input.room,
    days: input.days,
    startTime: input.start_time,
    endTime: input.end_time,
    startDate: input.start_date,
    endDate: input.end_date,
    status: input.status ?? initialStatus(input.start_date, centreToday(now)),
  };
}

/** POST /groups/: the price defaults to the course's, the status to planned or active by the start date. */
export async function createGroup(db: Db, actor: Actor, input: GroupInput): Promise<Group> {
  const id = await db.transaction(async (tx) => {
    resolveFilial(actor.user, input.filial);
    const { coursePrice } = await checkReferences(tx, input);
    return insertGroup(tx, actor, {
      ...formColumns(input, actor.now),
      courseId: input.course,
      price: input.price ?? coursePrice!,
      isSecondary: false,
      parentGroupId: null,
    });
  });
  return getGroup(db, actor.user, id, actor.now);
}

/** POST /groups/secondary/: off a main group of the branch; its course by default, free unless priced. */
export async function createSecondaryGroup(db: Db, actor: Actor, input: SecondaryGroupInput): Promise<Group> {
  const id = await db.transaction(async (tx) => {
    resolveFilial(actor.user, input.filial);
    await checkReferences(tx, { filial: input.filial, parent_group: input.parent_group });
    const [parent] = await tx.select({ courseId: groups.courseId }).from(groups).where(eq(groups.id, input.parent_group));
    const courseId = input.course ?? parent.courseId;
    await checkReferences(tx, { ...input, course: courseId });
    return insertGroup(tx, actor, {
      ...formColumns(input, actor.now),
      courseId,
      price: input.price ?? '0.00',
      isSecondary: true,
      parentGroupId: input.parent_group,
    });
  });
  return getGroup(db, actor.user, id, actor.now);
}

/** The group in the user's branches, locked for the transaction; 404 when unknown, elsewhere or the wrong kind. */
async function groupForUpdate(tx: DbOrTx, user: AuthUser, id: number, secondary?: boolean): Promise<Stored> {
  const [row] = await tx.select().from(groups).where(eq(groups.id, id)).for('update');
  if (!row || !inScope(allowedFilials(user), row.filialId)) throw notFound('Group not found');
  if (secondary !== undefined && row.isSecondary !== secondary) throw notFound('Group not found');
  return row;
}

type Changes = GroupPatch & { parent_group?: number };

/**
 * PUT and PATCH: the changes merged over the stored group and checked as a whole. A change of room, people,
 * days, times, dates or status checks clashes again and regenerates the lessons from today on.
 */
async function changeGroup(tx: DbOrTx, actor: Actor, id: number, changes: Changes, secondary?: boolean): Promise<void> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...stored } = await groupForUpdate(tx, actor.user, id, secondary);
  const before: Draft = normalise(stored);
  if (changes.filial !== undefined && changes.filial !== before.filialId) resolveFilial(actor.user, changes.filial);
  const after: Draft = normalise({
    ...before,
    filialId: changes.filial ?? before.filialId,
    name: changes.name ?? before.name,
    courseId: changes.course ?? before.courseId,
    teacherId: changes.teacher ?? before.teacherId,
    assistantId: changes.assistant === undefined ? before.assistantId : changes.assistant,
    roomId: changes.room ?? before.roomId,
    days: changes.days ?? before.days,
    startTime: changes.start_time ?? before.startTime,
    endTime: changes.end_time ?? before.endTime,
    startDate: changes.start_date ?? before.startDate,
    endDate: changes.end_date ?? before.endDate,
    price: changes.price ?? before.price,
    status: changes.status ?? before.status,
    parentGroupId: changes.parent_group ?? before.parentGroupId,
  });
  const issues = scheduleIssues({ start_time: after.startTime, end_time: after.endTime, start_date: after.startDate, end_date: after.endDate });
  if (issues.length) throw badFields(issues);

  // References are checked when they change, and all of them when the group changes branch.
  const moved = after.filialId !== before.filialId;
  const changed = <K extends keyof Draft>(k: K) => moved || after[k] !== before[k];
  await checkReferences(tx, {
    filial: after.filialId,
    course: changed('courseId') ? after.courseId : undefined,
    teacher: changed('teacherId') ? after.teacherId : undefined,
    assistant: changed('assistantId') ? after.assistantId : undefined,
    room: changed('roomId') ? after.roomId : undefined,
    parent_group: after.isSecondary && changed('parentGroupId') ? after.parentGroupId ?? undefined : undefined,
  });
  if (after.assistantId != null && after.assistantId === after.teacherId) throw badFields([['assistant', groupMsg.assistant]]);

  const reschedule = scheduleChanged(before, after);
  if (reschedule) await guardSchedule(tx, after, allowedFilials(actor.user), id);
  await tx.update(groups).set({ ...after, updatedAt: new Date() }).where(eq(groups.id, id));
  const lessons = reschedule ? await regenerateLessons(tx, { ...after, id }, centreToday(actor.now), actor.user.id) : undefined;
  const action = before.status !== after.status && after.status === 'archived' ? 'group.archive' : 'group.update';
  await audit(tx, {
    actorId: actor.user.id,
    action,
    entity: 'group',
    entityId: id,
    filialId: after.filialId,
    before,
    after: { ...after, lessons },
    ip: actor.ip,
  });
}

export async function updateGroup(db: Db, actor: Actor, id: number, changes: GroupPatch): Promise<Group> {
  await db.transaction((tx) => changeGroup(tx, actor, id, changes));
  return getGroup(db, actor.user, id, actor.now);
}

export async function updateSecondaryGroup(db: Db, actor: Actor, id: number, changes: Changes): Promise<Group> {
  await db.transaction((tx) => changeGroup(tx, actor, id, changes, true));
  return getGroup(db, actor.user, id, actor.now);
}

/** DELETE /groups/secondary/: archives the group; its lessons still to come go, held ones stay. */
export async function archiveSecondaryGroup(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = await groupForUpdate(tx, actor.user, id, true);
    if (stored.status === 'archived') return;
    await changeGroup(tx, actor, id, { status: 'archived' }, true);
  });
}
