// Reconciliation of the online desks: each provider transaction beside the ledger entries it booked (and reversed),
// and the payments and refunds on a Payme or Click desk that no provider transaction booked. A row has a problem
// when the two disagree: a performed transaction without its entries, entries without a performed transaction, a
// booked sum other than the transaction's amount, a transaction cancelled after perform whose entries still stand.
import { and, asc, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ONLINE_PROVIDERS, PAYME_STATE, type Reconciliation, type ReconciliationProblem, type ReconciliationRow, type reconciliationQuery } from '../../../contract/onlinePayments';
import { fromCents, toCents } from '../../../contract/money';
import type { DbOrTx } from '../../db/client';
import { cashiers, financeEntries, financeKinds, onlinePaymentEntries, onlinePayments, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { resolveFilial } from '../core/scope';
import { checkPeriod, inFilials, inPeriod, isoTime } from '../finance/ledgerSql';

type Query = z.output<typeof reconciliationQuery>;
type Entry = ReconciliationRow['entries'][number];

const entryColumns = {
  id: financeEntries.id,
  action: financeEntries.action,
  amount: financeEntries.amount,
  group: financeEntries.groupId,
  cashier: financeEntries.cashierId,
  createdAt: financeEntries.createdAt,
};

const toEntry = (e: { id: number; action: 'income' | 'expense'; amount: string; group: number | null; cashier: number; createdAt: Date }): Entry => ({
  id: e.id,
  action: e.action,
  amount: e.amount,
  group: e.group,
  cashier: e.cashier,
  created_at: isoTime(e.createdAt),
});

const net = (entries: Entry[]) => entries.reduce((sum, e) => sum + (e.action === 'income' ? toCents(e.amount) : -toCents(e.amount)), 0n);

function problemsOf(state: number, amount: string, entries: Entry[]): ReconciliationProblem[] {
  const booked = net(entries);
  if (state === PAYME_STATE.performed) {
    if (!entries.length) return ['performed_without_entry'];
    return booked === toCents(amount) ? [] : ['amount_mismatch'];
  }
  if (state === PAYME_STATE.cancelledAfterPerform) return booked === 0n ? [] : ['cancelled_not_reversed'];
  return entries.length ? ['entry_without_payment'] : [];
}

export async function reconcile(db: DbOrTx, user: AuthUser, query: Query): Promise<Reconciliation> {
  checkPeriod(query.start_date, query.end_date);
  const scope = resolveFilial(user, query.filial);
  const providers = query.provider ? [query.provider] : [...ONLINE_PROVIDERS];
  const payments = await db
    .select({ p: onlinePayments, studentName: students.fullName })
    .from(onlinePayments)
    .innerJoin(students, eq(students.id, onlinePayments.studentId))
    .where(and(inArray(onlinePayments.provider, providers), inFilials(onlinePayments.filialId, scope), ...inPeriod(onlinePayments.createdAt, query.start_date, query.end_date)))
    .orderBy(asc(onlinePayments.createdAt), asc(onlinePayments.id));
  const ids = payments.map((r) => r.p.id);
  const linked = ids.length
    ? await db
        .select({ paymentId: onlinePaymentEntries.paymentId, ...entryColumns })
        .from(onlinePaymentEntries)
        .innerJoin(financeEntries, eq(financeEntries.id, onlinePaymentEntries.entryId))
        .where(inArray(onlinePaymentEntries.paymentId, ids))
        .orderBy(asc(financeEntries.id))
    : [];
  // Student money on an online desk that no provider transaction booked (handovers off the desk are not money of
  // a payment, so they are left out).
  const stray = await db
    .select(entryColumns)
    .from(financeEntries)
    .innerJoin(cashiers, eq(cashiers.id, financeEntries.cashierId))
    .innerJoin(financeKinds, eq(financeKinds.id, financeEntries.kindId))
    .where(
      and(
        isNotNull(cashiers.provider),
        inArray(cashiers.provider, providers),
        inArray(financeKinds.systemKey, ['student_payment', 'student_refund']),
        isNull(financeEntries.handoverId),
        inFilials(financeEntries.filialId, scope),
        ...inPeriod(financeEntries.createdAt, query.start_date, query.end_date),
        notExists(db.select({ one: sql`1` }).from(onlinePaymentEntries).where(eq(onlinePaymentEntries.entryId, financeEntries.id))),
      ),
    )
    .orderBy(asc(financeEntries.id));
  const results: ReconciliationRow[] = payments.map(({ p, studentName }) => {
    const entries = linked.filter((e) => e.paymentId === p.id).map(toEntry);
    return {
      payment: {
        id: p.id,
        provider: p.provider,
        provider_id: p.providerId,
        state: p.state,
        amount: p.amount,
        student: { id: p.studentId, full_name: studentName },
        created_at: isoTime(p.createdAt),
        performed_at: p.performedAt ? isoTime(p.performedAt) : null,
        cancelled_at: p.cancelledAt ? isoTime(p.cancelledAt) : null,
      },
      entries,
      booked: fromCents(net(entries)),
      problems: problemsOf(p.state, p.amount, entries),
    };
  });
  for (const e of stray) {
    const entries = [toEntry(e)];
    results.push({ payment: null, entries, booked: fromCents(net(entries)), problems: ['entry_without_payment'] });
  }
  return { results, mismatches: results.filter((r) => r.problems.length).length };
}
