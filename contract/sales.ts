// Sales (discounts) and vouchers, spec section 7 "Finance": POST /finance/sale/, /finance/sale-student/,
// DELETE /finance/sale/student/{id}/, /finance/voucher/student/; and ours: a student's charges and payments
// (GET /students/{id}/charges/, /students/{id}/payments/) and the branch's excused switch (/finance/settings/).
// The billing rule is contract/billing.ts.
import { z } from 'zod';
import { bodyId } from './catalogue';
import { calendarDay, MAX_ID, msg, optionalQuery, pageQuery, paged, queryId, required } from './common';
import { amountSchema } from './money';

export const SALE_KINDS = ['percent', 'fixed'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];
export const saleKind = z.enum(SALE_KINDS, { error: 'validation.invalid' });

export const SALE_NAME_MAX = 100;
export const REASON_MAX = 500;
const name = z.string(required).trim().min(1, msg.required).max(SALE_NAME_MAX, 'validation.maxLength');
const reason = z.string().trim().max(REASON_MAX, 'validation.maxLength').default('');
const isoDate = calendarDay();
const money = z.string();
const ref = z.object({ id: z.number().int(), name: z.string() });
const person = z.object({ id: z.number().int(), full_name: z.string() });
const queryBoolean = optionalQuery(z.enum(['true', 'false'], { error: 'validation.invalid' }).transform((v) => v === 'true'));

// ---- The catalogue -------------------------------------------------------------------------------------------

export const sale = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: saleKind,
  /** A percentage ("10.00") or an amount off the monthly price ("50000.00"). */
  value: money,
  is_archived: z.boolean(),
  /** Students with this sale running now. */
  students: z.number().int(),
  created_at: z.string(),
});
export type Sale = z.infer<typeof sale>;

/** GET /finance/sale/ (plain array). */
export const salesQuery = z.object({ is_archived: queryBoolean });

/** A percentage is at most 100. */
const percentAtMost100 = (v: { kind?: SaleKind; value?: string }, ctx: z.RefinementCtx) => {
  if (v.kind === 'percent' && v.value !== undefined && Number(v.value) > 100)
    ctx.addIssue({ code: 'too_big', origin: 'number', maximum: 100, inclusive: true, message: 'validation.max', path: ['value'], input: v.value });
};

/** POST /finance/sale/. */
export const saleCreateBody = z.object({ name, kind: saleKind, value: amountSchema }).superRefine(percentAtMost100);
export type SaleCreateBody = z.input<typeof saleCreateBody>;

/** PATCH /finance/sale/{id}/: rename, archive (true) or bring back (false). Kind and value stay: charges cite them. */
export const salePatchBody = z.object({ name: name.optional(), is_archived: z.boolean().optional() });
export type SalePatchBody = z.input<typeof salePatchBody>;

// ---- Sales given to students ---------------------------------------------------------------------------------

export const studentSale = z.object({
  id: z.number().int(),
  student: person,
  group: ref,
  filial: z.number().int(),
  sale: sale.pick({ id: true, name: true, kind: true, value: true }),
  from_date: z.string(),
  /** The last discounted day; null while it runs. */
  ended_on: z.string().nullable(),
  reason: z.string(),
  created_by: person.nullable(),
  created_at: z.string(),
});
export type StudentSale = z.infer<typeof studentSale>;

/** GET /finance/sale-student/ (paged). */
export const studentSalesQuery = pageQuery.extend({
  page: optionalQuery(pageQuery.shape.page).transform((v) => v ?? 1),
  page_size: optionalQuery(pageQuery.shape.page_size).transform((v) => v ?? 30),
  student: queryId,
  group: queryId,
  filial: queryId,
  sale: queryId,
  /** true: only running ones. */
  running: queryBoolean,
});
export type StudentSalesParams = Partial<Record<'page' | 'page_size' | 'student' | 'group' | 'filial' | 'sale', number>> & { running?: boolean };
export const studentSalesPage = paged(studentSale);
export type StudentSalesPage = z.infer<typeof studentSalesPage>;

