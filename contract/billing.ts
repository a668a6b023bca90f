// Student billing rules (design page "Billing", money issue). Pure: the server's charge sync and the tests use
// them; amounts are decimal strings, computed in tiyin.
import { fromCents, toCents } from './money';

export type Sale = { kind: 'percent' | 'fixed'; value: string };

/** Rounds a/b to the nearest integer, halves away from zero (a, b ≥ 0). */
function divRound(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/**
 * The monthly price after a sale: percent takes that share off, rounded to whole so'm (halves up), fixed takes the
 * amount off; never below zero. A whole price stays whole, so its lessons' charges are whole too.
 */
export function priceAfterSale(monthlyPrice: string, sale: Sale | null): string {
  const price = toCents(monthlyPrice);
  if (!sale) return fromCents(price);
  if (sale.kind === 'fixed') {
    const off = toCents(sale.value);
    return fromCents(price > off ? price - off : 0n);
  }
  // value is a percentage with up to two decimals: price × (10000 − value×100) / 10000.
  const keep = 10000n - toCents(sale.value);
  return fromCents(keep <= 0n ? 0n : divRound(price * keep, 1_000_000n) * 100n);
}

/**
 * The charge for the `index`-th (1-based) of `count` lessons a group holds in a month, in whole so'm: every lesson
 * takes floor(price ÷ count) so'm, and the last (price mod count) lessons of the month one so'm more, so the month
 * adds up to exactly the monthly price. A price with tiyin (never one the app makes, but the column allows it) puts
 * them on the month's last lesson.
 */
export function lessonCharge(monthlyPrice: string, index: number, count: number): string {
  if (!Number.isInteger(count) || count < 1) throw new Error('A month with lessons has at least one');
  if (!Number.isInteger(index) || index < 1 || index > count) throw new Error(`Lesson ${index} of ${count}`);
  const price = toCents(monthlyPrice);
  const soum = price / 100n;
  const tiyin = price % 100n;
  const n = BigInt(count);
  const remainder = soum % n;
  const extra = BigInt(index) > n - remainder ? 1n : 0n;
  return fromCents((soum / n + extra) * 100n + (index === count ? tiyin : 0n));
}

export type AttendanceMark = 'present' | 'late' | 'excused' | 'absent' | null;

/**
 * Whether a held lesson is charged to a member: the lesson is on or after the day they joined and on or before
 * the day they left; they are not frozen on that day; an excused absence follows the branch's switch. An absence
 * without excuse, and a lesson not marked at all, are charged (the place was kept for them).
 */
export function isChargeable(input: {
  date: string;
  joinedOn: string;
  leftOn: string | null;
  frozen: boolean;
  attendance: AttendanceMark;
  chargeExcused: boolean;
}): boolean {
  if (input.date < input.joinedOn) return false;
  if (input.leftOn !== null && input.date > input.leftOn) return false;
  if (input.frozen) return false;
  if (input.attendance === 'excused') return input.chargeExcused;
  return true;
}
