// The student card's money forms as plain rules: the payment body (group named or left to the split) and the
// archive dialog's money choice.
import { describe, expect, it } from 'vitest';
import { toPaymentBody, takePaymentSchema } from '../../../../src/views/students/info/payments/takePayment';
import { archiveMoneySchema, defaultRefundDesk } from '../../../../src/views/students/info/archiveMoney';

const issuesOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, values: unknown) => {
  const r = schema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('take a payment', () => {
  const base = { casher: 3, group: 7 as number | null, method: 'cash' as const, amount: '1 200 000', comment: '' };
  it('sends the student, the desk and the group filled in', () => {
    expect(toPaymentBody(base, 42)).toEqual({ casher: 3, action: 'income', method: 'cash', amount: '1200000.00', student: 42, group: 7, comment: '' });
  });
  it('leaves the group to the split when none is chosen', () => {
    expect(toPaymentBody({ ...base, group: null }, 42)).toMatchObject({ student: 42, group: null });
  });
  it('needs a desk and an amount, in the contract’s words', () => {
    expect(issuesOf(takePaymentSchema, { ...base, casher: 0, amount: '' })).toEqual({ casher: 'validation.required', amount: 'validation.required' });
  });
});

describe('archiving with money', () => {
  const base = { reason: 'Ko‘chdi', balance_action: null, casher: null, method: 'cash' };
  it('asks for a choice, and for a desk when refunding', () => {
    expect(issuesOf(archiveMoneySchema, base)).toEqual({ balance_action: 'validation.required' });
    expect(issuesOf(archiveMoneySchema, { ...base, balance_action: 'refund' })).toEqual({ casher: 'validation.required' });
    expect(issuesOf(archiveMoneySchema, { ...base, balance_action: 'refund', casher: 4 })).toEqual({});
    expect(issuesOf(archiveMoneySchema, { ...base, balance_action: 'keep' })).toEqual({});
    expect(issuesOf(archiveMoneySchema, { ...base, reason: ' ', balance_action: 'keep' })).toEqual({ reason: 'validation.required' });
  });
});

describe('the desk a refund starts from', () => {
  const desk = (id: number, cash: string, employee: number | null = null) => ({ id, employee: employee === null ? null : { id: employee }, balances: { cash } });
  it('is the user’s own desk when it can pay the amount', () => {
    expect(defaultRefundDesk([desk(1, '900000.00'), desk(2, '150000.00', 7)], 7, 'cash', '100000.00')?.id).toBe(2);
  });
  it('is the desk holding the most when the own desk cannot pay, not an empty first desk', () => {
    expect(defaultRefundDesk([desk(1, '0.00'), desk(2, '50000.00', 7), desk(3, '400000.00')], 7, 'cash', '100000.00')?.id).toBe(3);
  });
  it('falls back to the own desk, then the first, when no desk can pay', () => {
    expect(defaultRefundDesk([desk(1, '0.00'), desk(2, '10.00', 7)], 7, 'cash', '100000.00')?.id).toBe(2);
    expect(defaultRefundDesk([desk(1, '0.00'), desk(2, '10.00')], 7, 'cash', '100000.00')?.id).toBe(1);
    expect(defaultRefundDesk([], 7, 'cash', '1.00')).toBeUndefined();
  });
});
