// The education report (issue 6, "Reports", page edu_report): GET /reports/edu/ and /reports/edu/excel/ for a
// period and one branch or every branch the user sees.
// - Attendance over the period's lessons that were not cancelled: marked = every attendance row (present, late,
//   excused, absent); rate = (present + late) / marked in percent with one decimal (null when nothing is marked);
//   excused shown on its own. Per group (its lessons) and per teacher (the lessons they taught, extra ones too).
// - Marks: the average of attendance marks (0..100) given in the period; test results: the placement and level
//   tests sat in the period by students of the covered branches, average score in percent of the maximum.
// - Filling is now, not over the period: planned and active main groups, their memberships not ended before today
//   (students starting soon hold a place too) against the room's capacity; free = capacity − students (never < 0).
import { z } from 'zod';
import { reportPeriodQuery, type ReportPeriodParams, type ReportPeriodQuery } from './reportPeriod';

export const eduReportQuery = reportPeriodQuery;
export type EduReportQuery = ReportPeriodQuery;
export type EduReportParams = ReportPeriodParams;

const ref = z.object({ id: z.number().int(), name: z.string() });
const count = z.number().int();
const percent = z.number().nullable();

const attendanceCounts = z.object({
  lessons: count,
  marked: count,
  present: count,
  late: count,
  excused: count,
  absent: count,
  /** (present + late) / marked × 100, one decimal; null when nothing was marked. */
  rate: percent,
  /** The average attendance mark (0..100), one decimal; null without marks. */
  average_mark: percent,
});
export type AttendanceCounts = z.infer<typeof attendanceCounts>;

const filling = z.object({ students: count, capacity: count, free: count });

export const eduReport = z.object({
  start_date: z.string(),
  end_date: z.string(),
  filials: z.array(ref),
  attendance: attendanceCounts,
  /** Groups with lessons in the period, lowest rate first. */
  by_group: z.array(z.object({ group: ref, filial: z.number().int(), teacher: ref }).extend(attendanceCounts.shape)),
  /** Teachers who taught in the period, lowest rate first. */
  by_teacher: z.array(z.object({ teacher: ref }).extend(attendanceCounts.shape)),
  /** Tests sat in the period: how many, and the average score in percent of the maximum (null when none). */
  results: z.object({ taken: count, average_percent: percent }),
  by_test: z.array(z.object({ test: ref, taken: count, average_percent: percent })),
  /** Now: every planned or active main group, fullest first. */
  filling: z.array(z.object({ group: ref, filial: z.number().int(), room: ref }).extend(filling.shape)),
  /** Now: every covered branch's groups summed. */
  filling_by_filial: z.array(z.object({ filial: ref, groups: count }).extend(filling.shape)),
});
export type EduReport = z.infer<typeof eduReport>;
