// Spec section 7 "Finance": cashiers, the append-only ledger (finance entries), kinds, handovers, shift closes and
// payment statistics. Amounts are decimal strings with two decimals ("150000.00"); requests may send numbers.
import { z } from 'zod';
import { bodyId } from './catalogue';
import { msg, optionalQuery, pageQuery, paged, queryId, queryIsoDate, required } from './common';
import { amountOrZeroSchema, amountSchema } from './money';
import { ONLINE_PROVIDERS } from './onlinePayments';

export const FINANCE_ACTIONS = ['income', 'expense'] as const;
export type FinanceAction = (typeof FINANCE_ACTIONS)[number];
export const financeAction = z.enum(FINANCE_ACTIONS, { error: 'validation.invalid' });

export const PAYMENT_METHODS = ['cash', 'card', 'transfer', 'click', 'payme', 'uzum'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethod = z.enum(PAYMENT_METHODS, { error: 'validation.invalid' });

/** Kinds the server books with itself (names translated by the client under finance.systemKinds.*). */
export const SYSTEM_KINDS = ['student_payment', 'student_refund', 'handover', 'shift_difference'] as const;
export type SystemKind = (typeof SYSTEM_KINDS)[number];

export const FINANCE_NAME_MAX = 100;
export const FINANCE_COMMENT_MAX = 500;
const name = z.string(required).trim().min(1, msg.required).max(FINANCE_NAME_MAX, 'validation.maxLength');
const comment = z.string().trim().max(FINANCE_COMMENT_MAX, 'validation.maxLength').default('');
const money = z.string();
const ref = z.object({ id: z.number().int(), name: z.string() });
const person = z.object({ id: z.number().int(), full_name: z.string() });

/** Per method, e.g. {cash: "150000.00", card: "0.00", ...}: every method present. */
export const methodAmounts = z.record(paymentMethod, money);
export type MethodAmounts = z.infer<typeof methodAmounts>;

// ---- Cashiers ----------------------------------------------------------------------------------------------

export const cashier = z.object({
  id: z.number().int(),
  name: z.string(),
  filial: z.number().int(),
  /** Set on the desk an online provider's payments land on ("Payme", "Click"; made by the server). */
  provider: z.enum(ONLINE_PROVIDERS).nullable(),
  employee: person.nullable(),
  is_archived: z.boolean(),
  /** The sum of the cashier's entries over every method. */
  balance: money,
  /** The same per method. */
  balances: methodAmounts,
  created_at: z.string(),
});
export type Cashier = z.infer<typeof cashier>;

/** GET /finance/casher/ (paged) and /finance/casher/no-pg/ (plain array). */
export const cashiersQuery = pageQuery.extend({
  page: optionalQuery(pageQuery.shape.page).transform((v) => v ?? 1),
  page_size: optionalQuery(pageQuery.shape.page_size).transform((v) => v ?? 30),
  filial: queryId,
  is_archived: optionalQuery(z.enum(['true', 'false']).transform((v) => v === 'true')),
});
export const cashiersPage = paged(cashier);
/** GET /finance/casher/{id}/: `filial` narrows it to one branch (another branch's cashier → 404). */
export const cashierQuery = z.object({ filial: queryId });

/** POST /finance/casher/. */
export const cashierCreateBody = z.object({ name, filial: bodyId, employee: bodyId.nullable().optional() });
export type CashierCreateBody = z.input<typeof cashierCreateBody>;
/** PATCH /finance/casher/{id}/: rename, change the responsible employee, archive (true) or bring back (false). */
export const cashierPatchBody = z.object({ name: name.optional(), employee: bodyId.nullable().optional(), is_archived: z.boolean().optional() });
export type CashierPatchBody = z.input<typeof cashierPatchBody>;

/** GET /finance/casher/stats/{id} (start_date, end_date): the cashier's movement over the period. */
export const cashierStatsQuery = z.object({ start_date: queryIsoDate, end_date: queryIsoDate });
export const cashierStats = z.object({
  cashier: ref,
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** Balance before the period and after it, per method and in total. */
  opening: money,
  closing: money,
  income: money,
  expense: money,
  income_by_method: methodAmounts,
  expense_by_method: methodAmounts,
  handed_over: money,
  received: money,
  entries_count: z.number().int(),
  last_shift_close: z.lazy(() => shiftClose).nullable(),
});
export type CashierStats = z.infer<typeof cashierStats>;

/** GET /finance/method-amount/ (filial, casher_id, start_date, end_date): income, expense and net per method. */
export const methodAmountQuery = z.object({ filial: queryId, casher_id: queryId, start_date: queryIsoDate, end_date: queryIsoDate });
export const methodAmountRow = z.object({ method: paymentMethod, income: money, expense: money, net: money });
export const methodAmountAnswer = z.object({ rows: z.array(methodAmountRow), total: methodAmountRow.omit({ method: true }) });
export type MethodAmountAnswer = z.infer<typeof methodAmountAnswer>;

// ---- Kinds -------------------------------------------------------------------------------------------------

export const financeKind = z.object({
  id: z.number().int(),
  name: z.string(),
  action: financeAction,
  /** Set for the kinds the server books with; those cannot be archived or renamed. */
  system_key: z.enum(SYSTEM_KINDS).nullable(),
  is_archived: z.boolean(),
});
export type FinanceKind = z.infer<typeof financeKind>;
/** GET /finance/kind/ (action, is_archived): a plain array. */
export const kindsQuery = z.object({ action: optionalQuery(financeAction), is_archived: optionalQuery(z.enum(['true', 'false']).transform((v) => v === 'true')) });
/** POST /finance/kind/ and PATCH /finance/kind/{id}/. */
export const kindCreateBody = z.object({ name, action: financeAction });
export const kindPatchBody = z.object({ name: name.optional(), is_archived: z.boolean().optional() });

// ---- Entries (the ledger) ------------------------------------------------------------------------------------

export const financeEntry = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  cashier: ref,
  action: financeAction,
  kind: financeKind.pick({ id: true, name: true, system_key: true }),
  method: paymentMethod,
  amount: money,
  student: person.nullable(),
  group: ref.nullable(),
  comment: z.string(),
  author: person,
  created_at: z.string(),
  /** The entry this one reverses. */
  reverses: z.number().int().nullable(),
  /** The entry that reversed this one, if any (then it cannot be reversed again). */
  reversed_by: z.number().int().nullable(),
  handover: z.number().int().nullable(),
});
export type FinanceEntry = z.infer<typeof financeEntry>;

