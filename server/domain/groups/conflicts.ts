// Schedule clashes (spec section 5, `schedulesConflict` in contract/schedule.ts) checked in SQL inside the
// writing transaction: two slots clash when they share a day and each one's end is after the other's start
// (touching is fine), their date ranges overlap, and they use the same room or the same person. A group's
// teacher and assistant both count as its people. Finished and archived groups and cancelled lessons hold
// nothing. Teachers are checked across every branch (a person cannot be in two places); rooms belong to one.
import { and, arrayContains, arrayOverlaps, asc, desc, eq, gt, gte, inArray, lt, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { CLOSED_GROUP_STATUSES, type Clash } from '../../../contract/groups';
import { WEEK_DAYS } from '../../../contract/schedule';
import type { DbOrTx } from '../../db/client';
import { groups, lessons } from '../../db/schema';
import { conflict } from '../core/errors';
import { isoWeekday } from '../lessons/dates';
import { inScope, type FilialScope } from '../core/scope';

export type { Clash };

/** A weekly slot: a group's days and times between two dates. */
export type ScheduleSlot = {
  filialId: number;
  roomId: number;
  /** The teacher and the assistant (when there is one). */
  teacherIds: number[];
  days: number[];
  startTime: string;
  endTime: string;
  startDate: string;
  endDate: string;
  /** The group being changed, which must not clash with itself. */
  excludeGroupId?: number;
};

/** A one-off slot on one date: an extra lesson or a moved one. */
export type DateSlot = {
  roomId: number;
  teacherIds: number[];
  date: string;
  startTime: string;
  endTime: string;
  /** The lesson being moved or changed. */
  excludeLessonId?: number;
};

const hhmm = (t: string) => t.slice(0, 5);
const ids = (list: number[]) => [...new Set(list.filter((n) => Number.isInteger(n) && n > 0))];

/** Lessons that do not follow their group's weekly schedule: extra ones and moved ones. */
const oneOff = or(eq(lessons.kind, 'extra'), sql`${lessons.movedFromDate} is not null`)!;

function groupUses(roomId: number, teacherIds: number[]): SQL {
  return or(eq(groups.roomId, roomId), inArray(groups.teacherId, teacherIds), inArray(groups.assistantId, teacherIds))!;
}

function lessonUses(roomId: number, teacherIds: number[]): SQL {
  return or(eq(lessons.roomId, roomId), inArray(lessons.teacherId, teacherIds))!;
}

export type GroupRow = { id: number; name: string; days: number[]; startTime: string; endTime: string; roomId: number; filialId: number };
export type LessonRow = {
  id: number;
  date: string;
  startTime: string;
  endTime: string;
  roomId: number;
  groupId: number | null;
  groupName: string | null;
  filialId: number;
};

// A teacher who works in several branches can clash with another branch's group or lesson: the clash then says
// when, not which (the group's id and name are that branch's data), for a reader whose `scope` lacks the branch.

export function groupClash(row: GroupRow, roomId: number, scope: FilialScope = 'all'): Clash {
  return {
    kind: row.roomId === roomId ? 'room' : 'teacher',
    group: inScope(scope, row.filialId) ? { id: row.id, name: row.name } : null,
    days: [...row.days].sort((a, b) => a - b),
    start_time: hhmm(row.startTime),
    end_time: hhmm(row.endTime),
  };
}

export function lessonClash(row: LessonRow, roomId: number, scope: FilialScope = 'all'): Clash {
  const visible = inScope(scope, row.filialId);
  return {
    kind: row.roomId === roomId ? 'room' : 'teacher',
    group: row.groupId == null || !visible ? null : { id: row.groupId, name: row.groupName ?? '' },
    days: [isoWeekday(row.date)],
    start_time: hhmm(row.startTime),
    end_time: hhmm(row.endTime),
    ...(visible ? { lesson: { id: row.id, date: row.date } } : {}),
  };
}

export const groupColumns = {
  id: groups.id,
  name: groups.name,
  days: groups.days,
  startTime: groups.startTime,
  endTime: groups.endTime,
  roomId: groups.roomId,
  filialId: groups.filialId,
};

export const lessonColumns = {
  id: lessons.id,
  date: lessons.date,
  startTime: lessons.startTime,
  endTime: lessons.endTime,
  roomId: lessons.roomId,
  groupId: lessons.groupId,
  groupName: groups.name,
  filialId: lessons.filialId,
};

type WeeklyTimes = Pick<ScheduleSlot, 'days' | 'startTime' | 'endTime' | 'startDate' | 'endDate' | 'excludeGroupId'>;

/** Running groups (other than the excluded one) whose weekly slot overlaps these times, whoever holds them. */
export function groupsOverlapping(slot: WeeklyTimes): SQL {
  return and(
    notInArray(groups.status, [...CLOSED_GROUP_STATUSES]),
    arrayOverlaps(groups.days, slot.days),
    lt(groups.startTime, slot.endTime),
    gt(groups.endTime, slot.startTime),
    lte(groups.startDate, slot.endDate),
    gte(groups.endDate, slot.startDate),
    slot.excludeGroupId == null ? undefined : ne(groups.id, slot.excludeGroupId),
  )!;
}

/** One-off lessons, not cancelled and not of the excluded group, that fall within these weekly times. */
export function oneOffsOverlapping(slot: WeeklyTimes): SQL {
  return and(
    oneOff,
    ne(lessons.status, 'cancelled'),
    gte(lessons.date, slot.startDate),
    lte(lessons.date, slot.endDate),
    sql`extract(isodow from ${lessons.date})::int in ${slot.days}`,
    lt(lessons.startTime, slot.endTime),
    gt(lessons.endTime, slot.startTime),
    slot.excludeGroupId == null ? undefined : sql`${lessons.groupId} is distinct from ${slot.excludeGroupId}`,
  )!;
}

/** The first group matching `where` as a clash; one in the slot's room comes before one with its teacher. */
async function firstGroupClash(tx: DbOrTx, where: SQL | undefined, roomId: number, scope: FilialScope): Promise<Clash | null> {
  const [hit] = await tx
    .select(groupColumns)
    .from(groups)
    .where(where)
    .orderBy(desc(eq(groups.roomId, roomId)), asc(groups.startTime), asc(groups.id))
    .limit(1);
  return hit ? groupClash(hit, roomId, scope) : null;
}

/** The first one-off lesson matching `where` as a clash; one in the slot's room first, then the earliest. */
async function firstLessonClash(tx: DbOrTx, where: SQL | undefined, roomId: number, scope: FilialScope): Promise<Clash | null> {
  const [lesson] = await tx
    .select(lessonColumns)
    .from(lessons)
    .leftJoin(groups, eq(groups.id, lessons.groupId))
    .where(where)
    .orderBy(desc(eq(lessons.roomId, roomId)), asc(lessons.date), asc(lessons.startTime))
    .limit(1);
  return lesson ? lessonClash(lesson, roomId, scope) : null;
}

/** The first clash of a weekly slot with running groups or one-off lessons in its dates; room clashes first. */
export async function findScheduleClash(tx: DbOrTx, slot: ScheduleSlot, scope: FilialScope = 'all'): Promise<Clash | null> {
  const teacherIds = ids(slot.teacherIds);
  const hit = await firstGroupClash(tx, and(groupsOverlapping(slot), groupUses(slot.roomId, teacherIds)), slot.roomId, scope);
  if (hit) return hit;

  return firstLessonClash(tx, and(oneOffsOverlapping(slot), lessonUses(slot.roomId, teacherIds)), slot.roomId, scope);
}

/**
 * The first clash of a one-off lesson on `date`: with running groups whose schedule covers that weekday and
 * date (unless their lesson that day was cancelled, moved away or is the one being moved), and with other
 * one-off lessons that day.
 */
export async function findDateClash(tx: DbOrTx, slot: DateSlot, scope: FilialScope = 'all'): Promise<Clash | null> {
  const teacherIds = ids(slot.teacherIds);
  const excluded = slot.excludeLessonId ?? null;
  const vacated = sql`exists (select 1 from ${lessons} where ${lessons.groupId} = ${groups.id} and ${lessons.kind} = 'regular'
    and ((${lessons.date} = ${slot.date} and (${lessons.status} = 'cancelled' or ${lessons.id} = ${excluded}))
      or ${lessons.movedFromDate} = ${slot.date}))`;
  const hit = await firstGroupClash(
    tx,
    and(
      notInArray(groups.status, [...CLOSED_GROUP_STATUSES]),
      arrayContains(groups.days, [isoWeekday(slot.date)]),
      lte(groups.startDate, slot.date),
      gte(groups.endDate, slot.date),
      lt(groups.startTime, slot.endTime),
      gt(groups.endTime, slot.startTime),
      groupUses(slot.roomId, teacherIds),
      sql`not ${vacated}`,
    ),
    slot.roomId,
    scope,
  );
  if (hit) return hit;

  return firstLessonClash(
    tx,
    and(
      oneOff,
      ne(lessons.status, 'cancelled'),
      eq(lessons.date, slot.date),
      lt(lessons.startTime, slot.endTime),
      gt(lessons.endTime, slot.startTime),
      lessonUses(slot.roomId, teacherIds),
      excluded == null ? undefined : ne(lessons.id, excluded),
    ),
    slot.roomId,
    scope,
  );
}

// Advisory lock classes (the first key of pg_advisory_xact_lock(int, int)); the second key is the id.
const ROOM_LOCK = 7301;
const PERSON_LOCK = 7302;

/**
 * Serialises writers of the same room or person until the transaction ends, so two concurrent writes cannot
 * both pass the check and then both insert. Always in one global order (rooms, then people, by id) so two
 * writers never wait on each other in a cycle.
 */
export async function lockSlot(tx: DbOrTx, roomIds: number[], teacherIds: number[]): Promise<void> {
  const keys: [number, number][] = [
    ...ids(roomIds).sort((a, b) => a - b).map((id): [number, number] => [ROOM_LOCK, id]),
    ...ids(teacherIds).sort((a, b) => a - b).map((id): [number, number] => [PERSON_LOCK, id]),
  ];
  for (const [kind, id] of keys) await tx.execute(sql`select pg_advisory_xact_lock(${kind}::int, ${id}::int)`);
}

const DAY_SHORT = WEEK_DAYS.map((d) => d.slice(0, 1).toUpperCase() + d.slice(1, 3));

/** The English `detail` of a 409, naming what is in the way. */
export function describeClash(c: Clash): string {
  const who = c.kind === 'room' ? 'The room is already taken by' : 'The teacher is already busy with';
  // Neither group nor lesson: another branch's, which the reader may not see (groupClash, lessonClash).
  const what = c.group ? `${c.lesson ? 'a lesson of ' : ''}group "${c.group.name}"` : c.lesson ? 'a one-off lesson' : 'a lesson in another branch';
  const when = c.lesson
    ? `on ${c.lesson.date} ${c.start_time}-${c.end_time}`
    : `(${c.days.map((d) => DAY_SHORT[d - 1]).join(', ')} ${c.start_time}-${c.end_time})`;
  return `${who} ${what} ${when}`;
}

/**
 * Locks the room and the people, then answers 409 `{detail, conflict}` when the slot clashes. Call it inside
 * the transaction that writes the slot, right before the write; `scope` is the writer's (see groupClash).
 */
export async function assertNoClash(tx: DbOrTx, slot: ScheduleSlot | DateSlot, scope: FilialScope): Promise<void> {
  await lockSlot(tx, [slot.roomId], slot.teacherIds);
  const found = 'date' in slot ? await findDateClash(tx, slot, scope) : await findScheduleClash(tx, slot, scope);
  if (found) throw conflict(describeClash(found), { conflict: found });
}
