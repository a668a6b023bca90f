// Payme's Merchant API against a local Payme caller (tests/fakes/paymeCaller.ts): authorisation, every method and
// every error code of the protocol, idempotency by Payme's id, one pending transaction per student, the 12-hour
// timeout on a clock the test moves, the payment booked on the branch's "Payme" desk by the allocation rule, and a
// cancel after perform that gives the balance back; the ledger's invariants hold throughout.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYME_TIMEOUT_MS } from '../../contract/onlinePayments';
import { financeKinds, students } from '../../server/db/schema';
import { paymeCaller } from '../fakes/paymeCaller';
import { ledgerCaller } from './financeLedgerSupport';
import { backends, testClock, useTestApp } from './harness';
import { PAYME_ENV, appSend, balanceOf, countRows, expectLedgerInvariants, paymentFixture, providerEntries } from './paymentsSupport';

describe.each(backends())('Payme Merchant API on %s', (backend) => {
  const clock = testClock(new Date());
  const t = useTestApp(backend, { clock, env: PAYME_ENV });
  const fx = paymentFixture(t);
  const payme = paymeCaller({ send: (p, i) => appSend(t)(p, i), key: PAYME_ENV.PAYME_KEY, now: () => clock.now() });

  it('refuses a caller without the cashbox key with -32504, and changes nothing', async () => {
    const student = await fx.payer();
    const before = await countRows(t);
    const id = payme.newId();
    for (const auth of [null, { login: 'Paycom', key: 'wrong' }, { login: 'Other', key: PAYME_ENV.PAYME_KEY }]) {
      const answer = await payme.call('CreateTransaction', { id, time: clock.now().getTime(), amount: 10_000_000, account: { student_id: String(student.id) } }, { auth });
      expect(answer.error?.code).toBe(-32504);
      expect(answer.error?.message.uz).toBeTruthy();
    }
    expect(await countRows(t)).toEqual(before);
  });

  it('answers the JSON-RPC errors: -32700 for broken JSON, -32600 for a bad request, -32601 for an unknown method', async () => {
    expect((await payme.call('', {}, { raw: '{"jsonrpc": "2.0", ' })).error?.code).toBe(-32700);
    expect((await payme.call('', {}, { raw: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'CheckTransaction' }) })).error?.code).toBe(-32600);
    const bad = await payme.call('PerformTransaction', { id: 42 });
    expect(bad.error?.code).toBe(-32600);
    const unknown = await payme.call('ChangePassword', { password: 'x' });
    expect(unknown.error?.code).toBe(-32601);
    expect(unknown.id).not.toBeNull();
  });

  it('CheckPerformTransaction: -31050 for an unknown, archived or group-less student, -31001 for an amount outside the limits', async () => {
    const student = await fx.payer();
    expect((await payme.checkPerform(student.id, 15_000_000)).result).toEqual({ allow: true });
    for (const account of ['999999', 'abc', String(await fx.groupless())]) {
      const answer = await payme.checkPerform(account, 15_000_000);
      expect(answer.error?.code).toBe(-31050);
      expect(answer.error?.data).toBe('student_id');
    }
    const archived = await fx.payer();
    await t.db.update(students).set({ isArchived: true, status: 'archived' }).where(eq(students.id, archived.id));
    expect((await payme.checkPerform(archived.id, 15_000_000)).error?.code).toBe(-31050);
    for (const tiyin of [0, -100, 99_999, 150.5, 1_000_000_000_001])
      expect((await payme.checkPerform(student.id, tiyin)).error?.code, String(tiyin)).toBe(-31001);
    expect((await payme.checkPerform(student.id, 100_000)).result).toEqual({ allow: true });
  });

  it('creates once per Payme id, refuses a second pending transaction of the student, performs once onto the "Payme" desk', async () => {
    const student = await fx.payer();
    const id = payme.newId();
    const created = await payme.create(id, student.id, 15_000_050);
    expect(created.result).toMatchObject({ create_time: clock.now().getTime(), state: 1 });
    clock.advance(1000);
    const again = await payme.create(id, student.id, 15_000_050);
    expect(again.result).toEqual(created.result);
    const other = await payme.create(payme.newId(), student.id, 15_000_050);
    expect(other.error?.code).toBe(-31099);
    expect(await balanceOf(t, student.id)).toBe('0.00');

    const performed = await payme.perform(id);
    expect(performed.result).toEqual({ transaction: created.result!.transaction, perform_time: clock.now().getTime(), state: 2 });
    clock.advance(1000);
    expect((await payme.perform(id)).result).toEqual(performed.result);
    const entries = await providerEntries(t, student.id, 'payme');
    expect(entries).toEqual([expect.objectContaining({ action: 'income', amount: '150000.50', method: 'payme', desk: 'Payme' })]);
    expect(await balanceOf(t, student.id)).toBe('150000.50');

    expect((await payme.check(id)).result).toEqual({
      create_time: created.result!.create_time,
      perform_time: performed.result!.perform_time,
      cancel_time: 0,
      transaction: created.result!.transaction,
      state: 2,
      reason: null,
    });
    // Performed: a create with the same id can no longer be answered as pending.
    expect((await payme.create(id, student.id, 15_000_050)).error?.code).toBe(-31008);
    await expectLedgerInvariants(t);
  });

  it('answers -31003 for a transaction it does not know', async () => {
    const unknown = payme.newId();
    expect((await payme.perform(unknown)).error?.code).toBe(-31003);
    expect((await payme.cancel(unknown, 3)).error?.code).toBe(-31003);
    expect((await payme.check(unknown)).error?.code).toBe(-31003);
  });

  it('cancels a transaction left unperformed for 12 hours (reason 4, -31008), and then takes a new one for the student', async () => {
    const student = await fx.payer();
    const id = payme.newId();
    await payme.create(id, student.id, 20_000_000);
    clock.advance(PAYME_TIMEOUT_MS + 1);
    const late = await payme.perform(id);
    expect(late.error?.code).toBe(-31008);
    expect((await payme.check(id)).result).toMatchObject({ state: -1, reason: 4, cancel_time: clock.now().getTime(), perform_time: 0 });
    expect(await providerEntries(t, student.id, 'payme')).toEqual([]);
    expect((await payme.create(id, student.id, 20_000_000)).error?.code).toBe(-31008);
    const next = await payme.create(payme.newId(), student.id, 20_000_000);
    expect(next.result?.state).toBe(1);
    // A create Payme itself made more than 12 hours ago cannot be performed either.
    const stale = await payme.create(payme.newId(), (await fx.payer()).id, 20_000_000, clock.now().getTime() - PAYME_TIMEOUT_MS - 1);
    expect(stale.error?.code).toBe(-31008);
  });

  it('also times out a repeated CreateTransaction after 12 hours', async () => {
    const student = await fx.payer();
    const id = payme.newId();
    await payme.create(id, student.id, 20_000_000);
    clock.advance(PAYME_TIMEOUT_MS + 1);
    expect((await payme.create(id, student.id, 20_000_000)).error?.code).toBe(-31008);
    expect((await payme.check(id)).result).toMatchObject({ state: -1, reason: 4 });
  });

  it('cancels before perform (state -1, nothing booked) and answers the same cancel again', async () => {
    const student = await fx.payer();
    const id = payme.newId();
    await payme.create(id, student.id, 20_000_000);
    const cancelled = await payme.cancel(id, 3);
    expect(cancelled.result).toMatchObject({ cancel_time: clock.now().getTime(), state: -1 });
    clock.advance(5000);
    expect((await payme.cancel(id, 3)).result).toEqual(cancelled.result);
    expect((await payme.perform(id)).error?.code).toBe(-31008);
    expect((await payme.check(id)).result).toMatchObject({ state: -1, reason: 3 });
    expect(await providerEntries(t, student.id, 'payme')).toEqual([]);
  });

  it('cancels after perform with a reversing entry: the balance goes back and the state is -2', async () => {
    const student = await fx.payer();
    const id = payme.newId();
    await payme.create(id, student.id, 30_000_000);
    await payme.perform(id);
    expect(await balanceOf(t, student.id)).toBe('300000.00');
    // An online payment has its receipt like any payment at the desk, and it says so once the payment is reversed.
    const [paid] = await providerEntries(t, student.id, 'payme');
    const { as } = ledgerCaller(t);
    const receipt = await as('DIRECTOR', 'GET', `/api/finance/${paid.id}/receipt/`);
    expect(receipt.json).toMatchObject({ amount: '300000.00', method: 'payme', cashier: { name: 'Payme' }, reversed: false });
    clock.advance(60_000);
    const cancelled = await payme.cancel(id, 5);
    expect(cancelled.result).toMatchObject({ cancel_time: clock.now().getTime(), state: -2 });
    expect(await balanceOf(t, student.id)).toBe('0.00');
    const entries = await providerEntries(t, student.id, 'payme');
    expect(entries.map((e) => [e.action, e.amount])).toEqual([
      ['income', '300000.00'],
      ['expense', '300000.00'],
    ]);
    expect(entries[1].reversesId).toBe(entries[0].id);
    expect((await payme.cancel(id, 5)).result).toEqual(cancelled.result);
    expect((await payme.perform(id)).error?.code).toBe(-31008);
    expect((await payme.check(id)).result).toMatchObject({ state: -2, reason: 5 });
    expect((await as('DIRECTOR', 'GET', `/api/finance/${paid.id}/receipt/`)).json.reversed).toBe(true);
    await expectLedgerInvariants(t);
  });

  it('refuses to cancel a performed payment whose money has left the desk (-31007), keeping it performed', async () => {
    const student = await fx.payer('Yunusobod');
    const id = payme.newId();
    await payme.create(id, student.id, 40_000_000);
    await payme.perform(id);
    const [entry] = await providerEntries(t, student.id, 'payme');
    const { as } = ledgerCaller(t);
    const desk = (await as('DIRECTOR', 'GET', `/api/finance/casher/no-pg/?filial=${student.filialId}`)).json.find((c: { name: string }) => c.name === 'Payme');
    const [kind] = await t.db.select({ id: financeKinds.id }).from(financeKinds).where(eq(financeKinds.name, 'Kantselyariya'));
    const spent = await as('DIRECTOR', 'POST', '/api/finance/', { body: { casher: desk.id, action: 'expense', kind: kind.id, method: 'payme', amount: desk.balances.payme } });
    expect(spent.status).toBe(201);
    const refused = await payme.cancel(id, 5);
    expect(refused.error?.code).toBe(-31007);
    expect((await payme.check(id)).result).toMatchObject({ state: 2, cancel_time: 0 });
    expect((await providerEntries(t, student.id, 'payme')).map((e) => e.id)).toContain(entry.id);
    await expectLedgerInvariants(t);
  });

  it('GetStatement lists the transactions Payme made within the period, with their states and times', async () => {
    const from = clock.now().getTime() + 1;
    clock.advance(10);
    const student = await fx.payer();
    const performedId = payme.newId();
    await payme.create(performedId, student.id, 12_300_000);
    await payme.perform(performedId);
    clock.advance(10);
    const cancelledId = payme.newId();
    await payme.create(cancelledId, student.id, 4_500_000);
    await payme.cancel(cancelledId, 1);
    const to = clock.now().getTime();
    clock.advance(10);
    const outside = payme.newId();
    await payme.create(outside, (await fx.payer()).id, 4_500_000);
    const statement = await payme.statement(from, to);
    const listed = statement.result!.transactions as { id: string; amount: number; state: number; account: { student_id: string }; perform_time: number; reason: number | null }[];
    expect(listed.map((x) => [x.id, x.amount, x.state, x.account.student_id, x.reason])).toEqual([
      [performedId, 12_300_000, 2, String(student.id), null],
      [cancelledId, 4_500_000, -1, String(student.id), 1],
    ]);
    expect(listed[0].perform_time).toBeGreaterThan(0);
  });
});

describe.each(backends())('Payme without keys on %s', (backend) => {
  const t = useTestApp(backend);
  const fx = paymentFixture(t);

  it('answers every call -32504 and writes nothing, even with what would be the right key', async () => {
    const payme = paymeCaller({ send: (p, i) => t.app.request(p, i), key: PAYME_ENV.PAYME_KEY });
    const student = await fx.payer();
    const before = await countRows(t);
    const id = payme.newId();
    for (const answer of [await payme.checkPerform(student.id, 10_000_000), await payme.create(id, student.id, 10_000_000), await payme.perform(id)])
      expect(answer.error?.code).toBe(-32504);
    expect(await countRows(t)).toEqual(before);
  });
});
