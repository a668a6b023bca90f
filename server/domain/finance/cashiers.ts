// Cashiers (spec section 7 "Finance": /finance/casher/...): a branch's cash desks with the employee who answers
// for them. Balances come from cashier_balances, which the ledger's trigger keeps in the same statement as the
// entries, so they are never recomputed here. Archiving a cashier that still holds money is refused (409 with
// the amount): hand the money over first.
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PAYMENT_METHODS, type Cashier, type cashierCreateBody, type cashierPatchBody, type cashiersQuery } from '../../../contract/finance';
import { fromCents, toCents } from '../../../contract/money';
import type { Db, DbOrTx } from '../../db/client';
import { cashierBalances, cashiers, employeeFilials, employees, filials } from '../../db/schema';
import type { Actor, AuthUser } from '../core/actor';
import { notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { allowedFilials, inScope, resolveFilial } from '../core/scope';
import { ledgerConflict, cashierArchived } from './ledgerErrors';
import { inFilials, isoTime, zeroMethods } from './ledgerSql';
import { assertNameFree } from '../core/names';

export type { Actor };

const columns = {
  id: cashiers.id,
  name: cashiers.name,
  filial: cashiers.filialId,
  provider: cashiers.provider,
  employeeId: employees.id,
  employeeName: employees.fullName,
  is_archived: cashiers.isArchived,
  createdAt: cashiers.createdAt,
};

/** Cashiers matching `where`, with their balances per method (every method present) and in total. */
async function selectCashiers(q: DbOrTx, where: SQL | undefined, paging?: { limit: number; offset: number }): Promise<Cashier[]> {
  let query = q
    .select(columns)
    .from(cashiers)
    .leftJoin(employees, eq(employees.id, cashiers.employeeId))
    .where(where)
    .orderBy(asc(cashiers.name), asc(cashiers.id))
    .$dynamic();
  if (paging) query = query.limit(paging.limit).offset(paging.offset);
  const rows = await query;
  if (!rows.length) return [];
  const balances = await q
    .select()
    .from(cashierBalances)
    .where(inArray(cashierBalances.cashierId, rows.map((r) => r.id)));
  return rows.map((r) => {
    const per = zeroMethods();
    let total = 0n;
    for (const b of balances) {
      if (b.cashierId !== r.id) continue;
      per[b.method] = fromCents(toCents(b.balance));
      total += toCents(b.balance);
    }
    return {
      id: r.id,
      name: r.name,
      filial: r.filial,
      provider: r.provider,
      employee: r.employeeId == null ? null : { id: r.employeeId, full_name: r.employeeName! },
      is_archived: r.is_archived,
      balance: fromCents(total),
      balances: per,
      created_at: isoTime(r.createdAt),
    };
  });
}

type ListQuery = z.output<typeof cashiersQuery>;

function listWhere(user: AuthUser, query: Pick<ListQuery, 'filial' | 'is_archived'>): SQL | undefined {
  return and(inFilials(cashiers.filialId, resolveFilial(user, query.filial)), eq(cashiers.isArchived, query.is_archived ?? false));
}

export async function listCashiers(db: DbOrTx, user: AuthUser, query: ListQuery, url: string): Promise<Page<Cashier>> {
  const where = listWhere(user, query);
  const [{ n }] = await db.select({ n: count() }).from(cashiers).where(where);
  const results = await selectCashiers(db, where, { limit: query.page_size, offset: pageOffset(query) });
  return toPage(url, query, n, results);
}

/** /finance/casher/no-pg/: active cashiers (archived ones with is_archived=true), as a plain array. */
export function listCashiersPlain(db: DbOrTx, user: AuthUser, query: Pick<ListQuery, 'filial' | 'is_archived'>): Promise<Cashier[]> {
  return selectCashiers(db, listWhere(user, query));
}

/** One cashier of the user's branches (and of `filial` when given); 404 otherwise. */
export async function getCashier(db: DbOrTx, user: AuthUser, id: number, filial?: number): Promise<Cashier> {
  const [row] = await selectCashiers(db, eq(cashiers.id, id));
  if (!row || !inScope(allowedFilials(user), row.filial) || (filial != null && row.filial !== filial)) throw notFound('Cashier not found');
  return row;
}

export type LockedCashier = { id: number; name: string; filialId: number; isArchived: boolean };

/**
 * Locks the cashiers (FOR UPDATE, in id order so two writers never wait on each other crosswise) and returns
 * them; 404 when one is unknown or outside the user's branches, 409 when `active` and one is archived. Every
 * ledger write takes these locks first: writes to one cashier run one after another, so a balance read after
 * the lock is the balance the write will change.
 */
export async function lockCashiers(tx: DbOrTx, user: AuthUser, ids: number[], opts: { active: boolean }): Promise<Map<number, LockedCashier>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await tx
    .select({ id: cashiers.id, name: cashiers.name, filialId: cashiers.filialId, isArchived: cashiers.isArchived })
    .from(cashiers)
    .where(inArray(cashiers.id, unique))
    .orderBy(asc(cashiers.id))
    .for('update');
  const scope = allowedFilials(user);
  const byId = new Map(rows.filter((r) => inScope(scope, r.filialId)).map((r) => [r.id, r]));
  for (const id of unique) if (!byId.has(id)) throw notFound('Cashier not found');
  if (opts.active) for (const id of ids) if (byId.get(id)!.isArchived) throw cashierArchived(byId.get(id)!.name);
  return byId;
}

