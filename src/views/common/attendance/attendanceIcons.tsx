import { Check, CircleSlash, Clock, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AttendanceStatus } from '../../../../contract/lessons';

/** One icon per attendance status, the same on the sheet, the lesson list and the results. */
export function attendanceIcon(status: AttendanceStatus, size = 18): ReactNode {
  const Icon = { present: Check, late: Clock, excused: ShieldCheck, absent: CircleSlash }[status];
  return <Icon size={size} aria-hidden="true" />;
}

export const ATTENDANCE_TONE = { present: 'success', late: 'info', excused: 'accent', absent: 'danger' } as const;
