// The receipt of a student's payment: the entry asked for and the other entries the same payment was booked as
// (the allocation rule splits a payment without a group into one entry per group, in one transaction, so they
// share the student, desk, method, author and the transaction's time).
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FinanceEntry } from '../../../contract/finance';
import { uzAmountWords } from '../../../contract/amountWords';
import { sumAmounts } from '../../../contract/money';
import type { Receipt } from '../../../contract/receipt';
import type { DbOrTx } from '../../db/client';
import { filials, financeEntries } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { CENTRE_NAME } from '../core/centre';
import { conflictMessage } from '../core/errors';
import { entryById, selectEntries } from './entryRows';

export async function receiptOf(db: DbOrTx, user: AuthUser, id: number): Promise<Receipt> {
  return receiptOfEntry(db, await entryById(db, user, id));
}

/** The receipt of the student's latest payment that was not reversed, or null: what the parents' bot sends. */
export async function latestReceiptOf(db: DbOrTx, studentId: number): Promise<Receipt | null> {
  const [latest] = await db
    .select({ id: financeEntries.id })
    .from(financeEntries)
    .where(
      and(
        eq(financeEntries.studentId, studentId),
        eq(financeEntries.action, 'income'),
        isNull(financeEntries.reversesId),
        sql`not exists (select 1 from finance_entries r where r.reverses_id = ${financeEntries.id})`,
      ),
    )
    .orderBy(desc(financeEntries.createdAt), desc(financeEntries.id))
    .limit(1);
  if (!latest) return null;
  const [entry] = await selectEntries(db, eq(financeEntries.id, latest.id));
  return receiptOfEntry(db, entry);
}

async function receiptOfEntry(db: DbOrTx, entry: FinanceEntry): Promise<Receipt> {
  const id = entry.id;
  if (entry.action !== 'income' || !entry.student || entry.reverses !== null) throw conflictMessage('errors.receiptNotPayment');
  const parts = await selectEntries(
    db,
    and(
      eq(financeEntries.studentId, entry.student.id),
      eq(financeEntries.cashierId, entry.cashier.id),
      eq(financeEntries.method, entry.method),
      eq(financeEntries.authorId, entry.author.id),
      eq(financeEntries.action, 'income'),
      isNull(financeEntries.reversesId),
      sql`${financeEntries.createdAt} = (select e.created_at from finance_entries e where e.id = ${id})`,
    ),
  );
  parts.sort((a, b) => a.id - b.id);
  const [filial] = await db
    .select({ id: filials.id, name: filials.name, address: filials.address, phone: filials.phone })
    .from(filials)
    .where(eq(filials.id, entry.filial))
    .orderBy(asc(filials.id));
  const amount = sumAmounts(parts.map((p) => p.amount));
  return {
    number: parts[0].id,
    centre: CENTRE_NAME,
    filial,
    student: entry.student,
    lines: parts.map((p) => ({ entry: p.id, group: p.group, amount: p.amount })),
    amount,
    amount_words: uzAmountWords(amount),
    method: entry.method,
    cashier: entry.cashier,
    received_by: entry.author,
    created_at: entry.created_at,
    reversed: parts.some((p) => p.reversed_by !== null),
  };
}
