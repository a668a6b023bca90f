// The students list's balance filter and balances (read from student_totals, kept by the balance triggers with
// student_balances) and the debtors list (read through the partial index of the debts) give what a direct
// computation from the money rows gives: payments and refunds, reversals, vouchers and their cancelling, charges
// made, changed and removed, a student in two groups, an archived student, a membership that was left. Every
// write, through the API or straight to the tables, shows in both lists at once.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { debtorsPage, type DebtorsPage } from '../../contract/debtors';
import { financeEntry } from '../../contract/finance';
import { fromCents } from '../../contract/money';
import { studentCharges } from '../../server/db/schema';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture } from './eduFixtures';
import { moneyFixture } from './financeFixtures';
import { ledgerCaller } from './financeLedgerSupport';
import { backends, useTestApp } from './harness';

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

describe.each(backends())('student totals on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const m = moneyFixture(t, f);
  const { as } = ledgerCaller(t);

  /** Each money row of the scenario's students as a signed amount, per student and group, from the source tables. */
  const parts = sql`
    select student_id, group_id, case when action = 'income' then amount else -amount end as x
      from finance_entries where student_id is not null and group_id is not null
    union all select student_id, group_id, amount from vouchers where cancelled_at is null
    union all select student_id, group_id, -amount from student_charges`;

  /** The branch's students with their balance summed straight from the money rows, newest first. */
  async function directStudents(filial: number) {
    const result = await t.db.execute(sql`
      with parts as (${parts})
      select s.id, s.is_archived,
        coalesce((select sum(p.x) from parts p where p.student_id = s.id), 0)::numeric(22,2)::text as balance
      from students s where s.filial_id = ${filial} order by s.id desc`);
    return rowsOf(result).map((r) => ({ id: Number(r.id), archived: r.is_archived === true || r.is_archived === 't', balance: String(r.balance) }));
  }

  /** The debtors list computed from the money rows: open memberships of live students owing in that group. */
  async function directDebtors(filial: number | null) {
    const result = await t.db.execute(sql`
      with parts as (${parts}),
      pairs as (select student_id, group_id, sum(x)::numeric(22,2) as balance from parts group by student_id, group_id)
      select p.student_id, p.group_id, p.balance::text as balance
      from pairs p join students s on s.id = p.student_id join groups g on g.id = p.group_id
      where p.balance < 0 and not s.is_archived and (${filial}::int is null or g.filial_id = ${filial}::int)
        and exists (select 1 from student_groups sg where sg.student_id = p.student_id and sg.group_id = p.group_id and sg.left_on is null)
      order by p.balance, s.full_name, s.id, g.id`);
    return rowsOf(result).map((r) => ({ student: Number(r.student_id), group: Number(r.group_id), balance: String(r.balance) }));
  }

  const cents = (money: string) => BigInt(money.replace('.', ''));
  const sign = (money: string) => (cents(money) < 0n ? 'debtor' : cents(money) > 0n ? 'positive' : 'zero');

  async function studentsPage(filial: number, query: string) {
    const res = await as('DIRECTOR', 'GET', `/api/students/?filial=${filial}&page_size=100&${query}`);
    expect(res.status).toBe(200);
    return res.json as { count: number; results: { id: number; balance: string }[] };
  }

  /** Both lists, every balance filter on the live and the archived list, against the direct computation. */
  async function expectListsMatch(filial: number) {
    const direct = await directStudents(filial);
    for (const archived of [false, true]) {
      const all = await studentsPage(filial, archived ? 'list=archived' : '');
      const expected = direct.filter((s) => s.archived === archived);
      expect(all.results.map((r) => [r.id, r.balance])).toEqual(expected.map((s) => [s.id, s.balance]));
      for (const status of ['debtor', 'zero', 'positive'] as const) {
        const page = await studentsPage(filial, `balance_status=${status}${archived ? '&list=archived' : ''}`);
        const want = expected.filter((s) => sign(s.balance) === status);
        expect(page.results.map((r) => [r.id, r.balance]), `${status}${archived ? ' archived' : ''}`).toEqual(want.map((s) => [s.id, s.balance]));
        expect(page.count).toBe(want.length);
      }
    }
    const debtors = await directDebtors(filial);
    const res = await as('DIRECTOR', 'GET', `/api/finance/debtors/?filial=${filial}&page_size=100`);
    expect(res.status).toBe(200);
    const page = debtorsPage.strict().parse(res.json) as DebtorsPage;
    expect(page.results.map((r) => ({ student: r.student.id, group: r.group.id, balance: r.balance }))).toEqual(debtors);
    expect(page.totals).toEqual({ count: debtors.length, debt: fromCents(debtors.reduce((sum, d) => sum + cents(d.balance), 0n)) });
    // Every branch (the director without a branch): the totals read no group condition then.
    const everywhere = await directDebtors(null);
    const whole = debtorsPage.strict().parse((await as('DIRECTOR', 'GET', '/api/finance/debtors/?page_size=1')).json) as DebtorsPage;
    expect(whole.totals).toEqual({ count: everywhere.length, debt: fromCents(everywhere.reduce((sum, d) => sum + cents(d.balance), 0n)) });
    // The kept totals are the sums of the kept balances, everywhere (not only in this branch).
    const wrong = await t.db.execute(sql`
      select count(*)::int as n from (select student_id, sum(balance) as total from student_balances group by student_id) b
      full join student_totals st on st.student_id = b.student_id
      where coalesce(b.total, 0) <> coalesce(st.balance, 0)`);
    expect(Number(rowsOf(wrong)[0].n)).toBe(0);
    return direct;
  }

  it('gives the scenario exactly as a direct computation: archived and left memberships as the lists treat them', async () => {
    const w = await m.scenario();
    const direct = await expectListsMatch(w.F);
    const of = (n: 1 | 2 | 3 | 4 | 5 | 6) => direct.find((s) => s.id === w.S[n].id)!;
    // S1 owes in A, S2 is even, S3 owes in B, S4 owes but is archived, S5 owes in a group they left, S6 is ahead.
    expect([1, 2, 3, 4, 5, 6].map((n) => of(n as 1).balance)).toEqual(['-149999.50', '0.00', '-700000.00', '-1000.00', '-1000.00', '5000.00']);
    const debtors = (await studentsPage(w.F, 'balance_status=debtor')).results.map((r) => r.id);
    // The students list counts every group, left ones included; the debtors list only open memberships.
    expect(debtors).toEqual([w.S[5].id, w.S[3].id, w.S[1].id]);
    expect((await studentsPage(w.F, 'list=archived&balance_status=debtor')).results.map((r) => r.id)).toEqual([w.S[4].id]);
  });

  it('moves students in and out of debt at once on payments, reversals, vouchers and charges, over two groups', async () => {
    const w = await m.scenario();
    const director = (method: string, path: string, body?: unknown) => as('DIRECTOR', method, path, body === undefined ? {} : { body });
    const listed = async (status: string) => (await studentsPage(w.F, `balance_status=${status}`)).results.map((r) => r.id);

    // S1 joins B as well and pays ahead there: over both groups S1 is ahead, in A still owes.
    await f.member(w.S[1].id, w.B.id, '2026-05-01');
    const paid = await director('POST', '/api/finance/', { casher: w.C1, action: 'income', method: 'cash', amount: '200000.00', student: w.S[1].id, group: w.B.id });
    expect(paid.status).toBe(201);
    const payment = financeEntry.parse(paid.json);
    expect(await listed('positive')).toContain(w.S[1].id);
    expect(await listed('debtor')).not.toContain(w.S[1].id);
    await expectListsMatch(w.F);

    // Reversing it puts S1 back among the debtors.
    expect((await director('POST', `/api/finance/${payment.id}/reverse/`, { comment: 'Xato' })).status).toBe(201);
    expect(await listed('debtor')).toContain(w.S[1].id);
    await expectListsMatch(w.F);

    // A voucher clears S3's debt exactly; cancelling it brings the debt back.
    const given = await director('POST', '/api/finance/voucher/student/', { student: w.S[3].id, group: w.B.id, amount: '700000.00', reason: 'Olimpiada' });
    expect(given.status).toBe(201);
    expect(await listed('zero')).toContain(w.S[3].id);
    await expectListsMatch(w.F);
    expect((await director('DELETE', `/api/finance/voucher/student/${(given.json as { id: number }).id}/`)).status).toBe(200);
    expect(await listed('debtor')).toContain(w.S[3].id);
    await expectListsMatch(w.F);

    // A charge takes S6 from ahead to even, a bigger one into debt, removing it back to ahead.
    await m.charge(w.S[6].id, w.A, '2026-05-10', '5000.00');
    expect(await listed('zero')).toContain(w.S[6].id);
    await expectListsMatch(w.F);
    await t.db.update(studentCharges).set({ amount: '5000.01' }).where(eq(studentCharges.studentId, w.S[6].id));
    expect(await listed('debtor')).toContain(w.S[6].id);
    await expectListsMatch(w.F);
    await t.db.delete(studentCharges).where(eq(studentCharges.studentId, w.S[6].id));
    expect(await listed('positive')).toContain(w.S[6].id);
    await expectListsMatch(w.F);

    // A refund in B takes S1 further into debt over both groups; the debtors list gains S1 in B.
    const refund = await director('POST', '/api/finance/', { casher: w.C1, action: 'expense', method: 'cash', amount: '1000.00', student: w.S[1].id, group: w.B.id });
    expect(refund.status).toBe(201);
    const debtors = await directDebtors(w.F);
    expect(debtors.filter((d) => d.student === w.S[1].id).map((d) => d.group).sort()).toEqual([w.A.id, w.B.id].sort());
    await expectListsMatch(w.F);
  });
});
