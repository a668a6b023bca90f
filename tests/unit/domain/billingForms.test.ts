// The payments tab's and the sales page's forms: typed amounts read exactly, the contract's rules and messages.
import { describe, expect, it } from 'vitest';
import { catalogueSaleSchema, saleFormSchema, saleValueText, toSaleBody, toVoucherBody, voucherFormSchema } from '../../../src/views/common/money/billingForms';
import { formatMoney } from '../../../src/lib/money';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('voucher form', () => {
  it('reads "75 000" and "75000,5" exactly into the body', () => {
    expect(toVoucherBody({ group: 3, amount: '75 000', reason: ' Olympiad ' }, 9)).toEqual({ student: 9, group: 3, amount: '75000.00', reason: 'Olympiad' });
    expect(toVoucherBody({ group: 3, amount: '75000,5', reason: '' }, 9).amount).toBe('75000.50');
  });

  it('refuses no group, an empty, zero or unreadable amount', () => {
    expect(messages(voucherFormSchema.safeParse({ group: 0, amount: '', reason: '' }))).toEqual({ group: 'validation.required', amount: 'validation.required' });
    expect(messages(voucherFormSchema.safeParse({ group: 1, amount: '0', reason: '' })).amount).toBe('validation.moneyPositive');
    expect(messages(voucherFormSchema.safeParse({ group: 1, amount: '12abc', reason: '' })).amount).toBe('finance.form.amountInvalid');
  });
});

describe('sale forms', () => {
  it('a sale to a student needs a group, a sale and a date', () => {
    expect(toSaleBody({ group: 2, sale: 5, from_date: '2026-11-01', reason: 'Brother' }, 9)).toEqual({ student: 9, group: 2, sale: 5, from_date: '2026-11-01', reason: 'Brother' });
    expect(Object.keys(messages(saleFormSchema.safeParse({ group: 0, sale: 0, from_date: '', reason: '' }))).sort()).toEqual(['from_date', 'group', 'sale']);
  });

  it('a new sale: percent at most 100, a fixed amount any positive amount', () => {
    expect(catalogueSaleSchema.parse({ name: 'Siblings', kind: 'percent', value: '10' })).toEqual({ name: 'Siblings', kind: 'percent', value: '10.00' });
    expect(catalogueSaleSchema.parse({ name: 'Social', kind: 'fixed', value: '1 500 000' }).value).toBe('1500000.00');
    expect(messages(catalogueSaleSchema.safeParse({ name: 'All', kind: 'percent', value: '100,5' }))).toEqual({ value: 'validation.max' });
    expect(messages(catalogueSaleSchema.safeParse({ name: ' ', kind: 'fixed', value: '' })).name).toBe('validation.required');
  });

  it('shows a percentage as "10 %" and an amount as money', () => {
    expect(saleValueText({ kind: 'percent', value: '10.00' }, formatMoney)).toBe('10 %');
    expect(saleValueText({ kind: 'percent', value: '12.50' }, formatMoney)).toBe('12,5 %');
    expect(saleValueText({ kind: 'fixed', value: '50000.00' }, formatMoney)).toBe(formatMoney('50000.00'));
  });
});

