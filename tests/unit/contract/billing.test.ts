import { describe, expect, it } from 'vitest';
import { isChargeable, lessonCharge, priceAfterSale } from '../../../contract/billing';
import { sumAmounts } from '../../../contract/money';

describe('lesson charges', () => {
  it('adds up to exactly the monthly price for any number of lessons', () => {
    for (const price of ['500000.00', '333333.33', '100.00', '0.05', '1199999.99']) {
      for (let count = 1; count <= 31; count++) {
        const charges = Array.from({ length: count }, (_, i) => lessonCharge(price, i + 1, count));
        expect(sumAmounts(charges), `${price} over ${count}`).toBe(price);
      }
    }
  });

  it('keeps each charge within a tiyin of price ÷ lessons', () => {
    expect(lessonCharge('500000.00', 1, 12)).toBe('41666.67');
    expect(lessonCharge('500000.00', 2, 12)).toBe('41666.66');
    expect(lessonCharge('600000.00', 5, 12)).toBe('50000.00');
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
    expect(priceAfterSale('333333.33', { kind: 'percent', value: '12.5' })).toBe('291666.66');
    expect(priceAfterSale('500000.00', { kind: 'percent', value: '100' })).toBe('0.00');
    expect(priceAfterSale('500000.00', { kind: 'fixed', value: '50000' })).toBe('450000.00');
    expect(priceAfterSale('500000.00', { kind: 'fixed', value: '600000' })).toBe('0.00');
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
