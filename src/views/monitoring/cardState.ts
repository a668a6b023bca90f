// What a lesson card shows, from the answer alone (pure, unit-tested): how full the attendance bar is, whether the
// card carries the red marker, and the call task a dropout row becomes.
import type { DropoutRow, MonitorLesson } from '../../api/monitoring';
import type { Translate } from '../../i18n';
import { formatMoney } from '../../lib/money';

/** Marked of expected as a whole percentage, 0..100 (0 when nobody is expected). */
export function attendancePercent(l: Pick<MonitorLesson, 'expected' | 'marked'>): number {
  if (l.expected <= 0) return 0;
  return Math.min(100, Math.round((l.marked / l.expected) * 100));
}

/** The red marker: attendance missing after the start, or the teacher late. */
export function needsAttention(l: Pick<MonitorLesson, 'attendance_missing' | 'teacher_late'>): boolean {
  return l.attendance_missing || l.teacher_late;
}

const HOUR_MS = 60 * 60_000;

/** The call task a dropout row becomes: for the reader, due in an hour, linked to the student. */
export function dropoutTask(row: DropoutRow, performer: number, t: Translate, now = Date.now()) {
  const why = row.reasons
    .map((r) =>
      r === 'absences'
        ? t('monitoring.dropouts.taskAbsences', { count: row.absences_in_row })
        : t('monitoring.dropouts.taskBalance', { balance: formatMoney(row.balance), charge: formatMoney(row.next_charge ?? '0') }),
    )
    .join('; ');
  return {
    title: t('monitoring.dropouts.taskTitle', { name: row.student.full_name }),
    description: t('monitoring.dropouts.taskDescription', { group: row.group.name, why }),
    performer,
    due_at: new Date(now + HOUR_MS).toISOString(),
    filial: row.filial,
    student: row.student.id,
  };
}
