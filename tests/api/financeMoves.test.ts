// Handovers, shift closes and the money statistics of the ledger (POST /finance/handover,
// GET /finance/handover/{id}/, POST /finance/casher/{id}/close/, GET /finance/casher/{id}/closes/,
// GET /finance/casher/stats/{id}, /finance/method-amount/, /finance/payment_statistics/, /finance/payment_casher/{id}).
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashier, cashierStats, handover, handoversPage, methodAmountAnswer, paymentStatistics, shiftClose, shiftClosesPage } from '../../contract/finance';
import { financeEntries, handovers } from '../../server/db/schema';
import { centreToday } from '../../server/domain/lessons/dates';
import { REAL_LOCALES } from './catalogueSupport';
import { expectBalancesMatchLedger, ledgerCaller, memberships, newKey, unique } from './financeLedgerSupport';
import { backends, useTestApp } from './harness';

describe.each(backends())('ledger moves on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const { as } = ledgerCaller(t);
  const newCashier = async (branch = 'Chilonzor') => {
    const res = await as('DIRECTOR', 'POST', '/api/finance/casher/', { body: { name: unique('Kassa'), filial: await t.filialId(branch) } });
    expect(res.status).toBe(201);
    return cashier.parse(res.json);
  };
  let otherIncome: number | undefined;
  const kindId = async () => {
    otherIncome ??= (await as('ACCOUNTING', 'GET', '/api/finance/kind/?action=income')).json.find((k: { name: string }) => k.name === 'Boshqa kirim').id;
    return otherIncome!;
  };
  const income = async (casher: number, amount: string, method = 'cash') => {
    const res = await as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher, action: 'income', method, amount, kind: await kindId() } });
    expect(res.status).toBe(201);
    return res.json;
  };
  const balanceOf = async (id: number) => cashier.parse((await as('ACCOUNTING', 'GET', `/api/finance/casher/${id}/`)).json);

  it('hands cash over as two linked entries and a handovers row, listed for both cashiers', async () => {
    const from = await newCashier();
    const to = await newCashier();
    await income(from.id, '1000.00');
    const res = await as('ACCOUNTING', 'POST', '/api/finance/handover/', { body: { from_casher: from.id, to_casher: to.id, amount: '400.50', comment: 'Kechki topshirish' } });
    expect(res.status).toBe(201);
    const h = handover.strict().parse(res.json);
    expect(h).toMatchObject({ method: 'cash', amount: '400.50', from_cashier: { id: from.id }, to_cashier: { id: to.id }, author: { id: t.demo('ACCOUNTING').id } });
    expect((await balanceOf(from.id)).balance).toBe('599.50');
    expect((await balanceOf(to.id)).balances.cash).toBe('400.50');
    const rows = await t.db.select().from(financeEntries).where(eq(financeEntries.handoverId, h.id));
    expect(rows.map((r) => [r.cashierId, r.action, r.amount]).sort()).toEqual([
      [from.id, 'expense', '400.50'],
      [to.id, 'income', '400.50'],
    ].sort());
    expect(await t.lastAudit('handover.create', h.id)).toBeTruthy();
    for (const id of [from.id, to.id]) {
      const page = handoversPage.parse((await as('ACCOUNTING', 'GET', `/api/finance/handover/${id}/`)).json);
      expect(page.results.map((x) => x.id)).toEqual([h.id]);
    }
    const past = handoversPage.parse((await as('ACCOUNTING', 'GET', `/api/finance/handover/${from.id}/?end_date=2020-01-01`)).json);
    expect(past.count).toBe(0);
    const stats = cashierStats.strict().parse((await as('ACCOUNTING', 'GET', `/api/finance/casher/stats/${from.id}`)).json);
    expect(stats).toMatchObject({ opening: '0.00', closing: '599.50', income: '1000.00', expense: '0.00', handed_over: '400.50', received: '0.00', entries_count: 2 });
  });

  it('refuses a handover larger than the balance (409, nothing written), to itself, and to other branches or archived cashiers', async () => {
    const from = await newCashier();
    const to = await newCashier();
    await income(from.id, '100.00');
    const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(handovers))[0].n;
    const res = await as('ACCOUNTING', 'POST', '/api/finance/handover', { body: { from_casher: from.id, to_casher: to.id, amount: '100.01' } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ available: '100.00', detail: expect.stringContaining('100.00') });
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(handovers))[0].n).toBe(before);
    expect((await balanceOf(from.id)).balance).toBe('100.00');
    expect((await balanceOf(to.id)).balance).toBe('0.00');
    expect((await as('ACCOUNTING', 'POST', '/api/finance/handover', { body: { from_casher: from.id, to_casher: to.id, amount: '1', method: 'card' } })).status).toBe(409);
    expect((await as('ACCOUNTING', 'POST', '/api/finance/handover', { body: { from_casher: from.id, to_casher: from.id, amount: '1' } })).json).toEqual({
      to_casher: ['Choose another cashier'],
    });
    for (const amount of ['0', '-1', '1.005']) {
      expect(Object.keys((await as('ACCOUNTING', 'POST', '/api/finance/handover', { body: { from_casher: from.id, to_casher: to.id, amount } })).json)).toEqual(['amount']);
    }
    const foreign = await newCashier('Samarqand');
    expect((await as('ACCOUNTING', 'POST', '/api/finance/handover', { body: { from_casher: from.id, to_casher: foreign.id, amount: '1' } })).status).toBe(404);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/handover/${foreign.id}/`)).status).toBe(404);
    await as('ACCOUNTING', 'PATCH', `/api/finance/casher/${to.id}/`, { body: { is_archived: true } });
    expect((await as('ACCOUNTING', 'POST', '/api/finance/handover', { body: { from_casher: from.id, to_casher: to.id, amount: '1' } })).status).toBe(409);
    expect((await as('TEACHER', 'POST', '/api/finance/handover', { body: { from_casher: from.id, to_casher: to.id, amount: '1' } })).status).toBe(403);
    // Idempotent: the same key hands over once.
    const third = await newCashier();
    const key = newKey();
    const body = { from_casher: from.id, to_casher: third.id, amount: '60.00' };
    const a = await as('ACCOUNTING', 'POST', '/api/finance/handover', { body, headers: { 'Idempotency-Key': key } });
    const b = await as('ACCOUNTING', 'POST', '/api/finance/handover', { body, headers: { 'Idempotency-Key': key } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.json.id).toBe(a.json.id);
    expect((await balanceOf(from.id)).balance).toBe('40.00');
  });

  it('closes a shift: a shortage and a surplus are booked so the ledger matches the drawer', async () => {
    const c = await newCashier();
    await income(c.id, '1000.00');
    await income(c.id, '500.00', 'card');
    const short = await as('ACCOUNTING', 'POST', `/api/finance/casher/${c.id}/close/`, { body: { counted: '990', comment: 'Kam chiqdi' } });
    expect(short.status).toBe(201);
    expect(shiftClose.strict().parse(short.json)).toMatchObject({ expected: '1000.00', counted: '990.00', difference: '-10.00', comment: 'Kam chiqdi' });
    expect((await balanceOf(c.id)).balances).toMatchObject({ cash: '990.00', card: '500.00' });
    const surplus = await as('ACCOUNTING', 'POST', `/api/finance/casher/${c.id}/close/`, { body: { counted: '995.5' } });
    expect(surplus.json).toMatchObject({ expected: '990.00', counted: '995.50', difference: '5.50' });
    const even = await as('ACCOUNTING', 'POST', `/api/finance/casher/${c.id}/close/`, { body: { counted: '995.50' } });
    expect(even.json.difference).toBe('0.00');
    const entries = await t.db.select().from(financeEntries).where(eq(financeEntries.cashierId, c.id));
    expect(entries).toHaveLength(4);
    const closes = shiftClosesPage.parse((await as('ACCOUNTING', 'GET', `/api/finance/casher/${c.id}/closes/`)).json);
    expect(closes.results.map((x) => x.difference)).toEqual(['0.00', '5.50', '-10.00']);
    expect(await t.lastAudit('shift_close.create', even.json.id)).toBeTruthy();
    expect(Object.keys((await as('ACCOUNTING', 'POST', `/api/finance/casher/${c.id}/close/`, { body: { counted: '-1' } })).json)).toEqual(['counted']);
    const stats = cashierStats.parse((await as('ACCOUNTING', 'GET', `/api/finance/casher/stats/${c.id}`)).json);
    expect(stats.last_shift_close?.id).toBe(even.json.id);
    // A shift difference is not reversed: the next close corrects it.
    const diff = entries.find((e) => e.action === 'expense')!;
    expect((await as('ACCOUNTING', 'POST', `/api/finance/${diff.id}/reverse/`, { body: { comment: 'x' } })).status).toBe(409);
    const foreign = await newCashier('Samarqand');
    expect((await as('ACCOUNTING', 'POST', `/api/finance/casher/${foreign.id}/close/`, { body: { counted: '0' } })).status).toBe(404);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/casher/${foreign.id}/closes/`)).status).toBe(404);
  });

  it('computes payment statistics and method amounts: handovers left out, reversals netted, days in Tashkent', async () => {
    const filial = await t.filialId('Chilonzor');
    const a = await newCashier();
    const b = await newCashier();
    const [m] = await memberships(t, 'Chilonzor');
    const payment = await as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher: a.id, action: 'income', method: 'click', amount: '300.00', student: m.student, group: m.group } });
    const reversed = await as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher: a.id, action: 'income', method: 'cash', amount: '50.00', student: m.student, group: m.group } });
    await as('ACCOUNTING', 'POST', `/api/finance/${reversed.json.id}/reverse/`, { body: { comment: 'Xato' } });
    await income(a.id, '200.00');
    await as('ACCOUNTING', 'POST', '/api/finance/handover', { body: { from_casher: a.id, to_casher: b.id, amount: '100.00' } });
    expect(payment.status).toBe(201);

    const today = centreToday(new Date());
    const one = paymentStatistics.strict().parse((await as('ACCOUNTING', 'GET', `/api/finance/payment_casher/${a.id}?start_date=${today}&end_date=${today}`)).json);
    expect(one).toMatchObject({ start_date: today, end_date: today, income: '500.00', expense: '0.00', net: '500.00', student_payments: '300.00' });
    expect(one.by_day).toEqual([{ date: today, income: '500.00', expense: '0.00' }]);
    expect(one.by_method.find((r) => r.method === 'click')).toEqual({ method: 'click', income: '300.00', expense: '0.00', net: '300.00' });
    expect(one.by_kind.find((k) => k.kind.system_key === 'student_payment')?.amount).toBe('300.00');
    expect(one.by_kind.some((k) => k.kind.system_key === 'handover')).toBe(false);
    const forB = paymentStatistics.parse((await as('ACCOUNTING', 'GET', `/api/finance/payment_casher/${b.id}`)).json);
    expect(forB).toMatchObject({ income: '0.00', expense: '0.00' });
    expect(forB.start_date.endsWith('-01')).toBe(true);
    expect(forB.by_day.length).toBeGreaterThanOrEqual(28);

    const methods = methodAmountAnswer.strict().parse((await as('ACCOUNTING', 'GET', `/api/finance/method-amount/?casher_id=${a.id}`)).json);
    expect(methods.total).toEqual({ income: '500.00', expense: '0.00', net: '500.00' });
    expect(methods.rows.map((r) => r.method)).toEqual(['cash', 'card', 'transfer', 'click', 'payme', 'uzum']);
    const branch = paymentStatistics.parse((await as('ACCOUNTING', 'GET', `/api/finance/payment_statistics/?filial=${filial}&start_date=${today}&end_date=${today}`)).json);
    expect(Number(branch.income)).toBeGreaterThanOrEqual(500);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/payment_statistics/?filial=${await t.filialId('Samarqand')}`)).status).toBe(404);
    expect((await as('ACCOUNTING', 'GET', '/api/finance/payment_statistics/?start_date=yesterday')).status).toBe(400);
    expect((await as('ACCOUNTING', 'GET', '/api/finance/payment_statistics/?start_date=2026-03-02&end_date=2026-03-01')).json).toEqual({
      end_date: ['The end date cannot be before the start date'],
    });
    expect((await as('ACCOUNTING', 'GET', '/api/finance/payment_statistics/?start_date=2025-01-01&end_date=2026-03-01')).json).toEqual({
      end_date: ['The period can be at most 366 days'],
    });
    expect((await as('ACCOUNTING', 'GET', '/api/finance/?start_date=2026-03-02&end_date=2026-03-01')).status).toBe(400);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/handover/${a.id}/?start_date=2026-03-02&end_date=2026-03-01`)).status).toBe(400);
    expect((await as('TEACHER', 'GET', '/api/finance/payment_statistics/')).status).toBe(403);

    const stats = cashierStats.parse((await as('ACCOUNTING', 'GET', `/api/finance/casher/stats/${a.id}?start_date=${today}&end_date=${today}`)).json);
    // opening + income − expense + received − handed_over = closing
    expect(stats).toMatchObject({ opening: '0.00', income: '500.00', expense: '0.00', handed_over: '100.00', closing: '400.00' });
    const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86400_000).toISOString().slice(0, 10);
    const before = cashierStats.parse((await as('ACCOUNTING', 'GET', `/api/finance/casher/stats/${a.id}?end_date=${yesterday}`)).json);
    expect(before).toMatchObject({ closing: '0.00', entries_count: 0, income: '0.00' });
    await expectBalancesMatchLedger(t);
  });
});
