import { describe, expect, it } from 'vitest';
import { emptyHandover, handoverFormSchema, shiftCloseFormSchema, toHandoverBody, toShiftCloseBody } from '../../../../src/views/cashiers/detail/handoverForm';

const issuesOf = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, values: unknown) => {
  const r = schema.safeParse(values);
  return r.success ? {} : Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
};

describe('handover form', () => {
  it('needs the receiving cashier and a positive amount', () => {
    expect(issuesOf(handoverFormSchema, emptyHandover())).toEqual({ to: 'validation.required', amount: 'validation.required' });
    expect(issuesOf(handoverFormSchema, { ...emptyHandover(), to: 4, amount: '0' })).toEqual({ amount: 'validation.moneyPositive' });
  });

  it('sends from, to, method and the exact amount', () => {
    expect(toHandoverBody({ to: 4, method: 'cash', amount: '2 000 000,5', comment: ' Kechki ' }, 3)).toEqual({
      from_casher: 3,
      to_casher: 4,
      method: 'cash',
      amount: '2000000.50',
      comment: 'Kechki',
    });
  });

  it('refuses a handover to the same cashier in the contract’s words', () => {
    expect(() => toHandoverBody({ to: 3, method: 'cash', amount: '10', comment: '' }, 3)).toThrow(/validation.sameCashier/);
  });
});

describe('shift close form', () => {
  it('takes an empty drawer (zero) but not an empty field', () => {
    expect(issuesOf(shiftCloseFormSchema, { counted: '', comment: '' })).toEqual({ counted: 'validation.required' });
    expect(toShiftCloseBody({ counted: '0', comment: '' })).toEqual({ counted: '0.00', comment: '' });
    expect(toShiftCloseBody({ counted: '1 250 000', comment: 'Kun oxiri' })).toEqual({ counted: '1250000.00', comment: 'Kun oxiri' });
  });
});
