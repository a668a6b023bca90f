// Money (the money issue): cashiers and their append-only ledger, handovers and shift closes, student charges,
// sales and vouchers, idempotency keys, bonus coins and the shop.
//
// Two balances are kept by triggers of migration 0004 in the same statement as the rows they sum, so they can
// never disagree with them: cashier_balances (per cashier and method; CHECK >= 0, so a handover or expense larger
// than what the cashier holds fails atomically, even under concurrency) and student_balances (per student and
// group: payments − refunds + vouchers − charges). Nothing else writes those two tables. Since migration 0009 the
// same triggers keep student_totals, the sum of a student's balances.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FinanceAction, PaymentMethod, SystemKind } from '../../../contract/finance';
import type { SaleKind } from '../../../contract/sales';
import type { OnlineProvider } from '../../../contract/onlinePayments';
import { employees } from './employees';
import { filials } from './filials';
import { groups, lessons } from './groups';
import { students } from './students';

/** One amount a person typed (at most MONEY_ENTRY_MAX, contract/money.ts): up to 999 999 999 999.99. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/**
 * A sum or a balance, or a row that can be as large as one (a shift shortage books the whole cash balance): up to
 * 10^20 − 0.01, more than MONEY_ENTRY_MAX × every row the ledger, charges and vouchers can hold (decisions: "Money:
 * the limit of one entry and the widths of sums"). Migration 0015 widened these from NUMERIC(14,2).
 */
const sumMoney = (name: string) => numeric(name, { precision: 22, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A cash desk of a branch, with the employee who answers for it. */
export const cashiers = pgTable(
  'cashiers',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    name: text('name').notNull(),
    employeeId: integer('employee_id').references(() => employees.id),
    isArchived: boolean('is_archived').notNull().default(false),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: createdAt(),
    /** Set on the desk an online provider's payments land on (server/domain/payments/desks.ts): one per branch. */
    provider: text('provider').$type<OnlineProvider>(),
  },
  (t) => [index('cashiers_filial_idx').on(t.filialId, t.isArchived), uniqueIndex('cashiers_provider_uq').on(t.filialId, t.provider)],
);

/** What an entry is for (rent, salary, student payment, ...), per action; shared by every branch. */
export const financeKinds = pgTable(
  'finance_kinds',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    action: text('action').$type<FinanceAction>().notNull(),
    systemKey: text('system_key').$type<SystemKind>(),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('finance_kinds_system_uq').on(t.systemKey, t.action)],
);

/** Cash moved between two cashiers: one expense entry on `from`, one income entry on `to`, same transaction. */
export const handovers = pgTable(
  'handovers',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    fromCashierId: integer('from_cashier_id').notNull().references(() => cashiers.id),
    toCashierId: integer('to_cashier_id').notNull().references(() => cashiers.id),
    method: text('method').$type<PaymentMethod>().notNull(),
    amount: money('amount').notNull(),
    comment: text('comment').notNull().default(''),
    authorId: integer('author_id').notNull().references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('handovers_from_idx').on(t.fromCashierId, t.createdAt),
    index('handovers_to_idx').on(t.toCashierId, t.createdAt),
    check('handovers_amount_chk', sql`${t.amount} > 0`),
    check('handovers_cashiers_chk', sql`${t.fromCashierId} <> ${t.toCashierId}`),
  ],
);

/**
 * The ledger. Rows are only ever inserted: a mistake is undone by a reversing entry (the opposite action, the
 * same kind, method, cashier, student and group) whose `reverses_id` points at it; an entry is reversed at most
 * once. Amounts are always positive; the action gives the sign.
 */
export const financeEntries = pgTable(
  'finance_entries',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    cashierId: integer('cashier_id').notNull().references(() => cashiers.id),
    action: text('action').$type<FinanceAction>().notNull(),
    kindId: integer('kind_id').notNull().references(() => financeKinds.id),
    method: text('method').$type<PaymentMethod>().notNull(),
    amount: sumMoney('amount').notNull(),
    studentId: integer('student_id').references(() => students.id),
    groupId: integer('group_id').references(() => groups.id),
    comment: text('comment').notNull().default(''),
    reversesId: integer('reverses_id'),
    handoverId: integer('handover_id').references(() => handovers.id),
    authorId: integer('author_id').notNull().references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('finance_entries_cashier_idx').on(t.cashierId, t.id),
    index('finance_entries_filial_idx').on(t.filialId, t.createdAt),
    index('finance_entries_student_idx').on(t.studentId, t.groupId),
    index('finance_entries_kind_idx').on(t.kindId, t.createdAt),
    // The all-branch ledger's order (newest first): a page is read off this index instead of sorting every entry.
    index('finance_entries_created_idx').on(t.createdAt, t.id),
    uniqueIndex('finance_entries_reverses_uq').on(t.reversesId),
    check('finance_entries_amount_chk', sql`${t.amount} > 0`),
    check('finance_entries_group_chk', sql`${t.groupId} IS NULL OR ${t.studentId} IS NOT NULL`),
  ],
);

