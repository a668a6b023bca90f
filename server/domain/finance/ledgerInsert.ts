// The one way ledger rows are inserted.
//
// WORKAROUND (until a migration replaces finance_entry_balances() of 0004): that trigger adds an entry to
// cashier_balances with INSERT ... ON CONFLICT DO UPDATE, and PostgreSQL checks the table's CHECK (balance >= 0)
// on the proposed row — the bare −amount of an expense — before it looks for the conflict, so every expense
// fails with 23514 however much the cashier holds. Incomes are inserted plainly (the trigger is right for them);
// an expense is inserted with triggers off for this transaction (session_replication_role = replica; PGlite and a
// superuser role allow it) and its two balance moves are made here exactly as the trigger means to: an UPDATE of
// the cashier's row, whose CHECK still refuses a balance below zero (23514 → 409 upstream), and the student's
// balance for a refund. This stays correct after the trigger is fixed (triggers are off for the expense row).
// The fix, for the integrator's migration (docs/decisions.md, "Ledger and cashiers"):
//   INSERT INTO cashier_balances (cashier_id, method, balance) VALUES (NEW.cashier_id, NEW.method, 0)
//     ON CONFLICT (cashier_id, method) DO NOTHING;
//   UPDATE cashier_balances SET balance = balance + delta WHERE cashier_id = NEW.cashier_id AND method = NEW.method;
import { sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { financeEntries } from '../../db/schema';

/** Column values; createdAt may be an SQL expression (the demo seed dates its rows). */
export type LedgerRow = Omit<typeof financeEntries.$inferInsert, 'createdAt'> & { createdAt?: Date | SQL };

/** Inserts one entry inside the caller's transaction and moves the balances with it; returns its id. */
export async function insertLedgerRow(tx: DbOrTx, row: LedgerRow): Promise<number> {
  if (row.action === 'income') {
    const [{ id }] = await tx.insert(financeEntries).values(row as PgInsertValue<typeof financeEntries>).returning({ id: financeEntries.id });
    return id;
  }
  try {
    await tx.execute(sql`set local session_replication_role = replica`);
  } catch (err) {
    throw new Error('Booking an expense needs the fixed finance_entry_balances() trigger or a superuser role (docs/decisions.md, "Ledger and cashiers")', { cause: err });
  }
  const [{ id }] = await tx.insert(financeEntries).values(row as PgInsertValue<typeof financeEntries>).returning({ id: financeEntries.id });
  await tx.execute(sql`set local session_replication_role = origin`);
  await tx.execute(sql`insert into cashier_balances (cashier_id, method, balance) values (${row.cashierId}, ${row.method}, 0) on conflict (cashier_id, method) do nothing`);
  await tx.execute(sql`update cashier_balances set balance = balance - ${row.amount}::numeric where cashier_id = ${row.cashierId} and method = ${row.method}`);
  if (row.studentId != null && row.groupId != null) {
    await tx.execute(sql`insert into student_balances as s (student_id, group_id, balance) values (${row.studentId}, ${row.groupId}, -${row.amount}::numeric)
      on conflict (student_id, group_id) do update set balance = s.balance + excluded.balance`);
  }
  return id;
}
