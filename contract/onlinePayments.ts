// Payments from the parent's phone (issue 17, section 2): what Payme's Merchant API (JSON-RPC 2.0) and Click's SHOP
// API (form-encoded prepare/complete) send us, and our own staff endpoints over them (reconciliation, payment
// links). Provider requests are checked here field by field; their refusals are the providers' own error codes,
// answered by server/domain/payments/, never our 400.
import { z } from 'zod';
import { optionalQuery, queryId, queryIsoDate } from './common';
import { MONEY_ENTRY_MAX, fromCents, toCents } from './money';

export const ONLINE_PROVIDERS = ['payme', 'click'] as const;
export type OnlineProvider = (typeof ONLINE_PROVIDERS)[number];

/** The smallest payment a parent can make online (so'm); the largest is one ledger entry's limit. */
export const ONLINE_MIN_AMOUNT = '1000.00';
export const ONLINE_MAX_AMOUNT = MONEY_ENTRY_MAX;

/** Payme sends tiyin (1/100 so'm): an exact decimal string in so'm, or null when not a whole positive number. */
export function tiyinToSum(tiyin: unknown): string | null {
  if (typeof tiyin !== 'number' || !Number.isSafeInteger(tiyin) || tiyin <= 0) return null;
  return fromCents(BigInt(tiyin));
}

export const sumToTiyin = (amount: string): number => Number(toCents(amount));

/** Within the online limits (both in so'm, exact). */
export function withinOnlineLimits(amount: string): boolean {
  const cents = toCents(amount);
  return cents >= toCents(ONLINE_MIN_AMOUNT) && cents <= toCents(ONLINE_MAX_AMOUNT);
}

// ---- Payme Merchant API ------------------------------------------------------------------------------------

export const PAYME_METHODS = ['CheckPerformTransaction', 'CreateTransaction', 'PerformTransaction', 'CancelTransaction', 'CheckTransaction', 'GetStatement'] as const;
export type PaymeMethod = (typeof PAYME_METHODS)[number];

/** The envelope of a JSON-RPC 2.0 request; `params` is checked per method. */
export const paymeRequest = z.object({
  jsonrpc: z.literal('2.0').optional(),
  id: z.union([z.number(), z.string()]).nullable(),
  method: z.string(),
  params: z.record(z.string(), z.unknown()),
});

const paymeId = z.string().min(1).max(64);
const paymeAccount = z.object({ student_id: z.union([z.string(), z.number()]).transform(String) });
const paymeTime = z.number().int().nonnegative();

export const paymeParams = {
  CheckPerformTransaction: z.object({ amount: z.number(), account: paymeAccount }),
  CreateTransaction: z.object({ id: paymeId, time: paymeTime, amount: z.number(), account: paymeAccount }),
  PerformTransaction: z.object({ id: paymeId }),
  CancelTransaction: z.object({ id: paymeId, reason: z.number().int() }),
  CheckTransaction: z.object({ id: paymeId }),
  GetStatement: z.object({ from: paymeTime, to: paymeTime }),
} satisfies Record<PaymeMethod, z.ZodType>;

/** Payme's transaction states. */
export const PAYME_STATE = { created: 1, performed: 2, cancelled: -1, cancelledAfterPerform: -2 } as const;
/** Payme's cancel reasons we set ourselves. */
export const PAYME_REASON = { timeout: 4 } as const;
/** A created transaction not performed within this time is cancelled (reason 4). */
export const PAYME_TIMEOUT_MS = 12 * 60 * 60 * 1000;

export const PAYME_ERRORS = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  unauthorised: -32504,
  system: -32400,
  wrongAmount: -31001,
  notFound: -31003,
  cannotCancel: -31007,
  cannotPerform: -31008,
  /** The account (student_id) is unknown or may not pay. */
  account: -31050,
  /** Another transaction of the account is pending. */
  accountBusy: -31099,
} as const;

// ---- Click SHOP API ----------------------------------------------------------------------------------------