/** GET /finance/ (spec: page, casher_id, start_date, end_date, action, filial; ours also kind, method, student). */
export const entriesQuery = pageQuery.extend({
  page: optionalQuery(pageQuery.shape.page).transform((v) => v ?? 1),
  page_size: optionalQuery(pageQuery.shape.page_size).transform((v) => v ?? 30),
  filial: queryId,
  casher_id: queryId,
  action: optionalQuery(financeAction),
  kind: queryId,
  method: optionalQuery(paymentMethod),
  student: queryId,
  start_date: queryIsoDate,
  end_date: queryIsoDate,
});
export type EntriesParams = Partial<Record<'page' | 'page_size' | 'filial' | 'casher_id' | 'kind' | 'student', number>> & {
  action?: FinanceAction;
  method?: PaymentMethod;
  start_date?: string;
  end_date?: string;
};
/** The page plus the totals of every entry the filters match (not only this page). */
export const entriesPage = paged(financeEntry).extend({ totals: z.object({ income: money, expense: money, net: money }) });
export type EntriesPage = z.infer<typeof entriesPage>;

/**
 * POST /finance/: one entry. A student payment is an income with `student` (kind defaults to the student_payment
 * kind) and a `group`, or without one: then it is split over the student's groups, largest debt first
 * (contract/allocation.ts). A refund is an expense with `student` and `group` (student_refund). The cashier's branch
 * is the entry's.
 */
