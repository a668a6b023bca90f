// The ledger list's count and totals (GET /finance/) read off finance_daily and finance_monthly, the rollups the
// trigger of migrations 0008 and 0010 keeps: equal to a direct sum over the entries for every filter the rollups
// answer, with month edges in Tashkent time, periods cut into whole months and edge days, and reversals; and an
// entry written through the API (an entry, a handover, a reversal) is in the totals at once.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entriesPage, type EntriesParams } from '../../contract/finance';
import { cashiers, filials, financeEntries, financeKinds } from '../../server/db/schema';
import { rollupAnswers, totalsFromEntries, totalsFromRollup, type TotalsFilter } from '../../server/domain/finance/entryTotals';
import { ledgerCaller, unique } from './financeLedgerSupport';
import { backends, useTestApp } from './harness';

type Row = Record<string, unknown>;
const at = (instant: string) => new Date(instant);

describe.each(backends())('ledger totals on %s', (backend) => {
  const t = useTestApp(backend);
  const { as } = ledgerCaller(t);

  async function branchWithDesks() {
    const [f] = await t.db.insert(filials).values({ name: unique('Jami') }).returning({ id: filials.id });
    const [main] = await t.db.insert(cashiers).values({ filialId: f.id, name: unique('Kassa') }).returning({ id: cashiers.id });
    const [bank] = await t.db.insert(cashiers).values({ filialId: f.id, name: unique('Bank') }).returning({ id: cashiers.id });
    const [income] = await t.db.insert(financeKinds).values({ name: unique('Kirim'), action: 'income' }).returning({ id: financeKinds.id });
    const [expense] = await t.db.insert(financeKinds).values({ name: unique('Chiqim'), action: 'expense' }).returning({ id: financeKinds.id });
    return { filial: f.id, main: main.id, bank: bank.id, income: income.id, expense: expense.id };
  }

  /** Entries at instants around the month edges of March 2026 in Tashkent (+05:00), one of them reversed. */
  async function edges() {
    const b = await branchWithDesks();
    const author = t.demo('DIRECTOR').id;
    const put = async (cashierId: number, action: 'income' | 'expense', kindId: number, method: 'cash' | 'card', amount: string, instant: string, reversesId?: number) => {
      const [row] = await t.db
        .insert(financeEntries)
        .values({ filialId: b.filial, cashierId, action, kindId, method, amount, authorId: author, createdAt: at(instant), reversesId })
        .returning({ id: financeEntries.id });
      return row.id;
    };
    await put(b.main, 'income', b.income, 'cash', '1000.10', '2026-02-28T23:59:59+05:00'); // February in Tashkent
    await put(b.main, 'income', b.income, 'cash', '2000.20', '2026-03-01T00:00:00+05:00'); // March (still 28 Feb in UTC)
    const wrong = await put(b.main, 'income', b.income, 'card', '300.03', '2026-03-01T04:59:00+05:00');
    await put(b.main, 'expense', b.income, 'card', '300.03', '2026-03-02T10:00:00+05:00', wrong);
    await put(b.bank, 'income', b.income, 'card', '5000.00', '2026-03-15T12:00:00+05:00');
    await put(b.bank, 'expense', b.expense, 'card', '400.04', '2026-03-31T23:59:59+05:00'); // March
    await put(b.main, 'expense', b.expense, 'cash', '100.00', '2026-04-01T00:00:00+05:00'); // April (31 Mar in UTC)
    return b;
  }

  it('keeps finance_daily and finance_monthly equal to the entries summed per branch, cashier, Tashkent day or month, action, kind and method', async () => {
    await edges();
    const result = await t.db.execute(sql`
      with sums as (
        select filial_id, cashier_id, (created_at at time zone 'Asia/Tashkent')::date as day, action, kind_id, method,
          count(*)::int as n, sum(amount) as amount
        from finance_entries group by 1, 2, 3, 4, 5, 6)
      select count(*)::int as keys,
        count(*) filter (where d.n is distinct from s.n or d.amount is distinct from s.amount)::int as wrong
      from sums s full join finance_daily d using (filial_id, cashier_id, day, action, kind_id, method)`);
    const row = (result as unknown as { rows: Row[] }).rows[0];
    expect(row.keys).toBeGreaterThan(10);
    expect(row.wrong).toBe(0);
    const monthly = await t.db.execute(sql`
      with sums as (
        select filial_id, cashier_id, date_trunc('month', created_at at time zone 'Asia/Tashkent')::date as month, action, kind_id, method,
          count(*)::int as n, sum(amount) as amount
        from finance_entries group by 1, 2, 3, 4, 5, 6)
      select count(*)::int as keys,
        count(*) filter (where m.n is distinct from s.n or m.amount is distinct from s.amount)::int as wrong
      from sums s full join finance_monthly m using (filial_id, cashier_id, month, action, kind_id, method)`);
    const months = (monthly as unknown as { rows: Row[] }).rows[0];
    expect(months.keys).toBeGreaterThan(5);
    expect(months.wrong).toBe(0);
    // The rollup reads a cashier's rows by the cashier's branch: every entry is booked in its cashier's branch.
    const astray = await t.db.execute(sql`select count(*)::int as n from finance_entries e join cashiers c on c.id = e.cashier_id where e.filial_id <> c.filial_id`);
    expect((astray as unknown as { rows: Row[] }).rows[0].n).toBe(0);
  });

  it('answers the same count and totals off the rollup as a sum over the entries, for every filter it holds', async () => {
    const b = await edges();
    const other = await t.filialId('Chilonzor');
    const filters: TotalsFilter[] = [
      { filials: 'all' },
      { filials: [b.filial] },
      { filials: [b.filial, other] },
      { filials: [] },
      { filials: 'all', cashier: b.main },
      { filials: 'all', cashier: b.main, cashierFilial: b.filial, start: '2026-03-01' },
      { filials: [b.filial], cashier: b.bank, cashierFilial: b.filial, method: 'card' },
      { filials: [other], cashier: b.bank, cashierFilial: b.filial },
      { filials: 'all', action: 'income' },
      { filials: 'all', action: 'expense', kind: b.expense },
      { filials: [b.filial], kind: b.income },
      { filials: 'all', method: 'cash' },
      { filials: [b.filial], start: '2026-03-01', end: '2026-03-31' },
      { filials: [b.filial], start: '2026-03-01' },
      { filials: [b.filial], end: '2026-02-28' },
      { filials: [b.filial], start: '2026-04-01', end: '2026-04-01' },
      { filials: 'all', start: '2026-03-01', end: '2026-03-01', cashier: b.main, method: 'card' },
      // Whole months off finance_monthly, the edge days off finance_daily.
      { filials: [b.filial], start: '2026-02-15', end: '2026-04-10' },
      { filials: [b.filial], start: '2026-02-28', end: '2026-04-01' },
      { filials: [b.filial], end: '2026-03-31' },
      { filials: [b.filial], start: '2026-03-02' },
      { filials: 'all', start: '2025-12-31', end: '2026-03-01', action: 'income' },
    ];
    for (const f of filters) {
      expect(rollupAnswers(f)).toBe(true);
      expect(await totalsFromRollup(t.db, f), JSON.stringify(f)).toEqual(await totalsFromEntries(t.db, f));
    }
    // The month edges fall on Tashkent's midnight, not UTC's.
    expect(await totalsFromRollup(t.db, { filials: [b.filial], start: '2026-03-01', end: '2026-03-31' })).toEqual({ n: 5, income: '7300.23', expense: '700.07' });
    expect(await totalsFromRollup(t.db, { filials: [b.filial], end: '2026-02-28' })).toEqual({ n: 1, income: '1000.10', expense: '0.00' });
    expect(await totalsFromRollup(t.db, { filials: [b.filial], start: '2026-04-01' })).toEqual({ n: 1, income: '0.00', expense: '100.00' });
    // The reversal and the entry it reverses cancel out in the net, both counted.
    expect(await totalsFromRollup(t.db, { filials: 'all', cashier: b.main, cashierFilial: b.filial, method: 'card' })).toEqual({ n: 2, income: '300.03', expense: '300.03' });
    // A student is not a dimension of the rollup.
    expect(rollupAnswers({ filials: 'all', student: 1 })).toBe(false);
    await expect(totalsFromRollup(t.db, { filials: 'all', student: 1 })).rejects.toThrow();
  });

  it('lists the same count and totals through GET /finance/ as a sum over the entries', async () => {
    const b = await edges();
    const queries: EntriesParams[] = [
      {},
      { filial: b.filial },
      { casher_id: b.bank },
      { filial: b.filial, action: 'expense' },
      { kind: b.income, method: 'card' },
      { filial: b.filial, start_date: '2026-03-01', end_date: '2026-03-31' },
      { casher_id: b.main, start_date: '2026-02-28', end_date: '2026-03-01' },
    ];
    for (const q of queries) {
      const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
      const page = entriesPage.parse((await as('DIRECTOR', 'GET', `/api/finance/?${qs}`)).json);
      const direct = await totalsFromEntries(t.db, {
        filials: q.filial ? [q.filial] : 'all', cashier: q.casher_id, action: q.action, kind: q.kind, method: q.method, start: q.start_date, end: q.end_date,
      });
      expect({ n: page.count, income: page.totals.income, expense: page.totals.expense }, qs.toString()).toEqual(direct);
    }
    const march = entriesPage.parse((await as('DIRECTOR', 'GET', `/api/finance/?filial=${b.filial}&start_date=2026-03-01&end_date=2026-03-31`)).json);
    expect(march.count).toBe(5);
    expect(march.totals).toEqual({ income: '7300.23', expense: '700.07', net: '6600.16' });
  });

  it('shows an entry, a handover and a reversal written through the API in the totals at once', async () => {
    const b = await branchWithDesks();
    const totals = async (query: string) => {
      const page = entriesPage.parse((await as('DIRECTOR', 'GET', `/api/finance/?${query}`)).json);
      return { count: page.count, ...page.totals };
    };
    const centreBefore = await totals('');
    const pay = await as('DIRECTOR', 'POST', '/api/finance/', { body: { casher: b.main, action: 'income', kind: b.income, method: 'cash', amount: '250000.50' } });
    expect(pay.status).toBe(201);
    expect(await totals(`casher_id=${b.main}`)).toEqual({ count: 1, income: '250000.50', expense: '0.00', net: '250000.50' });

    const handover = await as('DIRECTOR', 'POST', '/api/finance/handover/', { body: { from_casher: b.main, to_casher: b.bank, method: 'cash', amount: '200000.00' } });
    expect(handover.status).toBe(201);
    expect(await totals(`casher_id=${b.main}`)).toEqual({ count: 2, income: '250000.50', expense: '200000.00', net: '50000.50' });
    expect(await totals(`casher_id=${b.bank}&action=income`)).toEqual({ count: 1, income: '200000.00', expense: '0.00', net: '200000.00' });

    const reversal = await as('DIRECTOR', 'POST', `/api/finance/${pay.json.id}/reverse/`, { body: { comment: 'Xato' } });
    // The main desk holds only 50 000.50 in cash after the handover: the reversal of 250 000.50 is refused.
    expect(reversal.status).toBe(409);
    const small = await as('DIRECTOR', 'POST', '/api/finance/', { body: { casher: b.main, action: 'income', kind: b.income, method: 'card', amount: '10.01' } });
    expect((await as('DIRECTOR', 'POST', `/api/finance/${small.json.id}/reverse/`, { body: { comment: 'Xato' } })).status).toBe(201);
    expect(await totals(`casher_id=${b.main}&method=card`)).toEqual({ count: 2, income: '10.01', expense: '10.01', net: '0.00' });
    expect(await totals(`filial=${b.filial}`)).toEqual({ count: 5, income: '450010.51', expense: '200010.01', net: '250000.50' });

    // The whole centre moved by exactly these five entries.
    const cents = (s: string) => BigInt(s.replace('.', ''));
    const centreAfter = await totals('');
    expect(centreAfter.count - centreBefore.count).toBe(5);
    expect(cents(centreAfter.income) - cents(centreBefore.income)).toBe(45001051n);
    expect(cents(centreAfter.expense) - cents(centreBefore.expense)).toBe(20001001n);
  });
});
