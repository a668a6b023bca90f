// The attendance summary of one student over a set of lessons (results page, group members).
import type { AttendanceStatus } from '../../../contract/lessons';
import type { AttendanceSummary } from '../../../contract/membership';

/** One lesson the student was expected at; status null while unmarked. */
export type AttendedLesson = { status: AttendanceStatus | null; mark: number | null };

/** Counts per status, lessons (marked or not) and the average of the given marks rounded to one decimal. */
export function summarize(lessons: readonly AttendedLesson[]): AttendanceSummary {
  const summary: AttendanceSummary = { lessons: lessons.length, present: 0, late: 0, excused: 0, absent: 0, average_mark: null };
  let markSum = 0;
  let markCount = 0;
  for (const l of lessons) {
    if (l.status) summary[l.status] += 1;
    if (l.mark !== null) {
      markSum += l.mark;
      markCount += 1;
    }
  }
  // Marks are integers 0..100, so the sum is exact and the one rounding happens here.
  if (markCount) summary.average_mark = Math.round((markSum * 10) / markCount) / 10;
  return summary;
}

/** Present or late among marked lessons, as a percent string with one decimal; null when nothing is marked. */
export function attendanceRate(counts: { attended: number; marked: number }): string | null {
  if (counts.marked === 0) return null;
  // Integer arithmetic: tenths of a percent, rounded half up.
  const tenths = Math.floor((counts.attended * 2000 + counts.marked) / (2 * counts.marked));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}
