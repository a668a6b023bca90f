// GET /finance/report/ and /finance/report/excel/: exact sums per kind, method, cashier, branch and month over a
// centre-time period, handovers left out, reversals netted against the kind they reverse, the debt at the period
// end (rebuilt for a past day, the live balances for today), scope (foreign branch 404), pages (403) and bad
// periods (400). The ledger rows are written straight to the database in time order (cashier balances never
// go below zero) in branches of the test's own, so demo money never changes the expected figures.
import { describe, expect, it } from 'vitest';
import { financeReport, type FinanceReport } from '../../contract/financeReport';
import { addDays } from '../../server/domain/lessons/dates';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture, today } from './eduFixtures';
import { moneyFixture } from './financeFixtures';
import { backends, useTestApp } from './harness';
import { expectForbidden, expectPeriodRules, reportReader, workbookAt } from './reportSupport';

describe.each(backends())('finance report on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const m = moneyFixture(t, f);
  const { token, report } = reportReader(t, '/api/finance/report/', financeReport);

  /** Two branches of their own with a known March–April 2026 (the scenario of financeFixtures.ts). */
  let world: Awaited<ReturnType<typeof m.scenario>>;
  const ready = async () => (world ??= await m.scenario());

  it('sums a branch exactly: reversals net against their kind, handovers stay out, days are the centre’s', async () => {
    const w = await ready();
    const r = await report(await token('DIRECTOR'), `filial=${w.F}&start_date=2026-03-01&end_date=2026-04-30`);
    expect(r.filials).toEqual([{ id: w.F, name: w.fName }]);
    expect([r.income, r.expense, r.net]).toEqual(['1300000.50', '200000.25', '1100000.25']);
    expect(r.by_kind.map((k) => [k.kind.id, k.kind.action, k.amount])).toEqual([
      [w.kinds.otherIncome, 'income', '1000000.00'],
      [w.kinds.payment, 'income', '300000.50'],
      [w.kinds.rent, 'expense', '150000.25'],
      [w.kinds.refund, 'expense', '50000.00'],
    ]);
    expect(r.by_kind.find((k) => k.kind.id === w.kinds.payment)?.kind.system_key).toBe('student_payment');
    expect(r.by_kind.some((k) => k.kind.system_key === 'handover')).toBe(false);
    expect(r.by_method).toEqual([
      { method: 'cash', income: '1000000.00', expense: '200000.25' },
      { method: 'card', income: '300000.50', expense: '0.00' },
    ]);
    expect(r.by_cashier).toEqual([
      { cashier: { id: w.C1, name: w.c1Name }, filial: w.F, income: '1300000.50', expense: '150000.25' },
      { cashier: { id: w.C2, name: w.c2Name }, filial: w.F, income: '0.00', expense: '50000.00' },
    ]);
    expect(r.by_filial).toEqual([{ filial: { id: w.F, name: w.fName }, income: '1300000.50', expense: '200000.25', profit: '1100000.25' }]);
    expect(r.by_month).toEqual([
      { month: '2026-03', income: '1300000.50', expense: '150000.25' },
      { month: '2026-04', income: '0.00', expense: '50000.00' },
    ]);
  });

  it('sums a period that cuts months as it sums whole ones: the edge days and the months between add up', async () => {
    const w = await ready();
    const tk = await token('DIRECTOR');
    // Edge days only: 12 Mar paid and reversed on the 20th, the rent, 1 Apr paid and reversed on the 3rd.
    const inner = await report(tk, `filial=${w.F}&start_date=2026-03-11&end_date=2026-04-04`);
    expect([inner.income, inner.expense]).toEqual(['0.00', '150000.25']);
    expect(inner.by_month).toEqual([
      { month: '2026-03', income: '0.00', expense: '150000.25' },
      { month: '2026-04', income: '0.00', expense: '0.00' },
    ]);
    expect(inner.by_kind.map((k) => [k.kind.id, k.amount])).toEqual([
      [w.kinds.payment, '0.00'],
      [w.kinds.rent, '150000.25'],
    ]);
    // A late-February day (23:30 in Tashkent on the 28th), the whole of March, the first days of April.
    const across = await report(tk, `filial=${w.F}&start_date=2026-02-20&end_date=2026-04-04`);
    expect([across.income, across.expense]).toEqual(['1300999.50', '150000.25']);
    expect(across.by_month).toEqual([
      { month: '2026-02', income: '999.00', expense: '0.00' },
      { month: '2026-03', income: '1300000.50', expense: '150000.25' },
      { month: '2026-04', income: '0.00', expense: '0.00' },
    ]);
    expect(across.by_method).toEqual([
      { method: 'cash', income: '1000999.00', expense: '150000.25' },
      { method: 'card', income: '300000.50', expense: '0.00' },
    ]);
  });

  it('a burst of reports all answer, the same figures each, while a list answers beside them', async () => {
    const w = await ready();
    const tk = await token('DIRECTOR');
    const query = `filial=${w.F}&start_date=2026-03-01&end_date=2026-04-30`;
    // Twice the reports allowed at once (REPORT_CONCURRENCY): the rest wait their turn and none is refused.
    const [reports, list] = await Promise.all([
      Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? report(tk, query) : t.call('GET', `/api/finance/report/excel/?${query}`, { token: tk })))),
      t.call('GET', `/api/students/?page=1&filial=${w.F}`, { token: tk }),
    ]);
    expect(list.status).toBe(200);
    const json = reports.filter((r): r is FinanceReport => 'by_kind' in r);
    expect(json).toHaveLength(3);
    for (const r of json) expect(r).toEqual(json[0]);
    expect(json[0].income).toBe('1300000.50');
    for (const r of reports.filter((r) => !('by_kind' in r))) expect((r as { status: number }).status).toBe(200);
  });

  it('rebuilds the debt at a past period end from entries, vouchers and charges', async () => {
    const w = await ready();
    const director = await token('DIRECTOR');
    const april = await report(director, `filial=${w.F}&start_date=2026-03-01&end_date=2026-04-30`);
    // 30 April: S1 300 000.50 − 50 000 − 400 000; S2 −100 000 (its voucher came in May); S3 −700 000 (its payment
    // was reversed); S4 (archived since) and S5 (left A) −1 000 each: they still owe. S6 is 5 000 ahead.
    expect([april.debt_at_end, april.debtors_at_end]).toEqual(['-951999.50', 5]);
    const march = await report(director, `filial=${w.F}&start_date=2026-03-01&end_date=2026-03-31`);
    // 31 March: S1 +300 000.50 (charge and refund later), S2 −100 000 (charged 15 March).
    expect([march.debt_at_end, march.debtors_at_end]).toEqual(['-100000.00', 1]);
    expect([march.income, march.expense]).toEqual(['1300000.50', '150000.25']);
    expect(march.by_month).toEqual([{ month: '2026-03', income: '1300000.50', expense: '150000.25' }]);
    // Today the live balances count: S2's voucher evened them out.
    const now = await report(director, `filial=${w.F}&start_date=${addDays(today(), -10)}&end_date=${today()}`);
    expect([now.debt_at_end, now.debtors_at_end]).toEqual(['-851999.50', 4]);
    expect([now.income, now.expense, now.by_kind, now.by_method, now.by_cashier]).toEqual(['0.00', '0.00', [], [], []]);
  });

  it('covers every branch of the scope in the profit-and-loss view, each summed on its own', async () => {
    const w = await ready();
    const r = await report(await token('DIRECTOR'), 'start_date=2026-03-01&end_date=2026-04-30');
    expect(r.by_filial.find((b) => b.filial.id === w.F)).toEqual({ filial: { id: w.F, name: w.fName }, income: '1300000.50', expense: '200000.25', profit: '1100000.25' });
    expect(r.by_filial.find((b) => b.filial.id === w.G)).toEqual({ filial: { id: w.G, name: w.gName }, income: '80000.00', expense: '0.00', profit: '80000.00' });
    expect(r.filials.map((b) => b.id)).toEqual(expect.arrayContaining([w.F, w.G, await f.filial('Chilonzor')]));
    const g = await report(await token('DIRECTOR'), `filial=${w.G}&start_date=2026-03-01&end_date=2026-04-30`);
    expect(g.by_method).toEqual([{ method: 'payme', income: '80000.00', expense: '0.00' }]);
    expect(g.by_month).toEqual([
      { month: '2026-03', income: '0.00', expense: '0.00' },
      { month: '2026-04', income: '80000.00', expense: '0.00' },
    ]);
  });

  it('keeps to the user’s branches: a foreign branch is 404, the default is the own branches only', async () => {
    const w = await ready();
    const accounting = await token('ACCOUNTING'); // Chilonzor only
    const res = await t.call('GET', `/api/finance/report/?filial=${w.F}&start_date=2026-03-01&end_date=2026-04-30`, { token: accounting });
    expect(res.status).toBe(404);
    const own = await report(accounting, 'start_date=2026-03-01&end_date=2026-04-30');
    expect(own.filials).toEqual([{ id: await f.filial('Chilonzor'), name: 'Chilonzor' }]);
    expect(own.by_cashier.some((c) => c.cashier.id === w.C1)).toBe(false);
    expect((await t.call('GET', `/api/finance/report/excel/?filial=${w.F}&start_date=2026-03-01&end_date=2026-04-30`, { token: accounting })).status).toBe(404);
  });

  it('answers 403 without the finance_report page', async () => {
    await expectForbidden(t, '/api/finance/report/', ['TEACHER', 'CALL_OPERATOR', 'ADMINISTRATOR']);
  });

  it('refuses a missing, reversed or longer than 366-day period per field', async () => {
    await expectPeriodRules(t, '/api/finance/report/', await token('DIRECTOR'));
  });

  it('exports a workbook with a sheet per breakdown in the reader’s language', async () => {
    const w = await ready();
    const tk = await token('DIRECTOR');
    const url = `/api/finance/report/excel/?filial=${w.F}&start_date=2026-03-01&end_date=2026-04-30`;
    const book = await workbookAt(t, url, tk, 'moliya-hisoboti-2026-03-01-2026-04-30.xlsx', 'en');
    expect(book.names).toEqual(['Summary', 'Kinds', 'Methods', 'Cashiers', 'Branches', 'Months']);
    const values = book.values;
    expect(values('Summary')).toEqual([
      ['Period', '01.03.2026 – 30.04.2026'],
      ['Branches', w.fName],
      ['Income', 1300000.5],
      ['Expense', 200000.25],
      ['Net', 1100000.25],
      ['Debt at the period end', -951999.5],
      ['Debtors', 5],
    ]);
    expect(values('Kinds')).toEqual([
      ['Kind', 'Side', 'Amount'],
      ['Other income', 'Income', 1000000],
      ['Student payment', 'Income', 300000.5],
      ['Rent', 'Expense', 150000.25],
      ['Student refund', 'Expense', 50000],
    ]);
    expect(values('Methods')).toEqual([
      ['Payment method', 'Income', 'Expense'],
      ['Cash', 1000000, 200000.25],
      ['Card', 300000.5, 0],
    ]);
    expect(values('Cashiers')).toEqual([
      ['Cashier', 'Branch', 'Income', 'Expense'],
      [w.c1Name, w.fName, 1300000.5, 150000.25],
      [w.c2Name, w.fName, 0, 50000],
    ]);
    expect(values('Branches')).toEqual([['Branch', 'Income', 'Expense', 'Profit'], [w.fName, 1300000.5, 200000.25, 1100000.25]]);
    expect(values('Months')).toEqual([['Month', 'Income', 'Expense'], ['2026-03', 1300000.5, 150000.25], ['2026-04', 0, 50000]]);
    const uz = await workbookAt(t, url, tk, 'moliya-hisoboti-2026-03-01-2026-04-30.xlsx');
    expect(uz.names).toEqual(['Umumiy', 'Turlar', 'To‘lov usullari', 'Kassalar', 'Filiallar', 'Oylar']);
    expect(uz.values('Turlar')[2]![0]).toBe('O‘quvchi to‘lovi');
  });
});
