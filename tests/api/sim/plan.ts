// The generated life of a centre: its set-up (prices, the excused switch, sales, students and their first groups)
// and, for each day, the office's actions in the morning (before lessons) and the evening (after them), plus a
// number that decides the teachers' marks. Indices (s, g, desk) are taken modulo what exists when the day comes,
// so any generated plan can be played; an action that does not apply then (an archived student's payment, a
// second freeze) is skipped and counted.
import fc from 'fast-check';
import { METHODS, type Method } from './model';

export type Slot = 'morning' | 'evening';

export type Action =
  | { kind: 'enrol'; g: number }
  | { kind: 'join'; s: number; g: number }
  | { kind: 'pay'; s: number; g: number | null; amount: number; desk: number; method: Method }
  | { kind: 'reverse'; s: number; nth: number }
  | { kind: 'freeze'; s: number; start: number; days: number }
  | { kind: 'unfreeze'; s: number }
  | { kind: 'transfer'; s: number; g: number }
  | { kind: 'archive'; s: number; refund: boolean; desk: number }
  | { kind: 'voucher'; s: number; amount: number }
  | { kind: 'cancelVoucher'; s: number }
  | { kind: 'sale'; s: number; sale: number }
  | { kind: 'endSale'; s: number }
  | { kind: 'expense'; desk: number; amount: number }
  | { kind: 'handover'; desk: number; amount: number }
  | { kind: 'payOnline'; s: number; provider: 'payme' | 'click'; amount: number; cancel: boolean };

export type Timed = Action & { slot: Slot };
export type Day = { actions: Timed[]; marks: number };

export type GroupPlan = { days: number[]; start: string; price: number };
export type Plan = {
  /** Days from the 1st of the month the run starts in (so runs begin mid-month too). */
  offset: number;
  chargeExcused: boolean;
  groups: GroupPlan[];
  sales: { kind: 'percent' | 'fixed'; value: number }[];
  /** Each first student's groups (indices, one or two). */
  students: number[][];
  days: Day[];
};

const idx = fc.nat(1000);
const amount = fc.oneof(fc.integer({ min: 1, max: 2000 }).map((k) => k * 1000), fc.integer({ min: 1, max: 2_000_000 }));

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('enrol' as const), g: idx }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('join' as const), s: idx, g: idx }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      s: idx,
      g: fc.option(idx, { freq: 2 }),
      amount,
      desk: idx,
      method: fc.constantFrom(...METHODS),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), s: idx, nth: idx }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('freeze' as const), s: idx, start: fc.integer({ min: 0, max: 3 }), days: fc.integer({ min: 1, max: 20 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unfreeze' as const), s: idx }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('transfer' as const), s: idx, g: idx }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('archive' as const), s: idx, refund: fc.boolean(), desk: idx }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('voucher' as const), s: idx, amount: fc.integer({ min: 1, max: 300 }).map((k) => k * 1000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelVoucher' as const), s: idx }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('sale' as const), s: idx, sale: idx }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('endSale' as const), s: idx }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expense' as const), desk: idx, amount: fc.integer({ min: 1, max: 500 }).map((k) => k * 1000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('handover' as const), desk: idx, amount: fc.integer({ min: 1, max: 500 }).map((k) => k * 1000) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payOnline' as const),
      s: idx,
      provider: fc.constantFrom('payme' as const, 'click' as const),
      amount: fc.integer({ min: 1, max: 2000 }).map((k) => k * 1000),
      cancel: fc.boolean(),
    }),
  },
);

const timed: fc.Arbitrary<Timed> = fc
  .tuple(action, fc.constantFrom<Slot>('morning', 'morning', 'evening'))
  .map(([a, slot]) => ({ ...a, slot }));

/** Three groups on different days and times (no room or teacher clash), each with its own monthly price. */
const groups = fc.tuple(
  ...[
    { days: [1, 3, 5], start: '09:00' },
    { days: [2, 4, 6], start: '14:00' },
    { days: [1, 2, 3, 4, 5], start: '18:30' },
  ].map((g) => fc.integer({ min: 150_000, max: 1_500_000 }).map((price): GroupPlan => ({ ...g, price }))),
);

export const planArb = (days: number): fc.Arbitrary<Plan> =>
  fc.record({
    offset: fc.integer({ min: 0, max: 27 }),
    chargeExcused: fc.boolean(),
    groups,
    sales: fc.tuple(
      fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 1, max: 60 }) }),
      fc.record({ kind: fc.constant('fixed' as const), value: fc.integer({ min: 1, max: 200 }).map((k) => k * 1000) }),
    ),
    students: fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 2 }), { minLength: 5, maxLength: 8 }),
    days: fc.array(fc.record({ actions: fc.array(timed, { maxLength: 4 }), marks: fc.nat() }), { minLength: days, maxLength: days }),
  });
