// Issue 15, section 6: the demo is a newcomer's first impression, so it shows a healthy centre. On the seeded
// template, per branch: debtors are at most a fifth of the students (and there are some), each owes one or two
// months' fee at most, student payments fall in this month and last month, the sale and the voucher are there, and
// the ledger, the desks and the students' balances agree.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, centreToday } from '../../server/domain/lessons/dates';
import { DEMO_FILIALS } from '../../server/seed/demo';
import { expectBalancesMatchLedger, ledgerCaller } from './financeLedgerSupport';
import { backends, useTestApp } from './harness';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe.each(backends())('the demo centre on %s', (backend) => {
  const t = useTestApp(backend);
  const { as } = ledgerCaller(t);

  it.each([...DEMO_FILIALS])('%s: at most a fifth of the students owe, and some do, each one or two months’ fee at most', async (branch) => {
    const filial = await t.filialId(branch);
    const all = await as('DIRECTOR', 'GET', `/api/students/?filial=${filial}&page_size=1`);
    const debtors = await as('DIRECTOR', 'GET', `/api/students/?filial=${filial}&balance_status=debtor&page_size=100`);
    expect(all.status).toBe(200);
    expect(debtors.status).toBe(200);
    const students = all.json.count as number;
    const owing = debtors.json.results as { id: number; balance: string }[];
    console.log(`[demo, ${backend}] ${branch}: ${owing.length} of ${students} students owe`);
    expect(students).toBeGreaterThan(10);
    expect(owing.length, `${owing.length} of ${students} owe`).toBeGreaterThan(0);
    expect(owing.length * 5, `${owing.length} of ${students} owe`).toBeLessThanOrEqual(students);
    // A debt is at most two months of the prices of the groups the student is in.
    const fees = rowsOf<{ student_id: number; fee: string }>(
      await t.db.execute(sql`
        select m.student_id, sum(coalesce(m.price, g.price))::text as fee
        from student_groups m join groups g on g.id = m.group_id
        where m.left_on is null and g.filial_id = ${filial} group by m.student_id`),
    );
    for (const d of owing) {
      const fee = Number(fees.find((f) => Number(f.student_id) === d.id)?.fee ?? 0);
      expect(-Number(d.balance), `student ${d.id} owes ${d.balance} with fees ${fee}`).toBeLessThanOrEqual(2 * fee);
    }
  });

  it('takes student payments in this month and last month in every branch', async () => {
    const today = centreToday(t.clock.now());
    const thisMonth = `${today.slice(0, 7)}-01`;
    const lastMonth = `${addDays(thisMonth, -1).slice(0, 7)}-01`;
    const rows = rowsOf<{ filial_id: number; month: string; n: number }>(
      await t.db.execute(sql`
        select e.filial_id, to_char(e.created_at at time zone 'Asia/Tashkent', 'YYYY-MM-01') as month, count(*)::int as n
        from finance_entries e join finance_kinds k on k.id = e.kind_id
        where k.system_key = 'student_payment' and e.action = 'income' and e.reverses_id is null
        group by 1, 2`),
    );
    for (const branch of DEMO_FILIALS) {
      const filial = await t.filialId(branch);
      for (const month of [thisMonth, lastMonth]) {
        const n = rows.find((r) => Number(r.filial_id) === filial && r.month === month)?.n ?? 0;
        expect(n, `${branch} payments in ${month}`).toBeGreaterThan(0);
      }
    }
  });

  it('keeps the sale, the voucher and a reversed payment, with every balance matching its rows', async () => {
    const [counts] = rowsOf<{ sales: number; vouchers: number; reversals: number }>(
      await t.db.execute(sql`
        select (select count(*) from student_sales)::int as sales, (select count(*) from vouchers where cancelled_at is null)::int as vouchers,
          (select count(*) from finance_entries where reverses_id is not null)::int as reversals`),
    );
    expect(counts.sales).toBeGreaterThan(0);
    expect(counts.vouchers).toBeGreaterThan(0);
    expect(counts.reversals).toBeGreaterThan(0);
    await expectBalancesMatchLedger(t);
    const mismatched = rowsOf<{ student_id: number }>(
      await t.db.execute(sql`
        select b.student_id from student_balances b
        where b.balance <> (
          coalesce((select sum(case when e.action = 'income' then e.amount else -e.amount end) from finance_entries e
                    where e.student_id = b.student_id and e.group_id = b.group_id), 0)
          + coalesce((select sum(v.amount) from vouchers v where v.student_id = b.student_id and v.group_id = b.group_id and v.cancelled_at is null), 0)
          - coalesce((select sum(c.amount) from student_charges c where c.student_id = b.student_id and c.group_id = b.group_id), 0))`),
    );
    expect(mismatched).toEqual([]);
  });
});
