// Who may see and change which groups and lessons. Branch scope first (outside it: 404). Teachers and
// assistants see only their own groups and lessons (others: 404, as if they did not exist) and change nothing
// but attendance (403).
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../contract/roles';
import type { DbOrTx } from '../../db/client';
import { groups, lessons, rooms } from '../../db/schema';
import type { Actor, AuthUser } from '../core/actor';
import { forbidden, notFound, fieldError } from '../core/errors';
import { allowedFilials, inScope } from '../core/scope';

export type { Actor };

export const TEACHING_ROLES: readonly Role[] = ['TEACHER', 'ASSISTANT'];

export function isTeaching(user: Pick<AuthUser, 'role'>): boolean {
  return TEACHING_ROLES.includes(user.role);
}

/** Memberships, lesson changes and extra lessons are office work: teachers and assistants only mark attendance. */
export function assertOfficeWriter(user: Pick<AuthUser, 'role'>): void {
  if (isTeaching(user)) throw forbidden('Teachers and assistants can only mark attendance');
}

/** Rows of `filialColumn` inside the user's branches (no condition for an all-branch scope). */
export function filialCondition(user: AuthUser, filialColumn: typeof groups.filialId | typeof lessons.filialId): SQL | undefined {
  const scope = allowedFilials(user);
  return scope === 'all' ? undefined : inArray(filialColumn, scope.length ? scope : [-1]);
}

/** For teachers and assistants: groups they teach or assist. Undefined (no condition) for everyone else. */
export function ownGroupCondition(user: AuthUser): SQL | undefined {
  if (!isTeaching(user)) return undefined;
  return or(eq(groups.teacherId, user.id), eq(groups.assistantId, user.id));
}

/** For teachers and assistants: lessons they teach, or of a group they teach or assist. */
export function ownLessonCondition(user: AuthUser): SQL | undefined {
  if (!isTeaching(user)) return undefined;
  return or(
    eq(lessons.teacherId, user.id),
    sql`exists (select 1 from ${groups} where ${groups.id} = ${lessons.groupId} and (${groups.teacherId} = ${user.id} or ${groups.assistantId} = ${user.id}))`,
  );
}

export const groupColumns = {
  id: groups.id,
  filialId: groups.filialId,
  name: groups.name,
  teacherId: groups.teacherId,
  assistantId: groups.assistantId,
  roomId: groups.roomId,
  capacity: rooms.capacity,
  days: groups.days,
  startTime: groups.startTime,
  endTime: groups.endTime,
  startDate: groups.startDate,
  endDate: groups.endDate,
  status: groups.status,
  isSecondary: groups.isSecondary,
  parentGroupId: groups.parentGroupId,
};
/** What groupColumns selects: the group's own columns and its room's capacity. */
export type GroupRow = Pick<
  typeof groups.$inferSelect,
  | 'id'
  | 'filialId'
  | 'name'
  | 'teacherId'
  | 'assistantId'
  | 'roomId'
  | 'days'
  | 'startTime'
  | 'endTime'
  | 'startDate'
  | 'endDate'
  | 'status'
  | 'isSecondary'
  | 'parentGroupId'
> & { capacity: number };

/**
 * A group the user may see, or 404. `forUpdate` locks the row so membership changes of one group (capacity
 * checks) run one after another.
 */
export async function findGroup(tx: DbOrTx, user: AuthUser, id: number, options: { forUpdate?: boolean } = {}): Promise<GroupRow> {
  const query = tx
    .select(groupColumns)
    .from(groups)
    .innerJoin(rooms, eq(rooms.id, groups.roomId))
    .where(and(eq(groups.id, id), ownGroupCondition(user)));
  const [row] = options.forUpdate ? await query.for('update', { of: groups }) : await query;
  if (!row || !inScope(allowedFilials(user), row.filialId)) throw notFound('Group not found');
  return row;
}

/** A room of the branch that is not archived, or a 400 on `field`. */
export async function assertRoomOfFilial(tx: DbOrTx, roomId: number, filialId: number, field = 'room'): Promise<void> {
  const [room] = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.id, roomId), eq(rooms.filialId, filialId), eq(rooms.isArchived, false)));
  if (!room) throw fieldError(field, 'validation.room');
}

/** A 400 on one field; a message key is answered in the request's language (server/http/errors.ts). */
export { fieldError };
