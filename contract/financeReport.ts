// The finance report (the money issue, "Reports"): income and expense over a period for one branch or every branch
// the user sees, by kind, payment method, cashier, branch (the profit-and-loss view) and month, and the students'
// debt at the period's end. GET /finance/report/ and GET /finance/report/excel/ (a sheet per breakdown).
//
// Handovers move cash between the centre's own cashiers: they are neither income nor expense and stay out. A
// reversing entry counts against the kind and side of the entry it reverses (a reversed payment lowers income).
import { z } from 'zod';
import { reportPeriodQuery, type ReportPeriodParams, type ReportPeriodQuery } from './reportPeriod';
import { SYSTEM_KINDS, financeAction, paymentMethod } from './finance';

// The period rules are shared by every report (contract/reportPeriod.ts); re-exported for the finance callers.
export { REPORT_MAX_DAYS, periodDays } from './reportPeriod';

export const financeReportQuery = reportPeriodQuery;
export type FinanceReportQuery = ReportPeriodQuery;
export type FinanceReportParams = ReportPeriodParams;

const money = z.string();
const ref = z.object({ id: z.number().int(), name: z.string() });

export const reportKind = z.object({ id: z.number().int(), name: z.string(), system_key: z.enum(SYSTEM_KINDS).nullable(), action: financeAction });
export type ReportKind = z.infer<typeof reportKind>;

export const financeReport = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** The branches the report covers. */
  filials: z.array(ref),
  income: money,
  expense: money,
  /** income − expense. */
  net: money,
  /** Net amount per kind (its action says whether it is income or expense), biggest first. */
  by_kind: z.array(z.object({ kind: reportKind, amount: money })),
  by_method: z.array(z.object({ method: paymentMethod, income: money, expense: money })),
  by_cashier: z.array(z.object({ cashier: ref, filial: z.number().int(), income: money, expense: money })),
  /** The profit-and-loss view: every covered branch, profit = income − expense. */
  by_filial: z.array(z.object({ filial: ref, income: money, expense: money, profit: money })),
  /** Every month the period touches, 'YYYY-MM', in order (months without entries show zeros). */
  by_month: z.array(z.object({ month: z.string(), income: money, expense: money })),
  /** The sum of the negative student balances (per student and group) at the end of end_date: negative or 0. */
  debt_at_end: money,
  /** How many students owed at the end of end_date. */
  debtors_at_end: z.number().int(),
});
export type FinanceReport = z.infer<typeof financeReport>;
