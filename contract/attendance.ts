// Attendance marked by the teacher on the group page: one request saves the whole lesson.
import { z } from 'zod';
import { attendanceStatus } from './lessons';
import { bodyId, catalogueMsg } from './catalogue';

export const MARK_MIN = 0;
export const MARK_MAX = 100;

export const attendanceItem = z.object({
  student: bodyId,
  status: attendanceStatus,
  mark: z.number().int().min(MARK_MIN).max(MARK_MAX).nullable().optional(),
  comment: z.string().trim().max(500).optional(),
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
