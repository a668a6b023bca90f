// The ledger list's count and income/expense totals (GET /finance/). Every filter but the student is a dimension
// of finance_daily and finance_monthly (migrations 0008 and 0010: the ledger summed per branch, cashier, centre
// day or month, action, kind and method, kept exact by a trigger) and the period is whole centre days, so without
// a student the totals are read off those rollups: a few rows per desk and month instead of every entry. With a
// student they are summed over the entries.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FinanceAction, PaymentMethod } from '../../../contract/finance';
import type { DbOrTx } from '../../db/client';
import { financeDaily, financeEntries, financeMonthly } from '../../db/schema';
import { splitPeriod } from './periodSplit';
import type { FilialScope } from '../core/scope';
import { inFilials, inPeriod } from './ledgerSql';

export type TotalsFilter = {
  filials: FilialScope;
  cashier?: number;
  /**
   * The branch of `cashier`: an entry is always booked in its cashier's branch (entries.ts, handovers.ts,
   * shiftCloses.ts), so the rollup may add it and read the cashier's rows off its primary key
   * (filial_id, cashier_id, day, ...) instead of every branch's days.
   */
  cashierFilial?: number;
  action?: FinanceAction;
  kind?: number;
  method?: PaymentMethod;
  student?: number;
  start?: string;
  end?: string;
};
export type LedgerTotals = { n: number; income: string; expense: string };

/** Whether the rollup holds every dimension the filter uses. */
export const rollupAnswers = (f: TotalsFilter) => f.student == null;

/** The conditions on finance_entries that `f` stands for (the list's page uses the same). */
export function entryConditions(f: TotalsFilter): SQL | undefined {
  return and(
    inFilials(financeEntries.filialId, f.filials),
    f.cashier ? eq(financeEntries.cashierId, f.cashier) : undefined,
    f.action ? eq(financeEntries.action, f.action) : undefined,
    f.kind ? eq(financeEntries.kindId, f.kind) : undefined,
    f.method ? eq(financeEntries.method, f.method) : undefined,
    f.student ? eq(financeEntries.studentId, f.student) : undefined,
    ...inPeriod(financeEntries.createdAt, f.start, f.end),
  );
}

const money = (column: SQL, action: SQL, which: FinanceAction) =>
  sql<string>`coalesce(sum(${column}) filter (where ${action} = ${which}), 0)::numeric(22,2)::text`;

/** Count and totals summed over the entries themselves. */
export async function totalsFromEntries(db: DbOrTx, f: TotalsFilter): Promise<LedgerTotals> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      income: money(sql`${financeEntries.amount}`, sql`${financeEntries.action}`, 'income'),
      expense: money(sql`${financeEntries.amount}`, sql`${financeEntries.action}`, 'expense'),
    })
    .from(financeEntries)
    .where(entryConditions(f));
  return { n: Number(row.n), income: row.income, expense: row.expense };
}

type Rollup = typeof financeDaily | typeof financeMonthly;

/** The filter's conditions on a rollup's dimensions (both rollups name them alike). */
function dimensions(t: Rollup, f: TotalsFilter): SQL[] {
  return [
    inFilials(t.filialId, f.filials),
    f.cashier ? eq(t.cashierId, f.cashier) : undefined,
    f.cashier && f.cashierFilial != null ? eq(t.filialId, f.cashierFilial) : undefined,
    f.action ? eq(t.action, f.action) : undefined,
    f.kind ? eq(t.kindId, f.kind) : undefined,
    f.method ? eq(t.method, f.method) : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

/**
 * Count and totals read off the rollups: the period's whole months from finance_monthly, its edge days from
 * finance_daily (a centre day is in the period exactly when its entries are: ledgerSql.ts inPeriod counts from
 * the start day's midnight in Tashkent to the midnight after the end day). Only for a filter the rollups answer.
 */
export async function totalsFromRollup(db: DbOrTx, f: TotalsFilter): Promise<LedgerTotals> {
  if (!rollupAnswers(f)) throw new Error('the ledger rollups have no student dimension');
  const split = splitPeriod(f.start, f.end);
  const parts: SQL[] = [];
  if (split.months) {
    const m = financeMonthly;
    const where = and(
      ...dimensions(m, f),
      split.months.from ? sql`${m.month} >= ${split.months.from}::date` : undefined,
      split.months.before ? sql`${m.month} < ${split.months.before}::date` : undefined,
    );
    parts.push(sql`select ${m.action} as action, ${m.n} as n, ${m.amount} as amount from ${m} where ${where ?? sql`true`}`);
  }
  for (const days of split.days) {
    const d = financeDaily;
    const where = and(...dimensions(d, f), days.from ? sql`${d.day} >= ${days.from}::date` : undefined, days.to ? sql`${d.day} <= ${days.to}::date` : undefined);
    parts.push(sql`select ${d.action} as action, ${d.n} as n, ${d.amount} as amount from ${d} where ${where ?? sql`true`}`);
  }
  const result = await db.execute(sql`
    select coalesce(sum(n), 0)::bigint::text as n,
      ${money(sql`amount`, sql`action`, 'income')} as income, ${money(sql`amount`, sql`action`, 'expense')} as expense
    from (${sql.join(parts, sql` union all `)}) as rows`);
  const row = (result as unknown as { rows: { n: string; income: string; expense: string }[] }).rows[0];
  return { n: Number(row.n), income: row.income, expense: row.expense };
}

/** The list's totals: off the rollup when it holds every active filter, else over the entries. */
export const ledgerTotals = (db: DbOrTx, f: TotalsFilter) => (rollupAnswers(f) ? totalsFromRollup(db, f) : totalsFromEntries(db, f));
