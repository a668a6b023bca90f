// The period and branch every report takes (finance, admin, education): `start_date`..`end_date` (both included,
// at most REPORT_MAX_DAYS) and an optional branch within the user's scope. One schema, so the three reports refuse
// the same bad periods with the same field messages.
import { daysInclusive, isDay } from './centreDay';
import { z } from 'zod';
import { calendarDay, queryId } from './common';

/** The longest period one report covers, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;

const isoDay = z.preprocess((v) => (v === '' ? undefined : v), calendarDay());

/** Days from `start` to `end`, both included ("2026-01-01".."2026-01-31" → 31); UTC arithmetic, no time zones. */
export function periodDays(start: string, end: string): number {
  // NaN for what is not a day (a form's half-typed date), as the checks around it expect.
  return isDay(start) && isDay(end) ? daysInclusive(start, end) : Number.NaN;
}

export const reportPeriodQuery = z
  .object({ filial: queryId, start_date: isoDay, end_date: isoDay })
  .superRefine((q, ctx) => {
    // Format failures do not stop zod 4's refinements: compare only two real days.
    if (!isoDay.safeParse(q.start_date).success || !isoDay.safeParse(q.end_date).success) return;
    const days = periodDays(q.start_date, q.end_date);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.endDateAfterStart' });
    else if (days > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.periodTooLong' });
  });
export type ReportPeriodQuery = z.output<typeof reportPeriodQuery>;
/** What the client sends: the branch only when one is chosen. */
export type ReportPeriodParams = { filial?: number; start_date: string; end_date: string };
