import { describe, expect, it } from 'vitest';
import { amountOrZeroSchema, amountSchema, fromCents, sumAmounts, toCents } from '../../../contract/money';

describe('exact amounts', () => {
  it('converts between decimal strings and tiyin', () => {
    expect(toCents('1500.5')).toBe(150050n);
    expect(toCents('-0.05')).toBe(-5n);
    expect(fromCents(150050n)).toBe('1500.50');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(() => toCents('1.234')).toThrow();
    expect(() => toCents('abc')).toThrow();
  });

  it('sums without float error', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(Array.from({ length: 1000 }, () => '0.01'))).toBe('10.00');
    expect(sumAmounts(['100.00', '-100.01'])).toBe('-0.01');
  });

  it('accepts positive amounts with at most two decimals and normalises them', () => {
    expect(amountSchema.parse('1500')).toBe('1500.00');
    expect(amountSchema.parse(1500.5)).toBe('1500.50');
    expect(amountSchema.parse('999999999999.99')).toBe('999999999999.99');
  });

  it('refuses zero, negative, too precise, too large and non-numeric amounts with a message', () => {
    const message = (v: unknown) => amountSchema.safeParse(v).error?.issues[0]?.message;
    expect(message('0')).toBe('validation.moneyPositive');
    expect(message('-5')).toBe('validation.money');
    expect(message('1.005')).toBe('validation.money');
    expect(message('1000000000000')).toBe('validation.money');
    expect(message('1e5')).toBe('validation.money');
    expect(message('')).toBe('validation.money');
    expect(message(null)).toBe('validation.required');
    expect(amountOrZeroSchema.parse('0')).toBe('0.00');
  });
});
