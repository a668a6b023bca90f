// Click's SHOP API against a local Click caller (tests/fakes/clickCaller.ts): the signature, every error code the
// supplier answers (-1 sign, -2 amount, -3 action, -4 already paid, -5 user, -6 transaction, -7 update, -8 request,
// -9 cancelled), prepare and complete idempotent by click_trans_id, the payment booked on the branch's "Click"
// desk, a failed debit cancelling the prepared payment; without keys nothing is accepted.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentGroups } from '../../server/db/schema';
import { clickCaller } from '../fakes/clickCaller';
import { backends, testClock, useTestApp } from './harness';
import { CLICK_ENV, appSend, balanceOf, countRows, expectLedgerInvariants, paymentFixture, providerEntries } from './paymentsSupport';

describe.each(backends())('Click SHOP API on %s', (backend) => {
  const clock = testClock(new Date());
  const t = useTestApp(backend, { clock, env: CLICK_ENV });
  const fx = paymentFixture(t);
  const click = clickCaller({ send: (p, i) => appSend(t)(p, i), serviceId: CLICK_ENV.CLICK_SERVICE_ID, secretKey: CLICK_ENV.CLICK_SECRET_KEY, now: () => clock.now() });

  it('prepares and completes a payment onto the branch’s "Click" desk; repeating either books nothing twice', async () => {
    const student = await fx.payer();
    const payment = { clickTransId: click.newTransId(), studentId: student.id, amount: '250000' };
    const prepared = await click.prepare(payment);
    expect(prepared).toMatchObject({ error: 0, error_note: 'Success', click_trans_id: Number(payment.clickTransId), merchant_trans_id: String(student.id) });
    expect(prepared.merchant_prepare_id).toBeGreaterThan(0);
    expect(await click.prepare(payment)).toEqual(prepared);
    expect(await balanceOf(t, student.id)).toBe('0.00');

    const completed = await click.complete({ ...payment, prepareId: prepared.merchant_prepare_id! });
    expect(completed).toMatchObject({ error: 0, merchant_confirm_id: prepared.merchant_prepare_id });
    expect(await balanceOf(t, student.id)).toBe('250000.00');
    expect(await providerEntries(t, student.id, 'click')).toEqual([expect.objectContaining({ action: 'income', amount: '250000.00', method: 'click', desk: 'Click' })]);

    expect((await click.complete({ ...payment, prepareId: prepared.merchant_prepare_id! })).error).toBe(-4);
    expect((await click.prepare(payment)).error).toBe(-4);
    expect(await balanceOf(t, student.id)).toBe('250000.00');
    await expectLedgerInvariants(t);
  });

  it('-1 for a wrong key or a field changed after signing, -8 for a malformed request, -3 for a wrong action', async () => {
    const student = await fx.payer();
    const before = await countRows(t);
    const base = { clickTransId: click.newTransId(), studentId: student.id, amount: '100000' };
    expect((await click.prepare({ ...base, secretKey: 'not-the-key' })).error).toBe(-1);
    expect((await click.prepare({ ...base, tamper: { amount: '1000' } })).error).toBe(-1);
    expect((await click.prepare({ ...base, tamper: { sign_string: undefined } })).error).toBe(-8);
    expect((await click.prepare({ ...base, tamper: { sign_time: 'yesterday' } })).error).toBe(-8);
    const otherService = clickCaller({ send: (p, i) => appSend(t)(p, i), serviceId: '99999', secretKey: CLICK_ENV.CLICK_SECRET_KEY });
    expect((await otherService.prepare(base)).error).toBe(-8);
    expect((await click.prepare({ ...base, action: '1' })).error).toBe(-3);
    expect((await click.complete({ ...base, prepareId: 1, action: '0' })).error).toBe(-3);
    expect(await countRows(t)).toEqual(before);
  });

  it('-5 for an unknown, non-numeric or group-less student, -2 for an amount outside the limits', async () => {
    const student = await fx.payer();
    for (const id of ['999999', 'abc', String(await fx.groupless())])
      expect((await click.prepare({ clickTransId: click.newTransId(), studentId: id, amount: '100000' })).error, id).toBe(-5);
    for (const amount of ['0', '999.99', '10000000000.01'])
      expect((await click.prepare({ clickTransId: click.newTransId(), studentId: student.id, amount })).error, amount).toBe(-2);
  });

  it('-6 for a complete without its prepare, -2 when the amount differs from the prepared one', async () => {
    const student = await fx.payer();
    const payment = { clickTransId: click.newTransId(), studentId: student.id, amount: '120000.50' };
    expect((await click.complete({ ...payment, prepareId: 999999 })).error).toBe(-6);
    const prepared = await click.prepare(payment);
    expect((await click.complete({ ...payment, clickTransId: click.newTransId(), prepareId: prepared.merchant_prepare_id! })).error).toBe(-6);
    expect((await click.complete({ ...payment, amount: '120000', prepareId: prepared.merchant_prepare_id! })).error).toBe(-2);
    expect((await click.complete({ ...payment, prepareId: prepared.merchant_prepare_id! })).error).toBe(0);
    expect(await balanceOf(t, student.id)).toBe('120000.50');
  });

  it('cancels the prepared payment when Click reports a failed debit, and answers -9 from then on', async () => {
    const student = await fx.payer();
    const payment = { clickTransId: click.newTransId(), studentId: student.id, amount: '90000' };
    const prepared = await click.prepare(payment);
    expect((await click.complete({ ...payment, error: -5017, prepareId: prepared.merchant_prepare_id! })).error).toBe(-9);
    expect((await click.complete({ ...payment, prepareId: prepared.merchant_prepare_id! })).error).toBe(-9);
    expect((await click.prepare(payment)).error).toBe(-9);
    expect(await providerEntries(t, student.id, 'click')).toEqual([]);
    expect(await balanceOf(t, student.id)).toBe('0.00');
  });

  it('-7 when the student can no longer be booked at complete (left every group since prepare)', async () => {
    const student = await fx.payer();
    const payment = { clickTransId: click.newTransId(), studentId: student.id, amount: '90000' };
    const prepared = await click.prepare(payment);
    await t.db.delete(studentGroups).where(eq(studentGroups.studentId, student.id));
    expect((await click.complete({ ...payment, prepareId: prepared.merchant_prepare_id! })).error).toBe(-7);
    expect(await providerEntries(t, student.id, 'click')).toEqual([]);
  });
});

describe.each(backends())('Click without keys on %s', (backend) => {
  const t = useTestApp(backend);
  const fx = paymentFixture(t);

  it('refuses prepare and complete (-1: nothing to check the signature with) and writes nothing', async () => {
    const click = clickCaller({ send: (p, i) => t.app.request(p, i), serviceId: CLICK_ENV.CLICK_SERVICE_ID, secretKey: CLICK_ENV.CLICK_SECRET_KEY });
    const student = await fx.payer();
    const before = await countRows(t);
    const payment = { clickTransId: click.newTransId(), studentId: student.id, amount: '100000' };
    expect((await click.prepare(payment)).error).toBe(-1);
    expect((await click.complete({ ...payment, prepareId: 1 })).error).toBe(-1);
    expect(await countRows(t)).toEqual(before);
  });
});
