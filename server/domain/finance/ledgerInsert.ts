// The one way ledger rows are inserted. The triggers of migration 0004 move the cashier's and the student's
// balances in the same statement; the cashier balance's CHECK (balance >= 0) refuses an entry that would take the
// cashier below zero (23514, answered 409 upstream). The trigger of migration 0008 adds the row to finance_daily.
import type { SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { financeEntries } from '../../db/schema';

/** Column values; createdAt may be an SQL expression (the demo seed dates its rows). */
export type LedgerRow = Omit<typeof financeEntries.$inferInsert, 'createdAt'> & { createdAt?: Date | SQL };

/** Inserts one entry inside the caller's transaction and moves the balances with it; returns its id. */
export async function insertLedgerRow(tx: DbOrTx, row: LedgerRow): Promise<number> {
  const [{ id }] = await tx.insert(financeEntries).values(row as PgInsertValue<typeof financeEntries>).returning({ id: financeEntries.id });
  return id;
}
