// Handovers (POST /finance/handover, GET /finance/handover/{cashier id}/): cash moved between two cashiers of the
// user's branches as one handovers row and two entries of the handover kinds (an expense on `from`, an income on
// `to`, both pointing at the row), in one transaction. More than `from` holds in the method: 409, nothing written.
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Handover, handoverBody, handoversQuery } from '../../../contract/finance';
import type { Db, DbOrTx } from '../../db/client';
import { namedColumns, personColumns } from '../../db/refs';
import { cashiers, employees, handovers } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { audit } from '../audit/record';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { resolveFilial } from '../core/scope';
import { getCashier, lockCashiers, type Actor } from './cashiers';
import { ensureHolds, guardBalance } from './entries';
import { systemKindId } from './kinds';
import { insertLedgerRow } from './ledgerInsert';
import { checkPeriod, inFilials, inPeriod, isoTime } from './ledgerSql';

const fromCashier = alias(cashiers, 'from_cashier');
const toCashier = alias(cashiers, 'to_cashier');

async function selectHandovers(q: DbOrTx, where: SQL | undefined, paging?: { limit: number; offset: number }): Promise<Handover[]> {
  let query = q
    .select({
      id: handovers.id,
      filial: handovers.filialId,
      from_cashier: namedColumns(fromCashier),
      to_cashier: namedColumns(toCashier),
      method: handovers.method,
      amount: handovers.amount,
      comment: handovers.comment,
      author: personColumns(employees),
      createdAt: handovers.createdAt,
    })
    .from(handovers)
    .innerJoin(fromCashier, eq(fromCashier.id, handovers.fromCashierId))
    .innerJoin(toCashier, eq(toCashier.id, handovers.toCashierId))
    .innerJoin(employees, eq(employees.id, handovers.authorId))
    .where(where)
    .orderBy(desc(handovers.createdAt), desc(handovers.id))
    .$dynamic();
  if (paging) query = query.limit(paging.limit).offset(paging.offset);
  return (await query).map(({ createdAt, ...r }) => ({ ...r, created_at: isoTime(createdAt) }));
}

export async function createHandover(db: Db, actor: Actor, body: z.output<typeof handoverBody>): Promise<Handover> {
  return guardBalance(db, body.from_casher, body.method, () =>
    db.transaction(async (tx) => {
      const locked = await lockCashiers(tx, actor.user, [body.from_casher, body.to_casher], { active: true });
      const from = locked.get(body.from_casher)!;
      const to = locked.get(body.to_casher)!;
      await ensureHolds(tx, from, body.method, body.amount);
      const [{ id }] = await tx
        .insert(handovers)
        .values({
          filialId: from.filialId,
          fromCashierId: from.id,
          toCashierId: to.id,
          method: body.method,
          amount: body.amount,
          comment: body.comment,
          authorId: actor.user.id,
        })
        .returning({ id: handovers.id });
      const common = { method: body.method, amount: body.amount, comment: body.comment, handoverId: id, authorId: actor.user.id };
      await insertLedgerRow(tx, { ...common, filialId: from.filialId, cashierId: from.id, action: 'expense', kindId: await systemKindId(tx, 'handover', 'expense') });
      await insertLedgerRow(tx, { ...common, filialId: to.filialId, cashierId: to.id, action: 'income', kindId: await systemKindId(tx, 'handover', 'income') });
      const [after] = await selectHandovers(tx, eq(handovers.id, id));
      await audit(tx, { actorId: actor.user.id, action: 'handover.create', entity: 'handover', entityId: id, filialId: from.filialId, after, ip: actor.ip });
      return after;
    }),
  );
}

/** The handovers of cashier `id` (of the user's branches, else 404), both directions, newest first. */
export async function listHandovers(db: DbOrTx, user: AuthUser, id: number, query: z.output<typeof handoversQuery>, url: string): Promise<Page<Handover>> {
  checkPeriod(query.start_date, query.end_date);
  await getCashier(db, user, id);
  const scope = resolveFilial(user, query.filial);
  const where = and(
    or(eq(handovers.fromCashierId, id), eq(handovers.toCashierId, id)),
    scope === 'all' ? undefined : or(inFilials(fromCashier.filialId, scope), inFilials(toCashier.filialId, scope)),
    ...inPeriod(handovers.createdAt, query.start_date, query.end_date),
  );
  const [{ n }] = await db
    .select({ n: count() })
    .from(handovers)
    .innerJoin(fromCashier, eq(fromCashier.id, handovers.fromCashierId))
    .innerJoin(toCashier, eq(toCashier.id, handovers.toCashierId))
    .where(where);
  return toPage(url, query, n, await selectHandovers(db, where, { limit: query.page_size, offset: pageOffset(query) }));
}
