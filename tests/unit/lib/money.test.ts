import { describe, expect, it } from 'vitest';
import { amountSign, formatMoney, shortenAmount } from '../../../src/lib/money';

const nb = (s: string) => s.replace(/ /g, '\u00a0');

describe('formatMoney', () => {
  it('shows two decimals with a comma and groups thousands with a no-break space', () => {
    expect(formatMoney('1500000.00')).toBe(nb('1 500 000,00'));
    expect(formatMoney('1234.5')).toBe(nb('1 234,50'));
    expect(formatMoney('999')).toBe('999,00');
    expect(formatMoney('0')).toBe('0,00');
    expect(formatMoney('0.07')).toBe('0,07');
  });

  it('keeps the sign of negatives, but not of a negative zero', () => {
    expect(formatMoney('-1234567.89')).toBe(nb('-1 234 567,89'));
    expect(formatMoney('-0.001')).toBe('0,00');
    expect(formatMoney('-0.00')).toBe('0,00');
  });

  it('rounds half away from zero without float errors', () => {
    expect(formatMoney('1.005')).toBe('1,01'); // 1.005.toFixed(2) is "1.00"
    expect(formatMoney(1.005)).toBe('1,01');
    expect(formatMoney('2.675')).toBe('2,68');
    expect(formatMoney('-2.675')).toBe('-2,68');
    expect(formatMoney('0.994')).toBe('0,99');
    expect(formatMoney('9999.995')).toBe(nb('10 000,00'));
  });

  it('is exact beyond float precision', () => {
    expect(formatMoney('123456789012345678.91')).toBe(nb('123 456 789 012 345 678,91'));
    expect(formatMoney(0.1 + 0.2)).toBe('0,30');
  });

  it('accepts numbers, exponents and a plus sign', () => {
    expect(formatMoney(1500)).toBe(nb('1 500,00'));
    expect(formatMoney(1e21)).toBe(nb('1 000 000 000 000 000 000 000,00'));
    expect(formatMoney('1.5e3')).toBe(nb('1 500,00'));
    expect(formatMoney('+7')).toBe('7,00');
  });

  it('shows nothing for empty input and unparsable text as it came', () => {
    expect(formatMoney('')).toBe('');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('abc')).toBe('abc');
    expect(formatMoney(Number.NaN)).toBe('NaN');
  });
});

describe('amountSign', () => {
  it('tells negative, zero and positive apart', () => {
    expect(amountSign('-0.01')).toBe('negative');
    expect(amountSign('0.00')).toBe('zero');
    expect(amountSign('-0')).toBe('zero');
    expect(amountSign(0)).toBe('zero');
    expect(amountSign('12.5')).toBe('positive');
    expect(amountSign(-3)).toBe('negative');
    expect(amountSign(null)).toBe('zero');
  });
});

describe('shortenAmount', () => {
  it('uses the Uzbek suffixes by default', () => {
    expect(shortenAmount(1_500_000)).toBe('1,5 mln');
    expect(shortenAmount('1500')).toBe('1,5 ming');
    expect(shortenAmount(2_000_000)).toBe('2 mln');
    expect(shortenAmount(3_200_000_000)).toBe('3,2 mlrd');
    expect(shortenAmount('4500000000000')).toBe('4,5 trln');
    expect(shortenAmount('7000000000000000')).toBe('7 kvdrln');
    expect(shortenAmount('12000000000000000000')).toBe('12000 kvdrln');
  });

  it('rounds to the nearest hundredth of the unit (issue 15: 1 265 000 is "1,27 mln", not "1,2 mln")', () => {
    expect(shortenAmount(1_265_000)).toBe('1,27 mln');
    expect(shortenAmount('1264999.99')).toBe('1,26 mln');
    expect(shortenAmount(1_599_999)).toBe('1,6 mln');
    expect(shortenAmount(1_234)).toBe('1,23 ming');
    expect(shortenAmount(1_235)).toBe('1,24 ming');
    expect(shortenAmount(1_000)).toBe('1 ming');
    expect(shortenAmount('10000000000.00')).toBe('10 mlrd');
  });

  it('takes the next unit when rounding reaches a thousand of this one', () => {
    expect(shortenAmount(999_999)).toBe('1 mln');
    expect(shortenAmount(999_994)).toBe('999,99 ming');
    expect(shortenAmount('999.995')).toBe('1 ming');
    expect(shortenAmount('999999999.99')).toBe('1 mlrd');
  });

  it('keeps negatives (rounded away from zero) and leaves amounts below 1000 without a suffix', () => {
    expect(shortenAmount(-1_250)).toBe('-1,25 ming');
    expect(shortenAmount('-1265000.00')).toBe('-1,27 mln');
    expect(shortenAmount('-2500000.00')).toBe('-2,5 mln');
    expect(shortenAmount(950)).toBe('950');
    expect(shortenAmount('999.99')).toBe('999,99');
    expect(shortenAmount('0')).toBe('0');
    expect(shortenAmount('-0.004')).toBe('0');
  });

  it('takes suffixes from the translator, and Uzbek while a key is missing', () => {
    const en: Record<string, string> = { 'common.amount.million': 'M', 'common.amount.thousand': 'K' };
    const t = (key: string) => en[key] ?? key;
    expect(shortenAmount(1_500_000, t)).toBe('1,5 M');
    expect(shortenAmount(1_500, t)).toBe('1,5 K');
    expect(shortenAmount(1_500_000_000, t)).toBe('1,5 mlrd');
    expect(shortenAmount(1_265_000, t)).toBe('1,27 M');
  });
});
