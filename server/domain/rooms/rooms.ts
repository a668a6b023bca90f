// Rooms of a branch (spec section 7, "Rooms"). Archiving replaces deleting: lessons keep pointing at their room.
// A room that running groups or coming one-off lessons still use cannot be archived or moved to another branch.
import { and, asc, count, eq, gte, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CLOSED_GROUP_STATUSES } from '../../../contract/groups';
import type { Room, RoomType, roomBody, roomsNoPgQuery, roomsQuery } from '../../../contract/rooms';
import type { RoomType as StoredRoomType } from '../../db/schema/groups';
import type { Db, DbOrTx } from '../../db/client';
import { filials, groups, lessons, rooms } from '../../db/schema';
import type { Actor, AuthUser } from '../core/actor';
import { conflict, notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { centreToday } from '../lessons/dates';
import { allowedFilials, inScope, resolveFilial } from '../core/scope';

export type { Actor };

type RoomInput = z.output<typeof roomBody>;

// The contract and the table must list the same room types (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const roomTypesMatch: Same<RoomType, StoredRoomType> = true;
void roomTypesMatch;

const columns = {
  id: rooms.id,
  filial: rooms.filialId,
  name: rooms.name,
  room_type: rooms.roomType,
  capacity: rooms.capacity,
  is_archived: rooms.isArchived,
};

function scopeWhere(scope: 'all' | number[]): SQL | undefined {
  return scope === 'all' ? undefined : inArray(rooms.filialId, scope);
}

export async function listRooms(db: Db, user: AuthUser, query: z.output<typeof roomsQuery>, url: string): Promise<Page<Room>> {
  const where = and(
    scopeWhere(resolveFilial(user, query.filial)),
    eq(rooms.isArchived, query.is_archived ?? false),
    query.room_type ? eq(rooms.roomType, query.room_type) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(rooms).where(where);
  const results = await db
    .select(columns)
    .from(rooms)
    .where(where)
    .orderBy(asc(rooms.filialId), asc(rooms.name), asc(rooms.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  return toPage(url, query, n, results);
}

export async function listRoomsNoPg(db: Db, user: AuthUser, query: z.output<typeof roomsNoPgQuery>): Promise<Room[]> {
  return db
    .select(columns)
    .from(rooms)
    .where(
      and(
        scopeWhere(resolveFilial(user, query.filial)),
        eq(rooms.isArchived, false),
        query.room_type ? eq(rooms.roomType, query.room_type) : undefined,
      ),
    )
    .orderBy(asc(rooms.filialId), asc(rooms.name), asc(rooms.id));
}

/** The room in the user's scope, locked for the rest of the transaction; 404 otherwise. */
async function roomForUpdate(tx: DbOrTx, user: AuthUser, id: number): Promise<Room> {
  const [row] = await tx.select(columns).from(rooms).where(eq(rooms.id, id)).for('update');
  if (!row || !inScope(allowedFilials(user), row.filial)) throw notFound('Room not found');
  return row;
}

/** The branch a room is written into: in scope (else 404) and existing and active (else 400 on `filial`). */
async function checkFilial(tx: DbOrTx, user: AuthUser, filialId: number): Promise<void> {
  resolveFilial(user, filialId);
  const [row] = await tx.select({ id: filials.id }).from(filials).where(and(eq(filials.id, filialId), eq(filials.isArchived, false)));
  if (!row) throw fieldError('filial', 'validation.notFound');
}

/** Active room names are unique within a branch, ignoring case; writers of one branch's rooms take turns. */
async function checkName(tx: DbOrTx, filialId: number, name: string, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7303::int, ${filialId}::int)`);
  const [taken] = await tx
    .select({ id: rooms.id })
    .from(rooms)
    .where(
      and(
        eq(rooms.filialId, filialId),
        eq(rooms.isArchived, false),
        sql`lower(${rooms.name}) = lower(${name})`,
        exceptId == null ? undefined : ne(rooms.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw fieldError('name', 'validation.nameTaken');
}

/** What still needs the room: running groups and coming one-off lessons. 409 naming them when any. */
async function assertRoomFree(tx: DbOrTx, roomId: number, why: string, now: Date): Promise<void> {
  const using = await tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.roomId, roomId), notInArray(groups.status, [...CLOSED_GROUP_STATUSES])))
    .orderBy(asc(groups.name), asc(groups.id));
  const [lessonsLeft] = await tx
    .select({ n: count() })
    .from(lessons)
    .where(
      and(
        eq(lessons.roomId, roomId),
        ne(lessons.status, 'cancelled'),
        gte(lessons.date, centreToday(now)),
        or(eq(lessons.kind, 'extra'), sql`${lessons.movedFromDate} is not null`),
      ),
    );
  if (using.length === 0 && lessonsLeft.n === 0) return;
  const names = using.map((g) => `"${g.name}"`).join(', ');
  const parts = [using.length ? `running groups use it: ${names}` : '', lessonsLeft.n ? `${lessonsLeft.n} coming one-off lesson(s) use it` : ''];
  throw conflict(`The room cannot be ${why}: ${parts.filter(Boolean).join('; ')}`, { groups: using, lessons_count: lessonsLeft.n });
}

export async function createRoom(db: Db, actor: Actor, body: RoomInput): Promise<Room> {
  return db.transaction(async (tx) => {
    await checkFilial(tx, actor.user, body.filial);
    await checkName(tx, body.filial, body.name);
    const [row] = await tx
      .insert(rooms)
      .values({ filialId: body.filial, name: body.name, roomType: body.room_type, capacity: body.capacity })
      .returning(columns);
    await audit(tx, { actorId: actor.user.id, action: 'room.create', entity: 'room', entityId: row.id, filialId: row.filial, after: row, ip: actor.ip });
    return row;
  });
}

export async function updateRoom(db: Db, actor: Actor, id: number, body: RoomInput): Promise<Room> {
  return db.transaction(async (tx) => {
    const before = await roomForUpdate(tx, actor.user, id);
    const isArchived = body.is_archived ?? before.is_archived;
    if (body.filial !== before.filial) {
      await checkFilial(tx, actor.user, body.filial);
      await assertRoomFree(tx, id, 'moved to another branch', actor.now);
    }
    if (isArchived && !before.is_archived) await assertRoomFree(tx, id, 'archived', actor.now);
    if (!isArchived) await checkName(tx, body.filial, body.name, id);
    const [after] = await tx
      .update(rooms)
      .set({ filialId: body.filial, name: body.name, roomType: body.room_type, capacity: body.capacity, isArchived })
      .where(eq(rooms.id, id))
      .returning(columns);
    const action = before.is_archived === isArchived ? 'room.update' : isArchived ? 'room.archive' : 'room.unarchive';
    await audit(tx, { actorId: actor.user.id, action, entity: 'room', entityId: id, filialId: after.filial, before, after, ip: actor.ip });
    return after;
  });
}

/** DELETE archives the room; archiving an archived room changes nothing and answers the same. */
export async function archiveRoom(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await roomForUpdate(tx, actor.user, id);
    if (before.is_archived) return;
    await assertRoomFree(tx, id, 'archived', actor.now);
    const [after] = await tx.update(rooms).set({ isArchived: true }).where(eq(rooms.id, id)).returning(columns);
    await audit(tx, { actorId: actor.user.id, action: 'room.archive', entity: 'room', entityId: id, filialId: after.filial, before, after, ip: actor.ip });
  });
}
