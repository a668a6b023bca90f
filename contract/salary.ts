// Teacher salary per month (issue 6, "Beyond the anchors"): the rule from an employee's terms (employee_profiles:
// fixed, per lesson held, per student present, or a percentage of what the teacher's students paid) and the month's
// facts, plus GET /salary/ and GET /salary/excel/ shapes. Exact money: BigInt tiyin through contract/money.ts.
//
// Decisions (docs/decisions.md "Salary"):
// - fixed: the monthly amount; an employee archived during the month gets it pro rata to the days up to and
//   including the archive day (amount × days / days in month, rounded half up to the tiyin);
// - per_lesson: amount × lessons held (status 'held') as the lesson's teacher in the month;
// - per_student: amount × attendance marks 'present' or 'late' at those lessons;
// - percent: percent × (student payments into the groups they teach, minus reversals of such payments, both by
//   the day they were booked in the month), rounded half up to the tiyin; never below zero (a month whose
//   reversals exceed its payments pays nothing rather than a debt).
// No lessons, no students or nothing paid → "0.00" for those kinds. Terms without an amount (or percent) → "0.00".
import { z } from 'zod';
import { queryId, required } from './common';
import { fromCents, toCents } from './money';

export const SALARY_KINDS = ['fixed', 'per_lesson', 'per_student', 'percent'] as const;
export type SalaryKind = (typeof SALARY_KINDS)[number];

export type SalaryTerms = { kind: SalaryKind; amount: string | null; percent: string | null };
export type SalaryFacts = {
  /** Lessons held as the teacher in the month. */
  lessons: number;
  /** Present or late marks at those lessons. */
  students: number;
  /** Student payments into the groups they teach, net of reversals, in the month (decimal string, may be negative). */
  paid: string;
  days_in_month: number;
  /** Days of the month the employee was not archived (days_in_month unless archived during the month). */
  days_employed: number;
};

/** a × b / d for non-negative a, b and positive d, rounded half up. */
function mulDivHalfUp(a: bigint, b: bigint, d: bigint): bigint {
  return (a * b * 2n + d) / (2n * d);
}

/** The month's pay for `terms` and `facts`, as a decimal string with two places. */
export function salaryFor(terms: SalaryTerms, facts: SalaryFacts): string {
  const amount = terms.amount == null ? 0n : toCents(terms.amount);
  if (amount < 0n) throw new Error('A salary amount is never negative');
  switch (terms.kind) {
    case 'fixed': {
      const days = Math.max(0, Math.min(facts.days_employed, facts.days_in_month));
      if (facts.days_in_month <= 0) return fromCents(0n);
      return fromCents(mulDivHalfUp(amount, BigInt(days), BigInt(facts.days_in_month)));
    }
    case 'per_lesson':
      return fromCents(amount * BigInt(Math.max(0, facts.lessons)));
    case 'per_student':
      return fromCents(amount * BigInt(Math.max(0, facts.students)));
    case 'percent': {
      const paid = toCents(facts.paid);
      // "12.5" % → 1250 hundredths of a percent: tiyin × hundredths / 10 000.
      const percent = terms.percent == null ? 0n : toCents(terms.percent);
      if (paid <= 0n || percent <= 0n) return fromCents(0n);
      return fromCents(mulDivHalfUp(paid, percent, 10_000n));
    }
  }
}

/** Days of a 'YYYY-MM' month. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/**
 * Days of `month` before the employee left: every day when not archived or archived after the month; the days up
 * to and including the archive day ('YYYY-MM-DD', the centre's date) when archived in it; 0 when archived before it.
 */
export function daysEmployed(month: string, archivedOn: string | null): number {
  const days = daysInMonth(month);
  if (!archivedOn) return days;
  const archivedMonth = archivedOn.slice(0, 7);
  if (archivedMonth > month) return days;
  if (archivedMonth < month) return 0;
  return Number(archivedOn.slice(8, 10));
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const salaryQuery = z.object({
  month: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string(required).regex(MONTH, { message: 'validation.month' }),
  ),
  filial: queryId,
});
export type SalaryQuery = z.output<typeof salaryQuery>;
export type SalaryParams = { month: string; filial?: number };

const money = z.string();

export const salaryRow = z.object({
  employee: z.object({ id: z.number().int(), full_name: z.string(), role: z.string() }),
  kind: z.enum(SALARY_KINDS),
  /** Terms as stored: amount for fixed, per_lesson and per_student; percent for percent. */
  salary_amount: money.nullable(),
  salary_percent: z.string().nullable(),
  archived_on: z.string().nullable(),
  facts: z.object({
    lessons: z.number().int(),
    students: z.number().int(),
    paid: money,
    days_in_month: z.number().int(),
    days_employed: z.number().int(),
  }),
  amount: money,
});
export type SalaryRow = z.infer<typeof salaryRow>;

export const salaryReport = z.object({
  month: z.string(),
  filials: z.array(z.object({ id: z.number().int(), name: z.string() })),
  rows: z.array(salaryRow),
  totals: z.object({ lessons: z.number().int(), students: z.number().int(), paid: money, amount: money }),
});
export type SalaryReport = z.infer<typeof salaryReport>;

export { SALARY_ROLES } from './salaryRoles';
