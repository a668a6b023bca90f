// The ledger API: cashiers, kinds, entries and reversals — happy paths, field errors, branch scope, who may do
// what, the append-only table, and idempotent replays (GET/POST /finance/..., spec section 7 "Finance").
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cashier, cashiersPage, entriesPage, entryCreated, financeEntry, financeKind } from '../../contract/finance';
import { financeEntries } from '../../server/db/schema';
import { centreToday } from '../../server/domain/lessons/dates';
import { DEMO_CASHIERS, DEMO_EXPENSE_KINDS } from '../../server/seed/finance';
import { REAL_LOCALES } from './catalogueSupport';
import { expectBalancesMatchLedger, ledgerCaller, memberships, newKey, unique } from './financeLedgerSupport';
import { backends, useTestApp } from './harness';

describe.each(backends())('ledger on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const { as } = ledgerCaller(t);
  const newCashier = async (branch = 'Chilonzor', role: 'DIRECTOR' | 'ACCOUNTING' = 'DIRECTOR') => {
    const res = await as(role, 'POST', '/api/finance/casher/', { body: { name: unique('Kassa'), filial: await t.filialId(branch) } });
    expect(res.status).toBe(201);
    return cashier.strict().parse(res.json);
  };
  const pay = (casher: number, amount: string | number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher, action: 'income', method: 'cash', amount, kind: extra.kind, ...extra }, headers });
  const incomeKind = async () => {
    const kinds = financeKind.array().parse((await as('ACCOUNTING', 'GET', '/api/finance/kind/?action=income')).json);
    return kinds.find((k) => k.name === 'Boshqa kirim')!.id;
  };
  const expenseKind = async (name: string = DEMO_EXPENSE_KINDS[3]) => {
    const kinds = financeKind.array().parse((await as('ACCOUNTING', 'GET', '/api/finance/kind/?action=expense')).json);
    return kinds.find((k) => k.name === name)!.id;
  };

  it('lists the demo cashiers with balances that are the sums of their entries', async () => {
    const filial = await t.filialId('Chilonzor');
    const res = await as('ACCOUNTING', 'GET', `/api/finance/casher/?filial=${filial}`);
    expect(res.status).toBe(200);
    const page = cashiersPage.parse(res.json);
    expect(page.results.map((c) => c.name)).toEqual(expect.arrayContaining([...DEMO_CASHIERS]));
    const main = page.results.find((c) => c.name === 'Asosiy kassa')!;
    expect(main.employee?.full_name).toBe(t.demo('ACCOUNTING').name);
    expect(Object.keys(main.balances).sort()).toEqual(['card', 'cash', 'click', 'payme', 'transfer', 'uzum']);
    const plain = cashier.strict().array().parse((await as('ACCOUNTING', 'GET', '/api/finance/casher/no-pg/')).json);
    expect(plain.every((c) => c.filial === filial && !c.is_archived)).toBe(true);
    await expectBalancesMatchLedger(t);
    // The demo ledger holds a reversed payment in Chilonzor.
    const entries = entriesPage.parse((await as('ACCOUNTING', 'GET', `/api/finance/?filial=${filial}&page_size=100`)).json);
    expect(entries.results.some((e) => e.reverses !== null)).toBe(true);
  });

  it('takes a student payment (kind defaults, student balance moves), lists it with totals, and audits it', async () => {
    const c = await newCashier();
    const [m] = await memberships(t, 'Chilonzor');
    const before = await t.db.execute(sql`select coalesce((select balance from student_balances where student_id = ${m.student} and group_id = ${m.group}), 0)::text as b`);
    const res = await pay(c.id, '150000.5', { student: m.student, group: m.group, comment: 'Noyabr' });
    expect(res.status).toBe(201);
    const entry = entryCreated.strict().parse(res.json);
    expect(entry.allocation).toEqual([{ group: { id: m.group, name: expect.any(String) }, amount: '150000.50', entry: entry.id }]);
    expect(entry).toMatchObject({ amount: '150000.50', action: 'income', kind: { system_key: 'student_payment' }, student: { id: m.student }, group: { id: m.group }, reversed_by: null });
    const after = await t.db.execute(sql`select balance::text as b from student_balances where student_id = ${m.student} and group_id = ${m.group}`);
    const b = (r: unknown) => (r as { rows: { b: string }[] }).rows[0].b;
    expect(Number(b(after)) * 100 - Number(b(before)) * 100).toBeCloseTo(15000050);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/casher/${c.id}/`)).json).toMatchObject({ balance: '150000.50', balances: { cash: '150000.50', card: '0.00' } });
    expect(await t.lastAudit('finance_entry.create', entry.id)).toMatchObject({ actorId: t.demo('ACCOUNTING').id });

    // A refund: an expense with the student and group, kind student_refund, the student's balance back down.
    const refund = await as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher: c.id, action: 'expense', method: 'cash', amount: '0.50', student: m.student, group: m.group } });
    expect(refund.status).toBe(201);
    expect(refund.json).toMatchObject({ kind: { system_key: 'student_refund' }, amount: '0.50' });
    const afterRefund = await t.db.execute(sql`select balance::text as b from student_balances where student_id = ${m.student} and group_id = ${m.group}`);
    expect(Number(b(afterRefund)) * 100 - Number(b(before)) * 100).toBeCloseTo(15000000);
    await pay(c.id, 1000, { kind: await incomeKind() });
    const list = entriesPage.parse((await as('ACCOUNTING', 'GET', `/api/finance/?casher_id=${c.id}&page_size=1`)).json);
    expect(list.count).toBe(3);
    expect(list.results).toHaveLength(1);
    expect(list.next).not.toBeNull();
    expect(list.totals).toEqual({ income: '151000.50', expense: '0.50', net: '151000.00' });
    const byStudent = entriesPage.parse((await as('ACCOUNTING', 'GET', `/api/finance/?casher_id=${c.id}&student=${m.student}&action=income&method=cash`)).json);
    expect(byStudent.results.map((e) => e.id)).toEqual([entry.id]);
    const today = centreToday(new Date());
    expect(entriesPage.parse((await as('ACCOUNTING', 'GET', `/api/finance/?casher_id=${c.id}&start_date=${today}&end_date=${today}`)).json).count).toBe(3);
    expect(entriesPage.parse((await as('ACCOUNTING', 'GET', `/api/finance/?casher_id=${c.id}&end_date=2020-01-01`)).json).count).toBe(0);
  });

  it('refuses bad amounts and fields with 400 per field, writing nothing', async () => {
    const c = await newCashier();
    for (const amount of ['0', '-1', '1.005', 'abc']) {
      const res = await pay(c.id, amount, { kind: await incomeKind() });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json)).toEqual(['amount']);
    }
    const missing = await as('ACCOUNTING', 'POST', '/api/finance/', { body: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json).sort()).toEqual(['action', 'amount', 'casher', 'method']);
    expect((await pay(c.id, 10, {})).json).toEqual({ kind: [expect.any(String)] });
    expect((await pay(c.id, 10, { kind: await expenseKind() })).json).toEqual({ kind: ['This kind belongs to the other action'] });
    const handoverKind = financeKind.array().parse((await as('ACCOUNTING', 'GET', '/api/finance/kind/?action=income')).json).find((k) => k.system_key === 'handover')!;
    expect((await pay(c.id, 10, { kind: handoverKind.id })).json).toEqual({ kind: ['This kind is booked by the system only'] });
    const [m] = await memberships(t, 'Chilonzor');
    const [other] = await memberships(t, 'Yunusobod');
    expect((await pay(c.id, 10, { student: other.student, group: other.group })).json).toEqual({ student: ['Choose a student of this cashier’s branch'] });
    expect((await pay(c.id, 10, { student: m.student, group: other.group })).json).toEqual({ group: ['The student is not in this group'] });
    expect((await pay(c.id, 10, { group: m.group })).status).toBe(400);
    expect((await pay(c.id, 10, { student: m.student, group: m.group, kind: await incomeKind() })).json).toEqual({ kind: [expect.stringMatching(/student/)] });
    const rows = await t.db.select().from(financeEntries).where(eq(financeEntries.cashierId, c.id));
    expect(rows).toEqual([]);
  });

  it('answers 404 for unknown and other-branch cashiers and entries, 403 for teachers, 409 for archived cashiers', async () => {
    const foreign = await newCashier('Samarqand');
    expect((await pay(999999, 10, { kind: await incomeKind() })).status).toBe(404);
    expect((await pay(foreign.id, 10, { kind: await incomeKind() })).status).toBe(404);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/casher/${foreign.id}/`)).status).toBe(404);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/casher/stats/${foreign.id}`)).status).toBe(404);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/?filial=${await t.filialId('Samarqand')}`)).status).toBe(404);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/?casher_id=${foreign.id}`)).status).toBe(404);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/method-amount/?casher_id=${foreign.id}`)).status).toBe(404);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/payment_casher/${foreign.id}`)).status).toBe(404);
    const director = await as('DIRECTOR', 'POST', '/api/finance/', { body: { casher: foreign.id, action: 'income', method: 'cash', amount: 5, kind: await incomeKind() } });
    expect(director.status).toBe(201);
    expect((await as('ACCOUNTING', 'POST', `/api/finance/${director.json.id}/reverse/`, { body: { comment: 'x' } })).status).toBe(404);
    expect((await as('DIRECTOR', 'POST', '/api/finance/casher/', { body: { name: unique('Kassa'), filial: 999999 } })).status).toBe(404);
    expect((await as('ACCOUNTING', 'POST', '/api/finance/casher/', { body: { name: unique('Kassa'), filial: await t.filialId('Samarqand') } })).status).toBe(404);
    const own = await newCashier();
    expect((await as('ACCOUNTING', 'GET', `/api/finance/casher/${own.id}/?filial=${await t.filialId('Yunusobod')}`)).status).toBe(404);

    for (const role of ['TEACHER', 'ASSISTANT', 'CALL_OPERATOR'] as const) {
      expect((await as(role, 'GET', '/api/finance/')).status).toBe(403);
      expect((await as(role, 'GET', '/api/finance/casher/no-pg/')).status).toBe(403);
      expect((await as(role, 'POST', '/api/finance/', { body: { casher: own.id, action: 'income', method: 'cash', amount: 5 } })).status).toBe(403);
    }
    // Kinds are written with the cashiers page (the accountant has it); the administrator takes payments
    // (cashiers_data, issue 15), so reads them, but does not write them.
    expect((await as('ADMINISTRATOR', 'GET', '/api/finance/kind/')).status).toBe(200);
    expect((await as('ADMINISTRATOR', 'POST', '/api/finance/kind/', { body: { name: unique('Tur'), action: 'income' } })).status).toBe(403);

    const archived = await as('ACCOUNTING', 'PATCH', `/api/finance/casher/${own.id}/`, { body: { is_archived: true } });
    expect(archived.status).toBe(200);
    expect(archived.json.is_archived).toBe(true);
    const refused = await pay(own.id, 10, { kind: await incomeKind() });
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toMatch(/archived/);
    expect(cashier.array().parse((await as('ACCOUNTING', 'GET', '/api/finance/casher/no-pg/?is_archived=true')).json).map((x) => x.id)).toContain(own.id);
    expect((await as('ACCOUNTING', 'PATCH', `/api/finance/casher/${own.id}/`, { body: { is_archived: false } })).json.is_archived).toBe(false);
  });

  it('refuses to archive a cashier holding money (409 with the amount) and renames it', async () => {
    const c = await newCashier();
    await pay(c.id, '2500.00', { kind: await incomeKind() });
    const res = await as('ACCOUNTING', 'PATCH', `/api/finance/casher/${c.id}/`, { body: { is_archived: true } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ balance: '2500.00', detail: expect.stringContaining('2500.00') });
    const name = unique('Qabulxona');
    const renamed = await as('ACCOUNTING', 'PATCH', `/api/finance/casher/${c.id}/`, { body: { name, employee: t.demo('ACCOUNTING').id } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name, employee: { id: t.demo('ACCOUNTING').id } });
    expect((await as('ACCOUNTING', 'PATCH', `/api/finance/casher/${c.id}/`, { body: { employee: t.demo('TESTOLOG').id } })).json).toEqual({
      employee: ['Choose an active employee who works in this branch'],
    });
    expect(await t.lastAudit('cashier.update', c.id)).toBeTruthy();
  });

  it('refuses an expense beyond the balance with 409 "holds only", never 500', async () => {
    const c = await newCashier();
    await pay(c.id, '100.00', { kind: await incomeKind() });
    const res = await as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher: c.id, action: 'expense', method: 'cash', amount: '100.01', kind: await expenseKind() } });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ available: '100.00', method: 'cash' });
    expect(res.json.detail).toContain('holds only 100.00 in cash');
    const card = await as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher: c.id, action: 'expense', method: 'card', amount: '1', kind: await expenseKind() } });
    expect(card.status).toBe(409);
    const ok = await as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher: c.id, action: 'expense', method: 'cash', amount: '100', kind: await expenseKind() } });
    expect(ok.status).toBe(201);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/casher/${c.id}/`)).json.balance).toBe('0.00');
  });

  it('reverses an entry once: the reversal is linked both ways; reversing twice, a reversal, or a handover is 409', async () => {
    const c = await newCashier();
    const [m] = await memberships(t, 'Chilonzor');
    const payment = financeEntry.parse((await pay(c.id, '300.00', { student: m.student, group: m.group })).json);
    expect((await as('ACCOUNTING', 'POST', `/api/finance/${payment.id}/reverse/`, { body: { comment: '' } })).status).toBe(400);
    const res = await as('ACCOUNTING', 'POST', `/api/finance/${payment.id}/reverse/`, { body: { comment: 'Xato' } });
    expect(res.status).toBe(201);
    const reversal = financeEntry.strict().parse(res.json);
    expect(reversal).toMatchObject({ action: 'expense', amount: '300.00', reverses: payment.id, kind: { system_key: 'student_payment' }, student: { id: m.student }, group: { id: m.group } });
    expect(await t.lastAudit('finance_entry.reverse', reversal.id)).toBeTruthy();
    const list = entriesPage.parse((await as('ACCOUNTING', 'GET', `/api/finance/?casher_id=${c.id}`)).json);
    expect(list.results.find((e) => e.id === payment.id)?.reversed_by).toBe(reversal.id);
    expect(list.totals).toEqual({ income: '300.00', expense: '300.00', net: '0.00' });
    const twice = await as('ACCOUNTING', 'POST', `/api/finance/${payment.id}/reverse/`, { body: { comment: 'Yana' } });
    expect(twice.status).toBe(409);
    expect(twice.json.detail).toBe('This entry has already been reversed');
    expect((await as('ACCOUNTING', 'POST', `/api/finance/${reversal.id}/reverse/`, { body: { comment: 'Yana' } })).status).toBe(409);
    expect((await as('ACCOUNTING', 'POST', '/api/finance/99999999/reverse/', { body: { comment: 'Yana' } })).status).toBe(404);

    const to = await newCashier();
    await pay(c.id, '50.00', { kind: await incomeKind() });
    const h = await as('ACCOUNTING', 'POST', '/api/finance/handover', { body: { from_casher: c.id, to_casher: to.id, amount: '50.00' } });
    expect(h.status).toBe(201);
    const [handoverEntry] = await t.db.select().from(financeEntries).where(eq(financeEntries.handoverId, h.json.id));
    expect((await as('ACCOUNTING', 'POST', `/api/finance/${handoverEntry.id}/reverse/`, { body: { comment: 'x' } })).status).toBe(409);
    // A reversed income that the cashier no longer holds cannot be reversed.
    const p2 = financeEntry.parse((await pay(c.id, '70.00', { kind: await incomeKind() })).json);
    await as('ACCOUNTING', 'POST', '/api/finance/handover', { body: { from_casher: c.id, to_casher: to.id, amount: '70.00' } });
    const poor = await as('ACCOUNTING', 'POST', `/api/finance/${p2.id}/reverse/`, { body: { comment: 'x' } });
    expect(poor.status).toBe(409);
    expect(poor.json.available).toBe('0.00');
  });

  it('keeps the ledger append-only: UPDATE and DELETE fail in the database', async () => {
    const [row] = await t.db.select({ id: financeEntries.id }).from(financeEntries).limit(1);
    await expect(t.db.update(financeEntries).set({ amount: '1.00' }).where(eq(financeEntries.id, row.id))).rejects.toThrow();
    await expect(t.db.delete(financeEntries).where(eq(financeEntries.id, row.id))).rejects.toThrow();
    await expectBalancesMatchLedger(t);
  });

  it('replays an idempotent payment: the same entry id, written once', async () => {
    const c = await newCashier();
    const key = newKey();
    const body = { kind: await incomeKind() };
    const first = await pay(c.id, '42.00', body, { 'Idempotency-Key': key });
    const again = await pay(c.id, '42.00', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json.id).toBe(first.json.id);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await t.db.select().from(financeEntries).where(eq(financeEntries.cashierId, c.id))).toHaveLength(1);
    expect((await pay(c.id, '43.00', body, { 'Idempotency-Key': key })).status).toBe(422);
    expect((await as('ACCOUNTING', 'GET', `/api/finance/casher/${c.id}/`)).json.balance).toBe('42.00');
  });

  it('manages kinds: unique names per action among active ones, system kinds untouchable', async () => {
    const name = unique('Reklama');
    const res = await as('ACCOUNTING', 'POST', '/api/finance/kind/', { body: { name, action: 'expense' } });
    expect(res.status).toBe(201);
    const kind = financeKind.strict().parse(res.json);
    expect(kind).toMatchObject({ name, action: 'expense', system_key: null, is_archived: false });
    expect((await as('ACCOUNTING', 'POST', '/api/finance/kind/', { body: { name: name.toUpperCase(), action: 'expense' } })).json).toEqual({ name: ['This name is already in use'] });
    expect((await as('ACCOUNTING', 'POST', '/api/finance/kind/', { body: { name, action: 'income' } })).status).toBe(201);
    expect((await as('ACCOUNTING', 'POST', '/api/finance/kind/', { body: { name: '', action: 'bonus' } })).json).toMatchObject({ name: [expect.any(String)], action: [expect.any(String)] });
    const archived = await as('ACCOUNTING', 'PATCH', `/api/finance/kind/${kind.id}/`, { body: { is_archived: true } });
    expect(archived.json.is_archived).toBe(true);
    expect(await t.lastAudit('finance_kind.archive', kind.id)).toBeTruthy();
    const active = financeKind.array().parse((await as('ACCOUNTING', 'GET', '/api/finance/kind/?action=expense')).json);
    expect(active.map((k) => k.id)).not.toContain(kind.id);
    expect(active.every((k) => k.action === 'expense')).toBe(true);
    const c = await newCashier();
    await pay(c.id, 10, { kind: await incomeKind() });
    const usingArchived = await as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher: c.id, action: 'expense', method: 'cash', amount: 1, kind: kind.id } });
    expect(usingArchived.json).toEqual({ kind: ['This item is archived'] });
    const system = financeKind.array().parse((await as('ACCOUNTING', 'GET', '/api/finance/kind/')).json).find((k) => k.system_key === 'student_payment')!;
    expect((await as('ACCOUNTING', 'PATCH', `/api/finance/kind/${system.id}/`, { body: { name: 'X' } })).status).toBe(409);
    expect((await as('ACCOUNTING', 'PATCH', '/api/finance/kind/99999999/', { body: { name: 'X' } })).status).toBe(404);
  });
});
