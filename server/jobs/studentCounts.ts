// Folds the students tabs' kept deltas (migration 0025) into one row per branch, status and archive flag, every ten
// minutes and once per period across processes, so the counts stay a few rows per branch to sum.
import type { Db } from '../db/client';
import type { Clock } from '../domain/core/clock';
import { foldStudentCounts } from '../domain/students/studentList';
import { everyPeriod } from './runOnce';

export function scheduleStudentCountFold(db: Db, clock: Clock, everyMs = 10 * 60_000): () => void {
  return everyPeriod(db, clock, 'student-counts', everyMs, () => foldStudentCounts(db));
}
