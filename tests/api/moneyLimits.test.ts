// Issue 15, "Money where staff take it": every amount has a documented upper limit per entry, and every column
// that holds a sum or a balance is wide enough that no accepted history overflows. The report: an income of
// 999 999 999 999.99 was accepted, and afterwards the branch's ledger list, finance report, salary and exports
// answered 500 for good ("numeric field overflow").
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashier, entriesPage } from '../../contract/finance';
import { MONEY_ENTRY_MAX, fromCents, toCents } from '../../contract/money';
import { centreToday } from '../../server/domain/lessons/dates';
import { REAL_LOCALES } from './catalogueSupport';
import { expectBalancesMatchLedger, ledgerCaller, unique } from './financeLedgerSupport';
import { backends, useTestApp, type TestApp } from './harness';

type Row = Record<string, unknown>;
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

/** A demo membership in the branch whose student owes (or holds nothing), so the old columns could take the payment. */
async function owingMembership(t: TestApp, branch: string) {
  const filial = await t.filialId(branch);
  const [row] = rowsOf(
    await t.db.execute(sql`
      select sg.student_id as student, sg.group_id as "group", g.teacher_id as teacher
      from student_groups sg
      join groups g on g.id = sg.group_id
      join students s on s.id = sg.student_id
      left join student_balances b on b.student_id = sg.student_id and b.group_id = sg.group_id
      left join student_totals st on st.student_id = sg.student_id
      where g.filial_id = ${filial} and s.filial_id = ${filial} and sg.left_on is null and s.archived_at is null
        and coalesce(b.balance, 0) <= 0 and coalesce(st.balance, 0) <= 0 and g.teacher_id is not null
      order by sg.id limit 1`),
  );
  return { filial, student: Number(row.student), group: Number(row.group), teacher: Number(row.teacher) };
}

