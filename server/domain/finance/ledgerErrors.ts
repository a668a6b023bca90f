// Ledger refusals with messages in the request's language: conflicts whose detail is a validation.* key with values
// (the cashier holds less than asked, an archived cashier, an entry reversed already), and the database errors
// behind them (check violation 23514 on cashier_balances_nonnegative_chk, a second reversal's 23505).
import type { PaymentMethod } from '../../../contract/finance';
import { DomainError } from '../core/errors';

/** A conflict whose `detail` is translated from `key` (a validation.* message); `extra` rides along. */
export const ledgerConflict = (key: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  new DomainError('conflict', { key, params, extra });

type PgError = { code?: string; constraint?: string; message?: string };

/** The PostgreSQL error under drizzle's wrapper (node-postgres and PGlite both carry `code`). */
export function pgErrorOf(err: unknown): PgError | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (typeof (e as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgError).code!)) return e as PgError;
  }
  return undefined;
}

/** A balance would have gone below zero (the CHECK of cashier_balances). */
export function isBalanceViolation(err: unknown): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23514' && (pg.constraint === 'cashier_balances_nonnegative_chk' || /cashier_balances_nonnegative_chk/.test(pg.message ?? ''));
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint || (pg.message ?? '').includes(constraint));
}

/** 409: `cashier` holds only `available` in `method`; the body also carries `available` and `method`. */
export function holdsOnly(cashier: string, method: PaymentMethod, available: string): DomainError {
  return ledgerConflict('validation.cashierHoldsOnly', { cashier, amount: available, method: { key: `validation.paymentMethods.${method}` } }, { available, method });
}

export const cashierArchived = (cashier: string) => ledgerConflict('validation.cashierArchived', { cashier });
