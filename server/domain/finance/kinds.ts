// Finance kinds (/finance/kind/): what an entry is for, per action, shared by every branch. The system kinds
// (student payment and refund, handover, shift difference) are seeded by migration 0004 and booked by the server
// itself: they cannot be renamed or archived (409). Names are unique per action among active kinds.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FinanceAction, FinanceKind, SystemKind, kindCreateBody, kindPatchBody, kindsQuery } from '../../../contract/finance';
import type { Db, DbOrTx } from '../../db/client';
import { financeKinds } from '../../db/schema';
import { notFound } from '../core/errors';
import { audit } from '../audit/record';
import { archiveAction } from '../catalogue/common';
import type { Actor } from './cashiers';
import { ledgerConflict } from './ledgerErrors';
import { assertNameFree } from '../core/names';

const columns = {
  id: financeKinds.id,
  name: financeKinds.name,
  action: financeKinds.action,
  system_key: financeKinds.systemKey,
  is_archived: financeKinds.isArchived,
};

async function selectKinds(q: DbOrTx, where: SQL | undefined): Promise<FinanceKind[]> {
  const rows = await q.select(columns).from(financeKinds).where(where).orderBy(asc(financeKinds.action), asc(financeKinds.name), asc(financeKinds.id));
  return rows.map((r) => ({ ...r, system_key: r.system_key ?? null }));
}

export function listKinds(db: DbOrTx, query: z.output<typeof kindsQuery>): Promise<FinanceKind[]> {
  return selectKinds(db, and(query.action ? eq(financeKinds.action, query.action) : undefined, eq(financeKinds.isArchived, query.is_archived ?? false)));
}

export async function kindById(q: DbOrTx, id: number): Promise<FinanceKind | undefined> {
  return (await selectKinds(q, eq(financeKinds.id, id)))[0];
}

/** The id of a system kind (they are seeded rows; a missing one is a broken database, not bad input). */
export async function systemKindId(q: DbOrTx, key: SystemKind, action: FinanceAction): Promise<number> {
  const [row] = await q
    .select({ id: financeKinds.id })
    .from(financeKinds)
    .where(and(eq(financeKinds.systemKey, key), eq(financeKinds.action, action)));
  if (!row) throw new Error(`system kind ${key}/${action} is missing`);
  return row.id;
}

async function checkName(tx: DbOrTx, action: FinanceAction, name: string, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('markaz.finance_kind_names'))`);
  await assertNameFree(tx, financeKinds, name, eq(financeKinds.action, action), exceptId);
}

export async function createKind(db: Db, actor: Actor, body: z.output<typeof kindCreateBody>): Promise<FinanceKind> {
  return db.transaction(async (tx) => {
    await checkName(tx, body.action, body.name);
    const [{ id }] = await tx.insert(financeKinds).values({ name: body.name, action: body.action }).returning({ id: financeKinds.id });
    const after = (await kindById(tx, id))!;
    await audit(tx, { actorId: actor.user.id, action: 'finance_kind.create', entity: 'finance_kind', entityId: id, after, ip: actor.ip });
    return after;
  });
}

export async function patchKind(db: Db, actor: Actor, id: number, body: z.output<typeof kindPatchBody>): Promise<FinanceKind> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: financeKinds.id }).from(financeKinds).where(eq(financeKinds.id, id)).for('update');
    if (!locked) throw notFound('Kind not found');
    const before = (await kindById(tx, id))!;
    if (before.system_key) throw ledgerConflict('validation.systemKind');
    const name = body.name ?? before.name;
    const isArchived = body.is_archived ?? before.is_archived;
    if (!isArchived && (name !== before.name || before.is_archived)) await checkName(tx, before.action, name, id);
    await tx.update(financeKinds).set({ name, isArchived }).where(eq(financeKinds.id, id));
    const after = (await kindById(tx, id))!;
    await audit(tx, { actorId: actor.user.id, action: archiveAction('finance_kind', before.is_archived, isArchived), entity: 'finance_kind', entityId: id, before, after, ip: actor.ip });
    return after;
  });
}
