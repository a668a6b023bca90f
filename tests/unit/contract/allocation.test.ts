import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocatePayment, allocateRefund, paymentOrder, refundable, type AllocationGroup } from '../../../contract/allocation';
import { fromCents, toCents } from '../../../contract/money';

const g = (group: number, balance: string, open = true): AllocationGroup => ({ group, balance, open });
const cents = (v: string) => toCents(v);

describe('a payment without a group', () => {
  it('pays the largest debt first, then the next', () => {
    const groups = [g(1, '-100000.00'), g(2, '-300000.00'), g(3, '50000.00')];
    expect(allocatePayment('350000.00', groups)).toEqual([
      { group: 2, amount: '300000.00' },
      { group: 1, amount: '50000.00' },
    ]);
  });

  it('gives what is left after every debt to the open group that owed most', () => {
    const groups = [g(1, '-100000.00'), g(2, '-300000.00'), g(3, '50000.00')];
    expect(allocatePayment('500000.00', groups)).toEqual([
      { group: 2, amount: '400000.00' },
      { group: 1, amount: '100000.00' },
    ]);
  });

  it('with no debt, goes to the open group with the least credit', () => {
    expect(allocatePayment('10.00', [g(4, '20.00'), g(3, '5.00'), g(9, '0.00')])).toEqual([{ group: 9, amount: '10.00' }]);
  });

  it('pays a debt left behind in a group the student left, but puts the rest into an open group', () => {
    const groups = [g(1, '-200.00', false), g(2, '0.00'), g(3, '900.00', false)];
    expect(allocatePayment('500.00', groups)).toEqual([
      { group: 1, amount: '200.00' },
      { group: 2, amount: '300.00' },
    ]);
  });

  it('keeps the rest in the first indebted group when the student is in no group any more', () => {
    expect(allocatePayment('500.00', [g(1, '-200.00', false), g(5, '-300.00', false)])).toEqual([
      { group: 5, amount: '300.00' },
      { group: 1, amount: '200.00' },
    ]);
  });

  it('finds nowhere to go without an open group or a debt', () => {
    expect(allocatePayment('500.00', [g(1, '100.00', false)])).toEqual([]);
    expect(allocatePayment('500.00', [])).toEqual([]);
  });

  it('breaks equal debts by the smaller group id', () => {
    expect(allocatePayment('100.00', [g(7, '-100.00'), g(3, '-100.00')])).toEqual([{ group: 3, amount: '100.00' }]);
    expect(paymentOrder([g(7, '-1.00'), g(3, '-1.00'), g(5, '-2.00')]).map((x) => x.group)).toEqual([5, 3, 7]);
  });

  const balance = fc.bigInt({ min: -500_000_000n, max: 500_000_000n }).map(fromCents);
  const groupsArb = fc.uniqueArray(fc.record({ group: fc.integer({ min: 1, max: 40 }), balance, open: fc.boolean() }), {
    selector: (x) => x.group,
    maxLength: 8,
  });
  const amountArb = fc.bigInt({ min: 1n, max: 2_000_000_000n }).map(fromCents);

  it('adds up to the payment, never negative, each group once, only into open or indebted groups', () => {
    fc.assert(
      fc.property(amountArb, groupsArb, (amount, groups) => {
        const parts = allocatePayment(amount, groups);
        const candidates = groups.filter((x) => x.open || cents(x.balance) < 0n);
        if (!candidates.length) {
          expect(parts).toEqual([]);
          return;
        }
        expect(parts.reduce((s, p) => s + cents(p.amount), 0n)).toBe(cents(amount));
        for (const p of parts) expect(cents(p.amount) > 0n).toBe(true);
        expect(new Set(parts.map((p) => p.group)).size).toBe(parts.length);
        for (const p of parts) expect(candidates.some((x) => x.group === p.group)).toBe(true);
      }),
    );
  });

  it('pays the largest debts first: a debt is touched only when every larger debt is paid off', () => {
    fc.assert(
      fc.property(amountArb, groupsArb, (amount, groups) => {
        const parts = new Map(allocatePayment(amount, groups).map((p) => [p.group, cents(p.amount)]));
        const debts = groups.filter((x) => cents(x.balance) < 0n);
        for (const small of debts) {
          if (!parts.has(small.group)) continue;
          for (const big of debts) {
            const larger = cents(big.balance) < cents(small.balance) || (big.balance === small.balance && big.group < small.group);
            if (larger) expect(parts.get(big.group)! >= -cents(big.balance)).toBe(true);
          }
        }
        // No group gets more than its debt while some debt is still unpaid.
        const unpaid = debts.some((x) => (parts.get(x.group) ?? 0n) < -cents(x.balance));
        if (unpaid) for (const x of groups) expect((parts.get(x.group) ?? 0n) <= (cents(x.balance) < 0n ? -cents(x.balance) : 0n)).toBe(true);
      }),
    );
  });

  it('does not depend on the order the groups are listed in', () => {
    fc.assert(
      fc.property(amountArb, groupsArb, fc.nat(), (amount, groups, seed) => {
        const shuffled = [...groups].sort((a, b) => ((a.group * 7919 + seed) % 101) - ((b.group * 7919 + seed) % 101));
        expect(allocatePayment(amount, shuffled)).toEqual(allocatePayment(amount, groups));
      }),
    );
  });
});

describe('a refund over the groups in credit', () => {
  it('takes the largest credit first and never deepens a debt', () => {
    const groups = [g(1, '100.00'), g(2, '300.00'), g(3, '-50.00')];
    expect(refundable(groups)).toBe('400.00');
    expect(allocateRefund('350.00', groups)).toEqual([
      { group: 2, amount: '300.00' },
      { group: 1, amount: '50.00' },
    ]);
    expect(() => allocateRefund('400.01', groups)).toThrow();
  });

  it('adds up to the refund and takes no group below zero', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ group: fc.integer({ min: 1, max: 40 }), balance: fc.bigInt({ min: -1_000_000n, max: 1_000_000n }).map(fromCents), open: fc.boolean() }), {
          selector: (x) => x.group,
          maxLength: 8,
        }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (groups, share) => {
          const credit = cents(refundable(groups));
          fc.pre(credit > 0n);
          const amount = fromCents(BigInt(Math.max(1, Math.floor(Number(credit) * share))));
          const parts = allocateRefund(amount, groups);
          expect(parts.reduce((s, p) => s + cents(p.amount), 0n)).toBe(cents(amount));
          for (const p of parts) {
            const before = cents(groups.find((x) => x.group === p.group)!.balance);
            expect(cents(p.amount) > 0n && cents(p.amount) <= before).toBe(true);
          }
        },
      ),
    );
  });
});
