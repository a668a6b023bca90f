// The pure half of the charge sync: which members of a held lesson are charged and how much.
import { describe, expect, it } from 'vitest';
import { desiredCharges, firstOfMonth, lastOfMonth } from '../../../server/domain/billing/charges';

const base = {
  lesson_id: 1,
  group_id: 7,
  filial_id: 1,
  date: '2026-10-10',
  pos: 2,
  n: 4,
  student_id: 42,
  joined_on: '2026-10-01',
  left_on: null,
  price: '500000.00',
  attendance: 'present' as const,
  charge_excused: true,
  frozen: false,
  sale_kind: null,
  sale_value: null,
};

describe('desiredCharges', () => {
  it('charges the lesson its share of the monthly price', () => {
    expect(desiredCharges([base])).toEqual([
      { studentId: 42, groupId: 7, lessonId: 1, filialId: 1, date: '2026-10-10', amount: '125000.00', monthlyPrice: '500000.00' },
    ]);
  });

  it('the month’s shares are whole so’m and add up to exactly the price (the remainder on the last lessons)', () => {
    const month = [1, 2, 3].map((pos) => ({ ...base, lesson_id: pos, pos, n: 3 }));
    expect(desiredCharges(month).map((c) => c.amount)).toEqual(['166666.00', '166667.00', '166667.00']);
  });

  it('a sale lowers the monthly price the share is cut from', () => {
    expect(desiredCharges([{ ...base, sale_kind: 'percent', sale_value: '10.00' }])[0]).toMatchObject({ amount: '112500.00', monthlyPrice: '450000.00' });
    expect(desiredCharges([{ ...base, sale_kind: 'fixed', sale_value: '600000.00' }])[0]).toMatchObject({ amount: '0.00', monthlyPrice: '0.00' });
  });

  it('nothing while frozen, before joining or after leaving; excused follows the branch', () => {
    expect(desiredCharges([{ ...base, frozen: true }])).toEqual([]);
    expect(desiredCharges([{ ...base, joined_on: '2026-10-11' }])).toEqual([]);
    expect(desiredCharges([{ ...base, left_on: '2026-10-09' }])).toEqual([]);
    expect(desiredCharges([{ ...base, attendance: 'excused', charge_excused: false }])).toEqual([]);
    expect(desiredCharges([{ ...base, attendance: 'excused' }])).toHaveLength(1);
    expect(desiredCharges([{ ...base, attendance: 'absent', charge_excused: false }])).toHaveLength(1);
    expect(desiredCharges([{ ...base, attendance: null }])).toHaveLength(1);
  });
});

describe('month bounds', () => {
  it('widens a date to its calendar month, leap years included', () => {
    expect(firstOfMonth('2026-10-17')).toBe('2026-10-01');
    expect(lastOfMonth('2026-10-17')).toBe('2026-10-31');
    expect(lastOfMonth('2028-02-03')).toBe('2028-02-29');
    expect(lastOfMonth('2026-02-03')).toBe('2026-02-28');
  });
});