describe.each(backends())('money limits on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const { as } = ledgerCaller(t);
  const month = () => centreToday(new Date()).slice(0, 7);
  const newCashier = async (filial: number) => {
    const res = await as('DIRECTOR', 'POST', '/api/finance/casher/', { body: { name: unique('Katta kassa'), filial } });
    expect(res.status).toBe(201);
    return cashier.parse(res.json).id;
  };

  /** Everything the report named, plus the other readers of sums: all must answer 200. */
  async function expectReadable(filial: number, cashierId: number) {
    const today = centreToday(new Date());
    const reads = [
      `/api/finance/?filial=${filial}`,
      `/api/finance/?casher_id=${cashierId}`,
      `/api/finance/casher/?filial=${filial}`,
      `/api/finance/casher/${cashierId}/`,
      `/api/finance/casher/stats/${cashierId}?start_date=${today.slice(0, 8)}01&end_date=${today}`,
      `/api/finance/payment_casher/${cashierId}`,
      `/api/finance/payment_statistics/?filial=${filial}`,
      `/api/finance/method-amount/?filial=${filial}`,
      `/api/finance/report/?filial=${filial}&start_date=${today.slice(0, 8)}01&end_date=${today}`,
      `/api/finance/report/?start_date=${today.slice(0, 8)}01&end_date=${today}`,
      `/api/finance/debtors/?filial=${filial}`,
      `/api/salary/?month=${month()}&filial=${filial}`,
      `/api/salary/?month=${month()}`,
      `/api/students/?filial=${filial}`,
      `/api/monitoring/dropouts/?filial=${filial}`,
    ];
    for (const path of reads) {
      const res = await as('DIRECTOR', 'GET', path);
      expect.soft(res.status, `${path}: ${res.text.slice(0, 200)}`).toBeLessThan(300);
    }
    const files = [
      `/api/finance/report/excel/?filial=${filial}&start_date=${today.slice(0, 8)}01&end_date=${today}`,
      `/api/salary/excel/?month=${month()}&filial=${filial}`,
      `/api/students/excel/?filial=${filial}`,
      `/api/finance/debtors/excel/?filial=${filial}`,
    ];
    for (const path of files) {
      const res = await as('DIRECTOR', 'GET', path);
      expect.soft(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    }
  }

  it('refuses an income above the per-entry limit with a 400 naming the limit, writes nothing, and every sum stays readable', async () => {
    const m = await owingMembership(t, 'Chilonzor');
    const c = await newCashier(m.filial);
    const huge = await as('DIRECTOR', 'POST', '/api/finance/', {
      body: { casher: c, action: 'income', method: 'cash', amount: '999999999999.99', student: m.student, group: m.group },
    });
    expect(huge.status, huge.text).toBe(400);
    expect(huge.json.amount).toEqual(['One amount can be at most 10 000 000 000 so‘m']);
    const uz = await as('DIRECTOR', 'POST', '/api/finance/', {
      body: { casher: c, action: 'income', method: 'cash', amount: '10000000000.01' },
      headers: { 'accept-language': 'uz' },
    });
    expect(uz.status).toBe(400);
    expect(uz.json.amount).toEqual(['Bitta summa ko‘pi bilan 10 000 000 000 so‘m bo‘lishi mumkin']);
    expect(entriesPage.parse((await as('DIRECTOR', 'GET', `/api/finance/?casher_id=${c}`)).json).count).toBe(0);
    await expectReadable(m.filial, c);
  });

  it('keeps a history of entries at the limit readable everywhere: ledger, reports, salary, exports, a shift close', async () => {
    const m = await owingMembership(t, 'Yunusobod');
    const c = await newCashier(m.filial);
    const before = rowsOf(await t.db.execute(sql`select coalesce((select balance from student_balances where student_id = ${m.student} and group_id = ${m.group}), 0)::text as b`))[0].b as string;
    // 101 payments at the limit: 1 010 000 000 000, more than NUMERIC(14,2) holds.
    const n = 101;
    for (let i = 0; i < n; i++) {
      const res = await as('DIRECTOR', 'POST', '/api/finance/', {
        body: { casher: c, action: 'income', method: 'cash', amount: MONEY_ENTRY_MAX, student: m.student, group: m.group },
      });
      expect(res.status, res.text).toBe(201);
    }
    const total = fromCents(toCents(MONEY_ENTRY_MAX) * BigInt(n));
    expect(total).toBe('1010000000000.00');
    expect((await as('DIRECTOR', 'GET', `/api/finance/casher/${c}/`)).json).toMatchObject({ balance: total, balances: { cash: total } });
    const list = entriesPage.parse((await as('DIRECTOR', 'GET', `/api/finance/?casher_id=${c}`)).json);
    expect(list.totals).toEqual({ income: total, expense: '0.00', net: total });
    const balance = rowsOf(await t.db.execute(sql`select balance::text as b from student_balances where student_id = ${m.student} and group_id = ${m.group}`))[0].b;
    expect(balance).toBe(fromCents(toCents(before) + toCents(total)));
    const salary = (await as('DIRECTOR', 'GET', `/api/salary/?month=${month()}&filial=${m.filial}`)).json as { rows: { employee: { id: number }; facts: { paid: string } }[] };
    const teacherPaid = salary.rows.find((r) => r.employee.id === m.teacher)?.facts.paid;
    if (teacherPaid !== undefined) expect(toCents(teacherPaid) >= toCents(total)).toBe(true);
    await expectReadable(m.filial, c);

    // A shift close that counts an empty drawer books the whole cash balance as one shortage entry.
    const close = await as('DIRECTOR', 'POST', `/api/finance/casher/${c}/close/`, { body: { counted: '0', comment: 'Bo‘sh' } });
    expect(close.status, close.text).toBe(201);
    expect(close.json).toMatchObject({ expected: total, counted: '0.00', difference: `-${total}` });
    expect((await as('DIRECTOR', 'GET', `/api/finance/casher/${c}/`)).json).toMatchObject({ balance: '0.00' });
    await expectBalancesMatchLedger(t);
    await expectReadable(m.filial, c);
  }, 120_000);

  it('answers a database numeric overflow as a 400 with a clear message, never a 500', async () => {
    // No accepted request reaches one any more; a column made narrow again stands in for a future mistake.
    const m = await owingMembership(t, 'Chilonzor');
    const c = await newCashier(m.filial);
    await t.db.execute(sql`alter table shift_closes alter column counted type numeric(6,2)`);
    try {
      const res = await as('DIRECTOR', 'POST', `/api/finance/casher/${c}/close/`, { body: { counted: '12345678', comment: '' } });
      expect(res.status, res.text).toBe(400);
      expect(res.json).toMatchObject({ code: 'errors.numberTooLarge' });
      expect(res.json.detail).toContain('10 000 000 000');
    } finally {
      await t.db.execute(sql`alter table shift_closes alter column counted type numeric(14,2)`);
    }
  });
});
