// Branches: the switcher's list, and the director's create, edit and archive (the control area).
import { and, asc, eq, gt, inArray, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Filial, FilialDetail, filialBody, filialListQuery } from '../../../contract/filial';
import { CLOSED_GROUP_STATUSES } from '../../../contract/groups';
import type { Db, DbOrTx } from '../../db/client';
import { cashierBalances, cashiers, filials, groups } from '../../db/schema';
import type { Actor, AuthUser } from '../core/actor';
import { conflictMessage, forbidden, notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { allowedFilials } from '../core/scope';

type FilialInput = z.output<typeof filialBody>;

/** The active branches in the user's scope, by id. */
export async function listFilials(db: Db, user: AuthUser): Promise<Filial[]> {
  const scope = allowedFilials(user);
  return db
    .select({ id: filials.id, name: filials.name })
    .from(filials)
    .where(and(eq(filials.isArchived, false), scope === 'all' ? undefined : inArray(filials.id, scope)))
    .orderBy(asc(filials.id));
}

async function selectDetails(db: DbOrTx, where: SQL | undefined): Promise<FilialDetail[]> {
  const open = db
    .select({ filialId: groups.filialId, n: sql<number>`count(*)`.as('n') })
    .from(groups)
    .where(notInArray(groups.status, [...CLOSED_GROUP_STATUSES]))
    .groupBy(groups.filialId)
    .as('open_groups');
  return db
    .select({
      id: filials.id,
      name: filials.name,
      address: filials.address,
      phone: filials.phone,
      is_archived: filials.isArchived,
      charge_excused: filials.chargeExcused,
      active_groups: sql<number>`coalesce(${open.n}, 0)`.mapWith(Number),
    })
    .from(filials)
    .leftJoin(open, eq(open.filialId, filials.id))
    .where(where)
    .orderBy(asc(filials.id));
}

/** GET /filial/: the branches of the user's scope with their details, active or archived. */
export function listFilialDetails(db: Db, user: AuthUser, query: z.output<typeof filialListQuery>): Promise<FilialDetail[]> {
  const scope = allowedFilials(user);
  return selectDetails(
    db,
    and(eq(filials.isArchived, query.is_archived ?? false), scope === 'all' ? undefined : scope.length ? inArray(filials.id, scope) : sql`false`),
  );
}

/** Only the director opens and edits branches (spec section 7, "Courses and branches"). */
function directorOnly(user: AuthUser): void {
  if (user.role !== 'DIRECTOR') throw forbidden();
}

/** Writers take turns, so two requests cannot both take a free name. 400 on `name` when an active branch has it. */
async function checkName(tx: DbOrTx, name: string, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('markaz.filial_names'))`);
  const [taken] = await tx
    .select({ id: filials.id })
    .from(filials)
    .where(and(eq(filials.isArchived, false), sql`lower(${filials.name}) = lower(${name})`, exceptId == null ? undefined : ne(filials.id, exceptId)))
    .limit(1);
  if (taken) throw fieldError('name', 'validation.nameTaken');
}

/** What keeps a branch open: groups still running and cashiers with money on them. */
export async function filialHolds(tx: DbOrTx, id: number): Promise<{ groups: number; cashiers: number }> {
  const [g] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(groups)
    .where(and(eq(groups.filialId, id), notInArray(groups.status, [...CLOSED_GROUP_STATUSES])));
  const [c] = await tx
    .select({ n: sql<number>`count(distinct ${cashiers.id})`.mapWith(Number) })
    .from(cashiers)
    .innerJoin(cashierBalances, eq(cashierBalances.cashierId, cashiers.id))
    .where(and(eq(cashiers.filialId, id), gt(cashierBalances.balance, '0')));
  return { groups: g.n, cashiers: c.n };
}

export async function createFilial(db: Db, actor: Actor, input: FilialInput): Promise<FilialDetail> {
  directorOnly(actor.user);
  return db.transaction(async (tx) => {
    await checkName(tx, input.name);
    const [row] = await tx
      .insert(filials)
      .values({ name: input.name, address: input.address ?? null, phone: input.phone ?? null })
      .returning({ id: filials.id });
    const [created] = await selectDetails(tx, eq(filials.id, row.id));
    await audit(tx, { actorId: actor.user.id, action: 'filial.create', entity: 'filial', entityId: row.id, filialId: row.id, after: created, ip: actor.ip });
    return created;
  });
}

export async function updateFilial(db: Db, actor: Actor, id: number, input: FilialInput): Promise<FilialDetail> {
  directorOnly(actor.user);
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: filials.id }).from(filials).where(eq(filials.id, id)).for('update');
    if (!locked) throw notFound('Branch not found');
    const [before] = await selectDetails(tx, eq(filials.id, id));
    const archived = input.is_archived ?? before.is_archived;
    if (!archived) await checkName(tx, input.name, id);
    if (archived && !before.is_archived) {
      const holds = await filialHolds(tx, id);
      if (holds.groups > 0 || holds.cashiers > 0) throw conflictMessage('errors.filialInUse', holds, holds);
    }
    await tx
      .update(filials)
      .set({
        name: input.name,
        address: input.address === undefined ? before.address : input.address,
        phone: input.phone === undefined ? before.phone : input.phone,
        isArchived: archived,
      })
      .where(eq(filials.id, id));
    const [after] = await selectDetails(tx, eq(filials.id, id));
    const action = archived === before.is_archived ? 'filial.update' : archived ? 'filial.archive' : 'filial.restore';
    await audit(tx, { actorId: actor.user.id, action, entity: 'filial', entityId: id, filialId: id, before, after, ip: actor.ip });
    return after;
  });
}