export const CLICK_ERRORS = {
  ok: 0,
  sign: -1,
  amount: -2,
  action: -3,
  alreadyPaid: -4,
  userNotFound: -5,
  transactionNotFound: -6,
  updateFailed: -7,
  request: -8,
  cancelled: -9,
} as const;

const digits = z.string().regex(/^\d{1,20}$/);
/** Fields every Click request carries, as strings exactly as sent (the signature is over them). */
const clickCommon = {
  click_trans_id: digits,
  service_id: digits,
  click_paydoc_id: digits,
  merchant_trans_id: z.string().min(1).max(64),
  amount: z.string().regex(/^\d{1,15}(\.\d{1,2})?$/),
  action: z.string().regex(/^-?\d{1,3}$/),
  error: z.string().regex(/^-?\d{1,10}$/),
  error_note: z.string().max(1000).optional().default(''),
  sign_time: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
  sign_string: z.string().regex(/^[0-9a-fA-F]{32}$/),
};
export const clickPrepareForm = z.object(clickCommon);
export const clickCompleteForm = z.object({ ...clickCommon, merchant_prepare_id: digits });
export type ClickPrepare = z.output<typeof clickPrepareForm>;
export type ClickComplete = z.output<typeof clickCompleteForm>;

export const clickAnswer = z.object({
  click_trans_id: z.union([z.number(), z.string()]).optional(),
  merchant_trans_id: z.string().optional(),
  merchant_prepare_id: z.number().int().optional(),
  merchant_confirm_id: z.number().int().optional(),
  error: z.number().int(),
  error_note: z.string(),
});
export type ClickAnswer = z.infer<typeof clickAnswer>;

/** Payme's answer: a result or an error, per JSON-RPC 2.0. */
export const paymeAnswer = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string()]).nullable(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.number().int(), message: z.record(z.string(), z.string()), data: z.string().optional() }).optional(),
});

// ---- Reconciliation ----------------------------------------------------------------------------------------

export const reconciliationQuery = z.object({
  provider: optionalQuery(z.enum(ONLINE_PROVIDERS, { error: 'validation.invalid' })),
  filial: queryId,
  start_date: queryIsoDate,
  end_date: queryIsoDate,
});

export const RECONCILIATION_PROBLEMS = ['performed_without_entry', 'entry_without_payment', 'amount_mismatch', 'cancelled_not_reversed'] as const;
export type ReconciliationProblem = (typeof RECONCILIATION_PROBLEMS)[number];

const onlineState = z.number().int();
export const reconciliationRow = z.object({
  /** null for a ledger entry on an online desk that no provider transaction booked. */
  payment: z
    .object({
      id: z.number().int(),
      provider: z.enum(ONLINE_PROVIDERS),
      provider_id: z.string(),
      state: onlineState,
      amount: z.string(),
      student: z.object({ id: z.number().int(), full_name: z.string() }),
      created_at: z.string(),
      performed_at: z.string().nullable(),
      cancelled_at: z.string().nullable(),
    })
    .nullable(),
  /** The ledger entries the payment booked (its parts) and reversed. */
  entries: z.array(z.object({ id: z.number().int(), action: z.enum(['income', 'expense']), amount: z.string(), group: z.number().int().nullable(), cashier: z.number().int(), created_at: z.string() })),
  /** The net of the entries (income − expense). */
  booked: z.string(),
  problems: z.array(z.enum(RECONCILIATION_PROBLEMS)),
});
export type ReconciliationRow = z.infer<typeof reconciliationRow>;

export const reconciliationAnswer = z.object({
  results: z.array(reconciliationRow),
  /** How many rows have a problem. */
  mismatches: z.number().int(),
});
export type Reconciliation = z.infer<typeof reconciliationAnswer>;

// ---- Payment links -----------------------------------------------------------------------------------------

export const paymentLinksAnswer = z.object({
  student: z.number().int(),
  /** The suggested amount (so'm): the debt, else the month's fee of the student's open groups. */
  amount: z.string(),
  /** What the amount is. */
  basis: z.enum(['debt', 'month_fee', 'none']),
  payme: z.string().nullable(),
  click: z.string().nullable(),
});
export type PaymentLinks = z.infer<typeof paymentLinksAnswer>;
