// Exact money for client and server: amounts are decimal strings with at most two decimals, computed as BigInt
// tiyin (hundredths), never through a binary float.
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

/** Request amounts: > 0 (payments, handovers, vouchers) and ≥ 0 (a counted drawer), both normalised to "1500.50". */
export { moneyField as amountSchema } from './catalogue';
export { moneyInput as amountOrZeroSchema } from './groups';