/** POST /finance/sale-student/: from_date defaults to today. */
export const studentSaleCreateBody = z.object({
  student: bodyId,
  group: bodyId,
  sale: bodyId,
  from_date: isoDate.optional(),
  reason,
});
export type StudentSaleCreateBody = z.input<typeof studentSaleCreateBody>;

/** DELETE /finance/sale/student/{id}/: the last discounted day, default today. */
export const studentSaleEndBody = z.object({ ended_on: isoDate.optional() });
export type StudentSaleEndBody = z.input<typeof studentSaleEndBody>;

// ---- Vouchers ------------------------------------------------------------------------------------------------

export const voucher = z.object({
  id: z.number().int(),
  student: person,
  group: ref,
  filial: z.number().int(),
  amount: money,
  reason: z.string(),
  created_by: person.nullable(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
  cancelled_by: person.nullable(),
});
export type Voucher = z.infer<typeof voucher>;

/** GET /finance/voucher/student/?id=STUDENT (plain array, newest first). */
export const vouchersQuery = z.object({
  id: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number(required).int(msg.positiveInt).positive(msg.positiveInt).max(MAX_ID, msg.positiveInt)),
});

/** POST /finance/voucher/student/. */
export const voucherCreateBody = z.object({ student: bodyId, group: bodyId, amount: amountSchema, reason });
export type VoucherCreateBody = z.input<typeof voucherCreateBody>;

// ---- A student's charges and payments (ours) -----------------------------------------------------------------

export const studentCharge = z.object({
  id: z.number().int(),
  lesson: z.number().int(),
  date: z.string(),
  group: ref,
  amount: money,
  /** The monthly price the charge was cut from, after the sale. */
  monthly_price: money,
});
export type StudentCharge = z.infer<typeof studentCharge>;

/** GET /students/{id}/charges/ (paged, newest lesson first). */
export const studentChargesQuery = pageQuery.extend({
  page: optionalQuery(pageQuery.shape.page).transform((v) => v ?? 1),
  page_size: optionalQuery(pageQuery.shape.page_size).transform((v) => v ?? 30),
  group: queryId,
});
export const studentChargesPage = paged(studentCharge).extend({ total: money });
export type StudentChargesPage = z.infer<typeof studentChargesPage>;

export const studentPayment = z.object({
  id: z.number().int(),
  action: z.enum(['income', 'expense']),
  amount: money,
  method: z.string(),
  group: ref.nullable(),
  cashier: ref,
  kind: z.object({ name: z.string(), system_key: z.string().nullable() }),
  comment: z.string(),
  reverses: z.number().int().nullable(),
  created_at: z.string(),
});
export type StudentPayment = z.infer<typeof studentPayment>;

/** GET /students/{id}/payments/ (paged, newest first). */
export const studentPaymentsQuery = studentChargesQuery;
export const studentPaymentsPage = paged(studentPayment);
export type StudentPaymentsPage = z.infer<typeof studentPaymentsPage>;

/** Balance per group, from student_balances: every group the student has a balance in or belongs to. */
export const studentBalanceRow = z.object({ group: ref, balance: money, is_member: z.boolean(), running_sale: studentSale.nullable() });
export const studentBalances = z.object({ total: money, groups: z.array(studentBalanceRow) });
export type StudentBalances = z.infer<typeof studentBalances>;

// ---- The branch's excused switch (ours) ----------------------------------------------------------------------

/** GET /finance/settings/?filial= */
export const billingSettingsQuery = z.object({ filial: queryId });
export const billingSettings = z.object({ filial: z.number().int(), charge_excused: z.boolean() });
export type BillingSettings = z.infer<typeof billingSettings>;
/** PATCH /finance/settings/ (page control). */
export const billingSettingsBody = z.object({ filial: bodyId, charge_excused: z.boolean(required) });
export type BillingSettingsBody = z.input<typeof billingSettingsBody>;
