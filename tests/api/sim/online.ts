// A parent pays online in the simulation: Payme (create and perform, and when the plan says so Payme cancels it
// again after perform) or Click (prepare and complete), through the local callers of tests/fakes, with the
// simulation's clock as the provider's. The payment is split as a payment without a group at the desk would be
// (the model's splitPayment), booked on the branch's online desk, which the model does not keep (the invariants check
// the students' balances it moves; after each payment the branch's reconciliation must find no mismatch).
import { expect } from 'vitest';
import { clickCaller } from '../../fakes/clickCaller';
import { paymeCaller } from '../../fakes/paymeCaller';
import type { TestApp } from '../harness';
import { CLICK_ENV, PAYME_ENV } from '../paymentsSupport';
import { must } from './centre';
import { book, splitPayment, type Student } from './model';
import { text } from './money';

export const ONLINE_ENV = { ...PAYME_ENV, ...CLICK_ENV };

/** Click's payment ids, unique across the callers made per payment. */
let clickSeq = 0;

export type OnlinePay = { provider: 'payme' | 'click'; amount: number; cancel: boolean };

/** Pays `a.amount` so'm for `s` (balances and open groups as the model has them); false when there is nowhere to book it. */
export async function payOnline(t: TestApp, accountant: string, filial: number, s: Student, bal: Map<number, number>, open: number[], a: OnlinePay): Promise<boolean> {
  const amount = a.amount * 100;
  const parts = splitPayment(amount, bal, open);
  if (!parts.length) return false;
  const send = (path: string, init: RequestInit) => t.app.request(path, init) as Response | Promise<Response>;
  if (a.provider === 'payme') {
    const payme = paymeCaller({ send, key: PAYME_ENV.PAYME_KEY, now: () => t.clock.now() });
    const id = payme.newId();
    expect((await payme.create(id, s.id, amount)).result?.state, `Payme create for student ${s.id}`).toBe(1);
    expect((await payme.perform(id)).result?.state, `Payme perform for student ${s.id}`).toBe(2);
    if (a.cancel) {
      expect((await payme.cancel(id, 5)).result?.state, `Payme cancel for student ${s.id}`).toBe(-2);
      await expectReconciled(t, accountant, filial);
      return true;
    }
  } else {
    const click = clickCaller({ send, serviceId: CLICK_ENV.CLICK_SERVICE_ID, secretKey: CLICK_ENV.CLICK_SECRET_KEY, now: () => t.clock.now() });
    const payment = { clickTransId: String(7_000_000 + ++clickSeq), studentId: s.id, amount: text(amount) };
    const prepared = await click.prepare(payment);
    expect(prepared.error, `Click prepare for student ${s.id}`).toBe(0);
    expect((await click.complete({ ...payment, prepareId: prepared.merchant_prepare_id! })).error, `Click complete for student ${s.id}`).toBe(0);
  }
  for (const p of parts) book(s, p.group, p.amount);
  await expectReconciled(t, accountant, filial);
  return true;
}

/** The branch's online desks agree with the providers' transactions (the accountant's reconciliation). */
async function expectReconciled(t: TestApp, accountant: string, filial: number) {
  const report = await must(t, 200, accountant, 'GET', `/api/payments/reconciliation/?filial=${filial}`);
  expect(report.mismatches, JSON.stringify(report.results.filter((r: { problems: string[] }) => r.problems.length))).toBe(0);
}
