import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONEY_ENTRY_MAX, amountOrZeroSchema, amountSchema, fromCents, moneyMsg, sumAmounts, toCents } from '../../../contract/money';
import { priceField } from '../../../contract/membership';

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
    expect(amountSchema.parse('10000000000')).toBe('10000000000.00');
    expect(amountSchema.parse(MONEY_ENTRY_MAX)).toBe(MONEY_ENTRY_MAX);
  });

  it('refuses zero, negative, too precise, too large and non-numeric amounts with a message', () => {
    const message = (v: unknown) => amountSchema.safeParse(v).error?.issues[0]?.message;
    expect(message('0')).toBe('validation.moneyPositive');
    expect(message('-5')).toBe('validation.money');
    expect(message('1.005')).toBe('validation.money');
    expect(message('10000000000.01')).toBe('validation.moneyMax');
    expect(message('999999999999.99')).toBe('validation.moneyMax');
    expect(message('1000000000000000000000000')).toBe('validation.moneyMax');
    expect(message(1e15)).toBe('validation.moneyMax');
    expect(message('1e5')).toBe('validation.money');
    expect(message('')).toBe('validation.money');
    expect(message(null)).toBe('validation.required');
    expect(amountOrZeroSchema.parse('0')).toBe('0.00');
  });
});

describe('the limit of one amount', () => {
  const schemas = { amountSchema, amountOrZeroSchema, priceField };

  it('holds for every money schema: at the limit accepted, a tiyin above refused with the limit message', () => {
    for (const [name, schema] of Object.entries(schemas)) {
      expect(schema.parse(MONEY_ENTRY_MAX), name).toBe(MONEY_ENTRY_MAX);
      expect(schema.safeParse('10000000000.01').error?.issues[0]?.message, name).toBe(moneyMsg.max);
    }
  });

  it('is named in both languages exactly as the constant reads, grouped in threes', () => {
    const grouped = (toCents(MONEY_ENTRY_MAX) / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
    expect(grouped).toBe('10 000 000 000');
    for (const lang of ['uz', 'en']) {
      const messages = JSON.parse(readFileSync(`locales/${lang}/validation.json`, 'utf8')) as Record<string, string>;
      expect(messages.moneyMax, lang).toContain(grouped);
      expect(messages.money, lang).not.toMatch(/999/);
      const errors = JSON.parse(readFileSync(`locales/${lang}/errors.json`, 'utf8')) as Record<string, string>;
      expect(errors.numberTooLarge, lang).toContain(grouped);
    }
  });

  it('accepts exactly the amounts from 0.01 to the limit with at most two decimals (property)', () => {
    const max = toCents(MONEY_ENTRY_MAX);
    const cents = fc.bigInt({ min: -10n, max: max * 1000n });
    fc.assert(
      fc.property(cents, fc.boolean(), (c, asNumber) => {
        const text = fromCents(c);
        const input = asNumber && c >= 0n && c < 10n ** 15n ? Number(text) : text;
        const result = amountSchema.safeParse(input);
        expect(result.success).toBe(c > 0n && c <= max);
        if (result.success) expect(toCents(result.data)).toBe(c);
      }),
      { numRuns: 2000 },
    );
  });
});