/** What a cashier holds per method right now (call after lockCashiers). */
export async function balancesOf(tx: DbOrTx, cashierId: number): Promise<{ total: bigint; per: Record<string, bigint> }> {
  const rows = await tx.select().from(cashierBalances).where(eq(cashierBalances.cashierId, cashierId));
  const per: Record<string, bigint> = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0n]));
  let total = 0n;
  for (const r of rows) {
    per[r.method] = toCents(r.balance);
    total += toCents(r.balance);
  }
  return { total, per };
}

/** The responsible employee: active and working in the branch (or in every branch); 400 on `employee`. */
async function checkEmployee(tx: DbOrTx, employeeId: number | null | undefined, filialId: number): Promise<number | null> {
  if (employeeId == null) return null;
  const ownBranches = tx.select({ id: employeeFilials.filialId }).from(employeeFilials).where(eq(employeeFilials.employeeId, employees.id));
  const [row] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.id, employeeId),
        eq(employees.isArchived, false),
        or(
          sql`exists (select 1 from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id} and ${employeeFilials.filialId} = ${filialId})`,
          sql`not exists (${ownBranches})`,
        ),
      ),
    );
  if (!row) throw fieldError('employee', 'validation.operatorBranch');
  return row.id;
}

/** Cashier names are unique among a branch's active cashiers (ignoring case); writers of a branch take turns. */
async function checkName(tx: DbOrTx, filialId: number, name: string, exceptId?: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('markaz.cashier_names'), ${filialId})`);
  await assertNameFree(tx, cashiers, name, eq(cashiers.filialId, filialId), exceptId);
}

export async function createCashier(db: Db, actor: Actor, body: z.output<typeof cashierCreateBody>): Promise<Cashier> {
  resolveFilial(actor.user, body.filial);
  return db.transaction(async (tx) => {
    const [branch] = await tx.select({ id: filials.id }).from(filials).where(eq(filials.id, body.filial));
    if (!branch) throw notFound('Branch not found');
    const employeeId = await checkEmployee(tx, body.employee, body.filial);
    await checkName(tx, body.filial, body.name);
    const [{ id }] = await tx
      .insert(cashiers)
      .values({ filialId: body.filial, name: body.name, employeeId, createdBy: actor.user.id })
      .returning({ id: cashiers.id });
    const after = await getCashier(tx, actor.user, id);
    await audit(tx, { actorId: actor.user.id, action: 'cashier.create', entity: 'cashier', entityId: id, filialId: body.filial, after, ip: actor.ip });
    return after;
  });
}

/** Rename, change the employee, archive or bring back. Archiving needs a zero balance (409 with `balance`). */
export async function patchCashier(db: Db, actor: Actor, id: number, body: z.output<typeof cashierPatchBody>): Promise<Cashier> {
  return db.transaction(async (tx) => {
    const locked = (await lockCashiers(tx, actor.user, [id], { active: false })).get(id)!;
    const before = await getCashier(tx, actor.user, id);
    const isArchived = body.is_archived ?? before.is_archived;
    const name = body.name ?? before.name;
    const employeeId = body.employee === undefined ? (before.employee?.id ?? null) : await checkEmployee(tx, body.employee, locked.filialId);
    if (isArchived && !before.is_archived) {
      const { total } = await balancesOf(tx, id);
      if (total !== 0n) {
        throw ledgerConflict('validation.cashierHoldsMoney', { cashier: before.name, amount: fromCents(total) }, { balance: fromCents(total) });
      }
    }
    if (!isArchived && (name !== before.name || before.is_archived)) await checkName(tx, locked.filialId, name, id);
    await tx.update(cashiers).set({ name, employeeId, isArchived }).where(eq(cashiers.id, id));
    const after = await getCashier(tx, actor.user, id);
    const action = before.is_archived === isArchived ? 'update' : isArchived ? 'archive' : 'unarchive';
    await audit(tx, { actorId: actor.user.id, action: `cashier.${action}`, entity: 'cashier', entityId: id, filialId: locked.filialId, before, after, ip: actor.ip });
    return after;
  });
}

