// Attendance marked by the teacher on the group page: one request saves the whole lesson.
import { z } from 'zod';
import { attendanceStatus } from './lessons';
import { bodyId, catalogueMsg } from './catalogue';
import type { Role } from './roles';

/**
 * Who may still change a lesson's attendance after the lesson's day (Tashkent) is over: the office that answers for
 * the registers. Until the end of the lesson's day its teacher and assistant (and office staff with the groups page)
 * mark it; afterwards a change is a correction, logged as one (`attendance.correct`).
 */
export const ATTENDANCE_CORRECTOR_ROLES: readonly Role[] = [
  'DIRECTOR',
  'MULTIPLE_FILIAL_MANAGER',
  'FILIAL_Manager',
  'HEAD_TEACHER',
  'ADMINISTRATOR',
  'ATTENDANCE_MANAGER',
];

/** Why a lesson's attendance cannot be changed now: cancelled, not begun yet, or its day is over (not a corrector). */
export const MARK_LOCKS = ['cancelled', 'not_started', 'closed'] as const;
export type MarkLock = (typeof MARK_LOCKS)[number];

/** An absent student was not there to be assessed: the sheet disables the mark and the server refuses one. */
export const ABSENT_MARK_MESSAGE = 'validation.absentNoMark';

export const MARK_MIN = 0;
export const MARK_MAX = 100;

export const attendanceItem = z
  .object({
    student: bodyId,
    status: attendanceStatus,
    mark: z.number().int().min(MARK_MIN).max(MARK_MAX).nullable().optional(),
    comment: z.string().trim().max(500).optional(),
  })
  .refine((item) => item.status !== 'absent' || item.mark === null || item.mark === undefined, {
    message: ABSENT_MARK_MESSAGE,
    path: ['mark'],
  });

/** PUT /lessons/{id}/attendance/: answers the lesson with its roster (lessonDetail). */
export const attendanceBody = z.object({
  items: z
    .array(attendanceItem)
    .min(1)
    .max(200)
    .refine((items) => new Set(items.map((i) => i.student)).size === items.length, catalogueMsg.duplicateIds),
});
export type AttendanceBody = z.infer<typeof attendanceBody>;
