// The ledger list's count and income/expense totals (GET /finance/). Every filter but the student is a dimension
// of finance_daily (migration 0008: the ledger summed per branch, cashier, centre day, action, kind and method,
// kept exact by a trigger) and the period is whole centre days, so without a student the totals are read off that
// rollup: a few rows per desk and day instead of every entry. With a student they are summed over the entries.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FinanceAction, PaymentMethod } from '../../../contract/finance';
import type { DbOrTx } from '../../db/client';
import { financeDaily, financeEntries } from '../../db/schema';
import type { FilialScope } from '../scope';
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
  sql<string>`coalesce(sum(${column}) filter (where ${action} = ${which}), 0)::numeric(14,2)::text`;

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

/** Count and totals read off finance_daily; only for a filter the rollup answers (rollupAnswers). */
export async function totalsFromRollup(db: DbOrTx, f: TotalsFilter): Promise<LedgerTotals> {
  if (!rollupAnswers(f)) throw new Error('finance_daily has no student dimension');
  const where = and(
    inFilials(financeDaily.filialId, f.filials),
    f.cashier ? eq(financeDaily.cashierId, f.cashier) : undefined,
    f.cashier && f.cashierFilial != null ? eq(financeDaily.filialId, f.cashierFilial) : undefined,
    f.action ? eq(financeDaily.action, f.action) : undefined,
    f.kind ? eq(financeDaily.kindId, f.kind) : undefined,
    f.method ? eq(financeDaily.method, f.method) : undefined,
    // A centre day is in the period exactly when its entries are (ledgerSql.ts inPeriod: from the start day's
    // midnight in Tashkent to the midnight after the end day).
    f.start ? sql`${financeDaily.day} >= ${f.start}::date` : undefined,
    f.end ? sql`${financeDaily.day} <= ${f.end}::date` : undefined,
  );
  const [row] = await db
    .select({
      n: sql<string>`coalesce(sum(${financeDaily.n}), 0)::bigint::text`,
      income: money(sql`${financeDaily.amount}`, sql`${financeDaily.action}`, 'income'),
      expense: money(sql`${financeDaily.amount}`, sql`${financeDaily.action}`, 'expense'),
    })
    .from(financeDaily)
    .where(where);
  return { n: Number(row.n), income: row.income, expense: row.expense };
}

/** The list's totals: off the rollup when it holds every active filter, else over the entries. */
export const ledgerTotals = (db: DbOrTx, f: TotalsFilter) => (rollupAnswers(f) ? totalsFromRollup(db, f) : totalsFromEntries(db, f));