/** Kept by triggers: the sum of a cashier's entries per method (income +, expense −), never below zero. */
export const cashierBalances = pgTable(
  'cashier_balances',
  {
    cashierId: integer('cashier_id').notNull().references(() => cashiers.id),
    method: text('method').$type<PaymentMethod>().notNull(),
    balance: sumMoney('balance').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.cashierId, t.method] }), check('cashier_balances_nonnegative_chk', sql`${t.balance} >= 0`)],
);

/**
 * Kept by the trigger of migration 0008: the ledger summed per branch, cashier, centre day (Asia/Tashkent, the
 * day rule of the list's start_date/end_date), action, kind and method, so the ledger list's count and totals
 * read a few rows per desk and day instead of every entry. Exact: the ledger is append-only and the trigger adds
 * each inserted statement's rows in that statement.
 */
export const financeDaily = pgTable(
  'finance_daily',
  {
    filialId: integer('filial_id').notNull().references(() => filials.id),
    cashierId: integer('cashier_id').notNull().references(() => cashiers.id),
    day: date('day').notNull(),
    action: text('action').$type<FinanceAction>().notNull(),
    kindId: integer('kind_id').notNull().references(() => financeKinds.id),
    method: text('method').$type<PaymentMethod>().notNull(),
    n: integer('n').notNull(),
    amount: sumMoney('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.filialId, t.cashierId, t.day, t.action, t.kindId, t.method] }), index('finance_daily_day_idx').on(t.day)],
);

/**
 * The same sums per Tashkent month (`month` is its first day), kept by the same trigger (migration 0010): a
 * period's whole months are read here and only its edge days from finance_daily.
 */
export const financeMonthly = pgTable(
  'finance_monthly',
  {
    filialId: integer('filial_id').notNull().references(() => filials.id),
    cashierId: integer('cashier_id').notNull().references(() => cashiers.id),
    month: date('month').notNull(),
    action: text('action').$type<FinanceAction>().notNull(),
    kindId: integer('kind_id').notNull().references(() => financeKinds.id),
    method: text('method').$type<PaymentMethod>().notNull(),
    n: integer('n').notNull(),
    amount: sumMoney('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.filialId, t.cashierId, t.month, t.action, t.kindId, t.method] })],
);

/** A shift close: cash counted in the drawer against the ledger's cash balance at that moment. */
export const shiftCloses = pgTable(
  'shift_closes',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    cashierId: integer('cashier_id').notNull().references(() => cashiers.id),
    expected: sumMoney('expected').notNull(),
    counted: money('counted').notNull(),
    /** counted − expected: negative is a shortage. */
    difference: sumMoney('difference').notNull(),
    /** The last ledger entry the expected amount includes. */
    lastEntryId: integer('last_entry_id'),
    comment: text('comment').notNull().default(''),
    authorId: integer('author_id').notNull().references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [index('shift_closes_cashier_idx').on(t.cashierId, t.createdAt), check('shift_closes_counted_chk', sql`${t.counted} >= 0`)],
);

/** One charge per student, group and lesson held (billing rule in contract/billing.ts). */
export const studentCharges = pgTable(
  'student_charges',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => students.id),
    groupId: integer('group_id').notNull().references(() => groups.id),
    lessonId: integer('lesson_id').notNull().references(() => lessons.id),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    date: date('date').notNull(),
    amount: money('amount').notNull(),
    /** The monthly price the charge was cut from, after the student's sale. */
    monthlyPrice: money('monthly_price').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('student_charges_uq').on(t.studentId, t.groupId, t.lessonId),
    index('student_charges_lesson_idx').on(t.lessonId),
    index('student_charges_filial_date_idx').on(t.filialId, t.date),
    // The debt at a past day's end subtracts the charges after it (server/domain/finance/report.ts debtAtEnd).
    index('student_charges_date_idx').on(t.date),
    // The billing job syncs group by group over recent months (server/jobs/billing.ts): without it each group's
    // existing charges were found by date alone, 600,000 rows read per group at 100,000 students.
    index('student_charges_group_date_idx').on(t.groupId, t.date),
    check('student_charges_amount_chk', sql`${t.amount} >= 0`),
  ],
);

/** Kept by triggers: payments − refunds + vouchers − charges per student and group. Negative = debt. */
export const studentBalances = pgTable(
  'student_balances',
  {
    studentId: integer('student_id').notNull().references(() => students.id),
    groupId: integer('group_id').notNull().references(() => groups.id),
    balance: sumMoney('balance').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.groupId] }),
    index('student_balances_group_idx').on(t.groupId, t.balance),
    // The debtors list reads only the debts (about a quarter of the rows), biggest first, without the heap.
    index('student_balances_debt_idx').on(t.balance, t.studentId, t.groupId).where(sql`${t.balance} < 0`),
  ],
);

