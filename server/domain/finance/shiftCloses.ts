// Shift close (POST /finance/casher/{id}/close/, GET /finance/casher/{id}/closes/): the cash counted in the drawer
// against the cashier's cash balance at that moment (the cashier row locked, so no payment slips in between).
// A difference is booked at once as a shift_difference entry (income for a surplus, expense for a shortage), so
// after the close the ledger says what the drawer holds; the close row keeps expected, counted and difference.
import { and, count, desc, eq, max, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShiftClose, shiftCloseBody } from '../../../contract/finance';
import { fromCents, toCents } from '../../../contract/money';
import type { Db, DbOrTx } from '../../db/client';
import { namedColumns, personColumns } from '../../db/refs';
import { cashiers, employees, financeEntries, shiftCloses } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { audit } from '../audit/record';
import { pageOffset, toPage, type Page, type PageRequest } from '../catalogue/paging';
import { balancesOf, getCashier, lockCashiers, type Actor } from './cashiers';
import { systemKindId } from './kinds';
import { insertLedgerRow } from './ledgerInsert';
import { isoTime } from './ledgerSql';

export async function selectCloses(q: DbOrTx, where: SQL | undefined, paging?: { limit: number; offset: number }): Promise<ShiftClose[]> {
  let query = q
    .select({
      id: shiftCloses.id,
      cashier: namedColumns(cashiers),
      expected: shiftCloses.expected,
      counted: shiftCloses.counted,
      difference: shiftCloses.difference,
      comment: shiftCloses.comment,
      author: personColumns(employees),
      createdAt: shiftCloses.createdAt,
    })
    .from(shiftCloses)
    .innerJoin(cashiers, eq(cashiers.id, shiftCloses.cashierId))
    .innerJoin(employees, eq(employees.id, shiftCloses.authorId))
    .where(where)
    .orderBy(desc(shiftCloses.createdAt), desc(shiftCloses.id))
    .$dynamic();
  if (paging) query = query.limit(paging.limit).offset(paging.offset);
  return (await query).map(({ createdAt, ...r }) => ({ ...r, created_at: isoTime(createdAt) }));
}

export async function closeShift(db: Db, actor: Actor, cashierId: number, body: z.output<typeof shiftCloseBody>): Promise<ShiftClose> {
  return db.transaction(async (tx) => {
    const cashier = (await lockCashiers(tx, actor.user, [cashierId], { active: true })).get(cashierId)!;
    const expected = (await balancesOf(tx, cashierId)).per.cash;
    const counted = toCents(body.counted);
    const difference = counted - expected;
    const [{ last }] = await tx.select({ last: max(financeEntries.id) }).from(financeEntries).where(eq(financeEntries.cashierId, cashierId));
    if (difference !== 0n) {
      const action = difference > 0n ? 'income' : 'expense';
      await insertLedgerRow(tx, {
        filialId: cashier.filialId,
        cashierId,
        action,
        kindId: await systemKindId(tx, 'shift_difference', action),
        method: 'cash',
        amount: fromCents(difference > 0n ? difference : -difference),
        comment: body.comment,
        authorId: actor.user.id,
      });
    }
    const [{ id }] = await tx
      .insert(shiftCloses)
      .values({
        filialId: cashier.filialId,
        cashierId,
        expected: fromCents(expected),
        counted: fromCents(counted),
        difference: fromCents(difference),
        lastEntryId: last ?? null,
        comment: body.comment,
        authorId: actor.user.id,
      })
      .returning({ id: shiftCloses.id });
    const [after] = await selectCloses(tx, eq(shiftCloses.id, id));
    await audit(tx, { actorId: actor.user.id, action: 'shift_close.create', entity: 'shift_close', entityId: id, filialId: cashier.filialId, after, ip: actor.ip });
    return after;
  });
}

export async function listCloses(db: DbOrTx, user: AuthUser, cashierId: number, query: PageRequest, url: string): Promise<Page<ShiftClose>> {
  await getCashier(db, user, cashierId);
  const where = and(eq(shiftCloses.cashierId, cashierId));
  const [{ n }] = await db.select({ n: count() }).from(shiftCloses).where(where);
  return toPage(url, query, n, await selectCloses(db, where, { limit: query.page_size, offset: pageOffset(query) }));
}
