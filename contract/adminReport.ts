// The admin report (issue 6, "Reports", page admin_report): GET /reports/admin/ and /reports/admin/excel/ for a
// period and one branch or every branch the user sees.
// - Leads: those created in the period, counted by their current stage (archived ones apart) and by marketing
//   source, and the funnel of that cohort: created → reached an order (a lead_logs move to ORDER_CREATED, or
//   JOINED, which passes through it) → joined (became a student), overall and per operator.
// - Students: joined = students whose first group membership began (student_groups.joined_on) in the period;
//   left = students archived (students.archived_at) in the period; memberships ended = group memberships that ended
//   in the period other than by a move. Counted on the student's branch (memberships on the group's), per month.
import { z } from 'zod';
import { LEAD_STAGES } from './leadStages';
import { reportPeriodQuery, type ReportPeriodParams, type ReportPeriodQuery } from './reportPeriod';

export const adminReportQuery = reportPeriodQuery;
export type AdminReportQuery = ReportPeriodQuery;
export type AdminReportParams = ReportPeriodParams;

const ref = z.object({ id: z.number().int(), name: z.string() });
const count = z.number().int();
const funnel = z.object({ created: count, ordered: count, joined: count });
export type Funnel = z.infer<typeof funnel>;

export const adminReport = z.object({
  start_date: z.string(),
  end_date: z.string(),
  /** The branches the report covers. */
  filials: z.array(ref),
  /** The cohort of leads created in the period: how far it got by now. */
  funnel,
  /** Every stage in pipeline order: the cohort's not archived leads now at that stage. */
  by_stage: z.array(z.object({ stage: z.enum(LEAD_STAGES), count })),
  /** The cohort's leads archived by now. */
  archived: count,
  /** Per marketing source (null = none given), most leads first. */
  by_source: z.array(z.object({ source: ref.nullable() }).extend(funnel.shape)),
  /** Per operator (null = none assigned), most leads first. */
  by_operator: z.array(z.object({ operator: ref.nullable() }).extend(funnel.shape)),
  students: z.object({ joined: count, left: count, memberships_ended: count }),
  /** Every covered branch. */
  by_filial: z.array(z.object({ filial: ref, joined: count, left: count, memberships_ended: count })),
  /** Every month the period touches, 'YYYY-MM', in order. */
  by_month: z.array(z.object({ month: z.string(), joined: count, left: count, memberships_ended: count })),
  /** Branch and month pairs with any movement, by branch then month. */
  by_filial_month: z.array(z.object({ filial: z.number().int(), month: z.string(), joined: count, left: count, memberships_ended: count })),
});
export type AdminReport = z.infer<typeof adminReport>;

/** Share of `part` in `whole` as a percentage with one decimal (0 when there is no whole). */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0;
}