/**
 * Kept by the balance triggers (migration 0009), in the same statement as student_balances: the student's balance
 * over all their groups, so the students list filters by it without summing per student. No row means 0.
 */
export const studentTotals = pgTable(
  'student_totals',
  {
    studentId: integer('student_id').primaryKey().references(() => students.id),
    balance: sumMoney('balance').notNull().default('0'),
  },
  (t) => [index('student_totals_debt_idx').on(t.studentId).where(sql`${t.balance} < 0`)],
);

/**
 * The finance report's debt at the end of a past day, per branch scope ('all' or the sorted branch ids), computed
 * once and kept until a row that moves a balance at or before that day is written: the triggers of migration 0023
 * delete the day and later ones (a payment or a charge of today touches no kept day). `generation` is bumped by
 * every such backdated write, so a result computed while one committed is not kept (debtAtEnd).
 */
export const debtAtEndCache = pgTable(
  'debt_at_end_cache',
  {
    day: date('day').notNull(),
    scope: text('scope').notNull(),
    debt: sumMoney('debt').notNull(),
    debtors: integer('debtors').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.scope] })],
);

/** One row: how many backdated balance writes there have been (see debtAtEndCache). */
export const debtCacheGeneration = pgTable('debt_cache_generation', {
  id: integer('id').primaryKey().default(1),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});

/** A discount the centre offers: a percentage of the monthly price or a fixed amount off it. */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').$type<SaleKind>().notNull(),
    value: money('value').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [check('sales_value_chk', sql`${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 100)`)],
);

/** A sale given to a student in a group from a date; removing it sets `ended_on` (the last discounted day). */
export const studentSales = pgTable(
  'student_sales',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => students.id),
    groupId: integer('group_id').notNull().references(() => groups.id),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    saleId: integer('sale_id').notNull().references(() => sales.id),
    fromDate: date('from_date').notNull(),
    endedOn: date('ended_on'),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('student_sales_student_idx').on(t.studentId, t.groupId),
    // One running sale per student and group.
    uniqueIndex('student_sales_open_uq').on(t.studentId, t.groupId).where(sql`${t.endedOn} IS NULL`),
  ],
);

/** A one-time credit to a student's balance in a group; cancelling keeps the row. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => students.id),
    groupId: integer('group_id').notNull().references(() => groups.id),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    amount: money('amount').notNull(),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => employees.id),
  },
  (t) => [index('vouchers_student_idx').on(t.studentId, t.groupId), check('vouchers_amount_chk', sql`${t.amount} > 0`)],
);

/** The first answer to a write sent with an Idempotency-Key, replayed for the same key (24 hours). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    employeeId: integer('employee_id').notNull().references(() => employees.id),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    status: smallint('status').notNull(),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** Bonus coins: positive rows are awards (with a reason), negative rows are spent in the shop. */
export const bonusEntries = pgTable(
  'bonus_entries',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => students.id),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    coins: integer('coins').notNull(),
    reason: text('reason').notNull(),
    purchaseId: integer('purchase_id'),
    authorId: integer('author_id').notNull().references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [index('bonus_entries_student_idx').on(t.studentId, t.id), check('bonus_entries_coins_chk', sql`${t.coins} <> 0`)],
);

/** An item of a branch's shop: a price in coins and a stock that never goes below zero. */
export const shopItems = pgTable(
  'shop_items',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    name: text('name').notNull(),
    priceCoins: integer('price_coins').notNull(),
    stock: integer('stock').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('shop_items_filial_idx').on(t.filialId, t.isArchived),
    check('shop_items_price_chk', sql`${t.priceCoins} > 0`),
    check('shop_items_stock_chk', sql`${t.stock} >= 0`),
  ],
);

export const shopPurchases = pgTable(
  'shop_purchases',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').notNull().references(() => shopItems.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    quantity: integer('quantity').notNull(),
    coins: integer('coins').notNull(),
    authorId: integer('author_id').notNull().references(() => employees.id),
    createdAt: createdAt(),
  },
  (t) => [index('shop_purchases_student_idx').on(t.studentId), check('shop_purchases_quantity_chk', sql`${t.quantity} > 0`)],
);
