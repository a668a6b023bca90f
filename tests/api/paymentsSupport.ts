// Shared by the online payment tests: provider settings for the test app, a student who can pay (in an open group
// of a branch), what the database holds for them, and the ledger invariants with online payments in it.
import { and, count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { cashiers, financeEntries, onlinePayments, studentTotals } from '../../server/db/schema';
import { eduFixture, today } from './eduFixtures';
import { expectBalancesMatchLedger } from './financeLedgerSupport';
import type { TestApp } from './harness';

export const PAYME_ENV = { PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb', PAYME_KEY: 'payme-test-key-&0123' };
export const CLICK_ENV = { CLICK_SERVICE_ID: '12345', CLICK_MERCHANT_ID: '6789', CLICK_SECRET_KEY: 'click-test-secret' };

/** Sends a provider's request through the app, as the network would. */
export const appSend = (t: TestApp) => (path: string, init: RequestInit) => t.app.request(path, init) as Response | Promise<Response>;

export function paymentFixture(t: TestApp) {
  const f = eduFixture(t);
  return {
    /** A new student of the branch in one open group of their own (nothing charged yet: balance 0). */
    async payer(branch: 'Chilonzor' | 'Yunusobod' = 'Chilonzor') {
      const filialId = await t.filialId(branch);
      const teacher = await f.employee('TEACHER', branch);
      const group = await f.group({ filialId, teacherId: teacher.id });
      const student = await f.student(filialId);
      await f.member(student.id, group.id, today());
      return { id: student.id as number, group: group.id, filialId };
    },
    /** A student in no group at all: nowhere to book a payment. */
    async groupless() {
      return (await f.student(await t.filialId('Chilonzor'))).id as number;
    },
  };
}

export async function balanceOf(t: TestApp, student: number): Promise<string> {
  const [row] = await t.db.select({ balance: studentTotals.balance }).from(studentTotals).where(eq(studentTotals.studentId, student));
  return row?.balance ?? '0.00';
}

/** The student's entries on the branch's desk of `provider` (income +, expense −). */
export async function providerEntries(t: TestApp, student: number, provider: 'payme' | 'click') {
  return t.db
    .select({ id: financeEntries.id, action: financeEntries.action, amount: financeEntries.amount, method: financeEntries.method, desk: cashiers.name, reversesId: financeEntries.reversesId })
    .from(financeEntries)
    .innerJoin(cashiers, eq(cashiers.id, financeEntries.cashierId))
    .where(and(eq(financeEntries.studentId, student), eq(cashiers.provider, provider)))
    .orderBy(financeEntries.id);
}

export async function countRows(t: TestApp) {
  const [payments] = await t.db.select({ n: count() }).from(onlinePayments);
  const [entries] = await t.db.select({ n: count() }).from(financeEntries);
  const [desks] = await t.db.select({ n: count() }).from(cashiers);
  return { payments: payments.n, entries: entries.n, desks: desks.n };
}

/** Cashier balances are the sums of their entries, and every student total is the sum of their money rows. */
export async function expectLedgerInvariants(t: TestApp) {
  await expectBalancesMatchLedger(t);
  const result = await t.db.execute(sql`
    select s.student_id, s.balance::text as balance,
      (coalesce((select sum(case when e.action = 'income' then e.amount else -e.amount end) from finance_entries e
                 where e.student_id = s.student_id and e.group_id is not null), 0)
       + coalesce((select sum(v.amount) from vouchers v where v.student_id = s.student_id and v.cancelled_at is null), 0)
       - coalesce((select sum(c.amount) from student_charges c where c.student_id = s.student_id), 0))::numeric(22,2)::text as sum
    from student_totals s`);
  for (const r of (result as unknown as { rows: { balance: string; sum: string }[] }).rows) expect(r.balance).toBe(r.sum);
}