export const entryCreateBody = z.object({
  casher: bodyId,
  action: financeAction,
  kind: bodyId.optional(),
  method: paymentMethod,
  amount: amountSchema,
  student: bodyId.nullable().optional(),
  group: bodyId.nullable().optional(),
  comment,
});
export type EntryCreateBody = z.input<typeof entryCreateBody>;
/**
 * The answer of POST /finance/: the (first) entry booked, and for a student's money every part with its group and
 * entry: one part when the group was named, one per group when a payment without a group was split
 * (contract/allocation.ts).
 */
export const entryCreated = financeEntry.extend({ allocation: z.array(z.object({ group: ref, amount: money, entry: z.number().int() })) });
export type EntryCreated = z.infer<typeof entryCreated>;

/** POST /finance/{id}/reverse/ (ours): the reversing entry; the reason is required. */
export const entryReverseBody = z.object({ comment: z.string(required).trim().min(1, msg.required).max(FINANCE_COMMENT_MAX, 'validation.maxLength') });

// ---- Handovers and shift closes --------------------------------------------------------------------------------

export const handover = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  from_cashier: ref,
  to_cashier: ref,
  method: paymentMethod,
  amount: money,
  comment: z.string(),
  author: person,
  created_at: z.string(),
});
export type Handover = z.infer<typeof handover>;
/** POST /finance/handover: `from` and `to` cashiers of branches the user sees; `amount` ≤ what `from` holds in `method`. */
export const handoverBody = z
  .object({ from_casher: bodyId, to_casher: bodyId, method: paymentMethod.default('cash'), amount: amountSchema, comment })
  .refine((b) => b.from_casher !== b.to_casher, { path: ['to_casher'], message: 'validation.sameCashier' });
export type HandoverBody = z.input<typeof handoverBody>;
/** GET /finance/handover/{id}/: the handovers of cashier {id}, both directions (page, start_date, end_date, filial). */
export const handoversQuery = pageQuery.extend({
  page: optionalQuery(pageQuery.shape.page).transform((v) => v ?? 1),
  page_size: optionalQuery(pageQuery.shape.page_size).transform((v) => v ?? 30),
  filial: queryId,
  start_date: queryIsoDate,
  end_date: queryIsoDate,
});
export const handoversPage = paged(handover);

export const shiftClose = z.object({
  id: z.number().int(),
  cashier: ref,
  expected: money,
  counted: money,
  /** counted − expected; negative is a shortage. */
  difference: money,
  comment: z.string(),
  author: person,
  created_at: z.string(),
});
export type ShiftClose = z.infer<typeof shiftClose>;
/** POST /finance/casher/{id}/close/ (ours): cash counted in the drawer; the server compares it with the ledger. */
export const shiftCloseBody = z.object({ counted: amountOrZeroSchema, comment });
export type ShiftCloseBody = z.input<typeof shiftCloseBody>;
/** GET /finance/casher/{id}/closes/ (ours): paged, newest first. */
export const shiftClosesQuery = pageQuery.extend({
  page: optionalQuery(pageQuery.shape.page).transform((v) => v ?? 1),
  page_size: optionalQuery(pageQuery.shape.page_size).transform((v) => v ?? 30),
});
export const shiftClosesPage = paged(shiftClose);

// ---- Statistics --------------------------------------------------------------------------------------------

/** GET /finance/payment_statistics/ (filial, start_date, end_date; default the current month) and
 * GET /finance/payment_casher/{id} (the same for one cashier): income and expense per day, method and kind. */
export const paymentStatisticsQuery = z.object({ filial: queryId, start_date: queryIsoDate, end_date: queryIsoDate });
export const paymentStatistics = z.object({
  start_date: z.string(),
  end_date: z.string(),
  income: money,
  expense: money,
  net: money,
  /** Student payments in the period (income of kind student_payment, less their reversals). */
  student_payments: money,
  by_day: z.array(z.object({ date: z.string(), income: money, expense: money })),
  by_method: z.array(methodAmountRow),
  by_kind: z.array(z.object({ kind: financeKind.pick({ id: true, name: true, system_key: true, action: true }), amount: money })),
});
export type PaymentStatistics = z.infer<typeof paymentStatistics>;

/** Header of every finance write: the same key replays the first answer (24 hours). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const idempotencyKey = z.string().trim().min(8).max(100);
