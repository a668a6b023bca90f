import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isChargeable, lessonCharge, priceAfterSale } from '../../../contract/billing';
import { sumAmounts, toCents } from '../../../contract/money';

const charges = (price: string, count: number) => Array.from({ length: count }, (_, i) => lessonCharge(price, i + 1, count));
const whole = (amount: string) => amount.endsWith('.00');
/** Whole so'm prices up to the largest accepted price (14,2 NUMERIC). */
const wholePrice = fc.bigInt({ min: 0n, max: 999_999_999n }).map((soum) => `${soum}.00`);
const lessonsInMonth = fc.integer({ min: 1, max: 31 });

describe('lesson charges', () => {
  it('every charge of a whole monthly price is whole so\'m, and the month adds up to exactly the price', () => {
    fc.assert(
      fc.property(wholePrice, lessonsInMonth, (price, count) => {
        const month = charges(price, count);
        expect(month.every(whole)).toBe(true);
        expect(sumAmounts(month)).toBe(price);
      }),
    );
  });

  it('gives floor(price ÷ n) to every lesson and one so\'m more to the last (price mod n) lessons', () => {
    fc.assert(
      fc.property(wholePrice, lessonsInMonth, (price, count) => {
        const soum = toCents(price) / 100n;
        const n = BigInt(count);
        const month = charges(price, count).map((c) => toCents(c) / 100n);
        const extra = Number(soum % n);
        month.forEach((c, i) => expect(c).toBe(soum / n + (i >= count - extra ? 1n : 0n)));
        // Never decreasing: the remainder sits at the end of the month.
        month.slice(1).forEach((c, i) => expect(c >= month[i]).toBe(true));
      }),
    );
  });

  it('500 000 over 12 lessons: 41 666 so\'m, the last eight 41 667; no tiyin', () => {
    expect(charges('500000.00', 12)).toEqual([...Array(4).fill('41666.00'), ...Array(8).fill('41667.00')]);
    expect(lessonCharge('600000.00', 5, 12)).toBe('50000.00');
    // 1 000 000 over 3: the balance after one lesson is −333 333, never −333 333,33 (nor −666 666,66 after two).
    expect(charges('1000000.00', 3)).toEqual(['333333.00', '333333.00', '333334.00']);
  });

  it('a price with tiyin (not one the app makes) keeps them on the last lesson, and still adds up', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999n }), lessonsInMonth, (cents, count) => {
        const price = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
        const month = charges(price, count);
        expect(sumAmounts(month)).toBe(price);
        expect(month.slice(0, -1).every(whole)).toBe(true);
      }),
    );
  });

  it('refuses impossible positions', () => {
    expect(() => lessonCharge('100.00', 0, 3)).toThrow();
    expect(() => lessonCharge('100.00', 4, 3)).toThrow();
    expect(() => lessonCharge('100.00', 1, 0)).toThrow();
  });
});

describe('sales', () => {
  it('takes a percentage or a fixed amount off, never below zero', () => {
    expect(priceAfterSale('500000.00', null)).toBe('500000.00');
    expect(priceAfterSale('500000.00', { kind: 'percent', value: '10' })).toBe('450000.00');
    // Rounded to whole so'm: 291 666,66 → 291 667; 12,5 % of 350 001 leaves 306 250,875 → 306 251.
    expect(priceAfterSale('333333.33', { kind: 'percent', value: '12.5' })).toBe('291667.00');
    expect(priceAfterSale('350001.00', { kind: 'percent', value: '12.5' })).toBe('306251.00');
    expect(priceAfterSale('500000.00', { kind: 'percent', value: '100' })).toBe('0.00');
    expect(priceAfterSale('500000.00', { kind: 'fixed', value: '50000' })).toBe('450000.00');
    expect(priceAfterSale('500000.00', { kind: 'fixed', value: '600000' })).toBe('0.00');
  });
});

describe('whole prices after a sale', () => {
  it('a percent sale on a whole price leaves a whole price, within half a so\'m of the exact share', () => {
    fc.assert(
      fc.property(wholePrice, fc.integer({ min: 0, max: 10_000 }), (price, hundredths) => {
        const value = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
        const after = priceAfterSale(price, { kind: 'percent', value });
        expect(whole(after)).toBe(true);
        const exact = (toCents(price) * BigInt(10_000 - hundredths)) / 10_000n; // tiyin, rounded down
        const diff = toCents(after) - exact;
        expect(diff > -51n && diff < 51n).toBe(true);
      }),
    );
  });
});

describe('what is charged', () => {
  const base = { date: '2026-11-10', joinedOn: '2026-11-01', leftOn: null, frozen: false, attendance: 'present' as const, chargeExcused: true };
  it('charges a member for a lesson held while they belong to the group', () => {
    expect(isChargeable(base)).toBe(true);
    expect(isChargeable({ ...base, attendance: 'absent' })).toBe(true);
    expect(isChargeable({ ...base, attendance: null })).toBe(true);
    expect(isChargeable({ ...base, date: '2026-11-01' })).toBe(true);
    expect(isChargeable({ ...base, leftOn: '2026-11-10' })).toBe(true);
  });
  it('does not charge before joining, after leaving or while frozen', () => {
    expect(isChargeable({ ...base, date: '2026-10-31' })).toBe(false);
    expect(isChargeable({ ...base, leftOn: '2026-11-09' })).toBe(false);
    expect(isChargeable({ ...base, frozen: true })).toBe(false);
  });
  it('follows the branch switch for an excused absence', () => {
    expect(isChargeable({ ...base, attendance: 'excused', chargeExcused: true })).toBe(true);
    expect(isChargeable({ ...base, attendance: 'excused', chargeExcused: false })).toBe(false);
  });
});
