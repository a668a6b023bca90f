// Ledger refusals with messages in the request's language: 409s whose detail is a validation.* key with values
// (the cashier holds less than asked, an archived cashier, an entry reversed already), and the database errors
// behind them (check violation 23514 on cashier_balances_nonnegative_chk, a second reversal's 23505).
import type { Context } from 'hono';
import type { PaymentMethod } from '../../../contract/finance';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { requestLang, translate } from '../../http/i18n';
import { localizedErrors } from '../groups/fieldError';

/** A 409 whose `detail` is translated from `key` (a validation.* message) when answered; `extra` rides along. */
export class LedgerConflict extends ApiError {
  constructor(
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
  ) {
    super(409, { ...extra, detail: key });
  }
}

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
export function holdsOnly(cashier: string, method: PaymentMethod, available: string): LedgerConflict {
  return new LedgerConflict('validation.cashierHoldsOnly', { cashier, amount: available, method: `validation.paymentMethods.${method}` }, { available, method });
}

export const cashierArchived = (cashier: string) => new LedgerConflict('validation.cashierArchived', { cashier });

/** onError of the ledger routers: LedgerConflict translated, 400 field messages translated, the rest as usual. */
export function ledgerErrors(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof LedgerConflict) {
    const lang = requestLang(c);
    const localesDir = c.get('config').localesDir;
    const params = Object.fromEntries(
      Object.entries(err.params).map(([k, v]) => [k, typeof v === 'string' && v.startsWith('validation.') ? translate(localesDir, lang, v) : v]),
    );
    return c.json({ ...err.body, detail: translate(localesDir, lang, err.key, params) }, 409);
  }
  return localizedErrors(err, c);
}
