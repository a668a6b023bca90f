// GET /schedule/week: one branch's lessons for one week (Monday to Sunday), laid out by room or by teacher,
// for the /edu/schedule page. Built from the lessons table, so moved, extra and cancelled lessons show as they are.
import { isDay, isoWeekday } from './centreDay';
import { z } from 'zod';
import { queryId } from './common';
import { groupMsg, isoDate, lessonKind, lessonStatus } from './groups';

export const SCHEDULE_VIEWS = ['room', 'teacher'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

/** True when a YYYY-MM-DD date falls on a Monday (weeks start on Monday, spec section 9). */
export function isMonday(date: string): boolean {
  return isDay(date) && isoWeekday(date) === 1;
}

export const weekScheduleQuery = z.object({
  filial: queryId,
  start_date: isoDate.refine(isMonday, groupMsg.monday),
  view: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SCHEDULE_VIEWS).default('room')),
});
export type WeekScheduleQuery = z.output<typeof weekScheduleQuery>;

export const scheduleBlock = z.object({
  lesson_id: z.number().int(),
  /** Null for a one-off lesson that belongs to no group. */
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The room's or the teacher's id, matching `rows[].id` of the chosen view. */
  row_id: z.number().int(),
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  teacher_name: z.string(),
  room_name: z.string(),
  course_name: z.string().nullable(),
  status: lessonStatus,
  kind: lessonKind,
});
export type ScheduleBlock = z.infer<typeof scheduleBlock>;

export const weekSchedule = z.object({
  start_date: z.string(),
  /** The seven dates, Monday first. */
  days: z.array(z.string()),
  rows: z.array(z.object({ id: z.number().int(), name: z.string() })),
  blocks: z.array(scheduleBlock),
});
export type WeekSchedule = z.infer<typeof weekSchedule>;
