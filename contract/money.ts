// Exact money for client and server: amounts are decimal strings with at most two decimals, computed as BigInt
// tiyin (hundredths), never through a binary float.
import { z } from 'zod';

/** "1500.5" → 150050n. Throws on text that is not a non-negative or negative decimal with ≤ 2 places. */
export function toCents(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) throw new Error(`Not an amount: ${value}`);
  const cents = BigInt(m[2]) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** 150050n → "1500.50"; -5n → "-0.05". */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** Exact sum of decimal strings. */
export function sumAmounts(values: readonly string[]): string {
  return fromCents(values.reduce((acc, v) => acc + toCents(v), 0n));
}

/** Normalises "1500.5" to "1500.50". */
export const normalizeAmount = (value: string) => fromCents(toCents(value));

// ---- The limit of one amount (decisions: "Money: the limit of one entry and the widths of sums") ---------------

/**
 * The most one amount a person types may be, in so'm: a payment, expense, handover, counted drawer, price, sale,
 * voucher or salary. Far above anything a learning centre moves in one go (a month's takings of a large branch is
 * about 2 000 000 000), far below what the columns hold: NUMERIC(14,2) holds one entry (up to 999 999 999 999.99),
 * and every sum or balance is NUMERIC(22,2), which holds MONEY_ENTRY_MAX times every row the ledger, the charges and
 * the vouchers can ever have (their ids are 32-bit: 3 × 2 147 483 647 × 10^10 ≈ 6.4 × 10^19 < 10^20).
 */
export const MONEY_ENTRY_MAX = '10000000000.00';
const MAX_CENTS = toCents(MONEY_ENTRY_MAX);

/** Message keys (namespace "validation"); `moneyMax` names the limit in its text (a unit test keeps them equal). */
export const moneyMsg = {
  money: 'validation.money',
  positive: 'validation.moneyPositive',
  max: 'validation.moneyMax',
  required: 'validation.required',
} as const;

// Any number of digits parses, so a long amount is told the limit rather than "not an amount"; 30 keeps BigInt small.
const MONEY_PATTERN = /^(\d{1,30})(?:\.(\d{1,2}))?$/;

/**
 * "450000", "450000.5", 450000.5 → "450000.50"; null when it is not a plain non-negative amount with at most two
 * decimals. Numbers are read through their shortest decimal form, so 0.1 stays "0.10". The limit is not checked here.
 */
export function normalizeMoney(input: string | number): string | null {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  const match = MONEY_PATTERN.exec(text);
  if (!match) return null;
  const whole = match[1].replace(/^0+(?=\d)/, '');
  return `${whole}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/**
 * An amount in a request, as a decimal string or a JSON number, out as "1500.50": at most two decimals, at most
 * MONEY_ENTRY_MAX, above zero unless `zero` allows it. `typeError` is the message for a value of another type.
 */
export function moneyAmount({ zero, typeError }: { zero: boolean; typeError: string }) {
  return z.union([z.string(), z.number()], { error: typeError }).transform((value, ctx) => {
    const amount = normalizeMoney(value);
    if (amount === null) {
      ctx.addIssue({ code: 'custom', message: moneyMsg.money });
      return z.NEVER;
    }
    const cents = toCents(amount);
    if (!zero && cents === 0n) {
      ctx.addIssue({ code: 'custom', message: moneyMsg.positive });
      return z.NEVER;
    }
    if (cents > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message: moneyMsg.max, params: { max: MONEY_ENTRY_MAX } });
      return z.NEVER;
    }
    return amount;
  });
}

/** Request amounts: > 0 (payments, handovers, vouchers, prices of sales) and ≥ 0 (a counted drawer, a free group). */
export const amountSchema = moneyAmount({ zero: false, typeError: moneyMsg.required });
export const amountOrZeroSchema = moneyAmount({ zero: true, typeError: moneyMsg.money });
