// Monitoring (issue 6, "Control and monitoring", page keys monitoring_page and monitoring): the live state of one
// branch's day — lessons running now, next (starting within two hours), later and done, with attendance marked or
// missing and the teacher's lateness; teachers late today; rooms free now — and the dropout early-warning list
// (unexcused absences in a row, or a balance that does not cover the next lesson's charge).
import { z } from 'zod';
import { MAX_ID, msg, pageQuery, paged, required } from './common';

const requiredId = z.coerce.number(required).int(msg.positiveInt).positive(msg.positiveInt).max(MAX_ID, msg.positiveInt);
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** "Next" means starting within this many minutes of now. */
export const NEXT_WINDOW_MINUTES = 120;
/** Absences in a row that put a student on the dropout list. */
export const ABSENCES_IN_ROW = 2;
/** How far back the absence streak looks (held lessons of the last N days). */
export const ABSENCE_LOOKBACK_DAYS = 60;

/** GET /monitoring/today/?filial&at — `at` (an instant with offset) stands for now, for tests and replays. */
export const monitoringTodayQuery = z.object({
  filial: requiredId,
  at: z.preprocess(emptyAsAbsent, z.iso.datetime({ offset: true, error: 'validation.invalid' }).optional()),
});
export type MonitoringTodayQuery = z.output<typeof monitoringTodayQuery>;

/** GET /monitoring/dropouts/?filial&page&page_size */
export const dropoutsQuery = z.object({
  filial: requiredId,
  page: z.preprocess(emptyAsAbsent, pageQuery.shape.page),
  page_size: z.preprocess(emptyAsAbsent, pageQuery.shape.page_size),
});
export type DropoutsQuery = z.output<typeof dropoutsQuery>;

const ref = z.object({ id: z.number().int(), name: z.string() });
const person = z.object({ id: z.number().int(), full_name: z.string() });

export const LESSON_PHASES = ['now', 'next', 'later', 'done'] as const;
export type LessonPhase = (typeof LESSON_PHASES)[number];

export const monitorLesson = z.object({
  id: z.number().int(),
  /** The lesson has begun (Tashkent time): before that it is "not started" and has no attendance to show. */
  started: z.boolean(),
  kind: z.enum(['regular', 'extra']),
  status: z.enum(['planned', 'held']),
  /** Null for an individual extra lesson (chosen students, no group). */
  group: ref.nullable(),
  teacher: person,
  room: ref,
  start_time: z.string(),
  end_time: z.string(),
  /** Members expected: open memberships of the group on the day (or the chosen students of an individual lesson). */
  expected: z.number().int(),
  /** Attendance rows recorded for the lesson. */
  marked: z.number().int(),
  /** expected − marked, never below zero. */
  missing: z.number().int(),
  /** The lesson has started and some attendance is still missing. */
  attendance_missing: z.boolean(),
  /** The teacher had not arrived by the start (and the lesson has started), or arrived after it. */
  teacher_late: z.boolean(),
  teacher_arrived_at: z.string().nullable(),
});
export type MonitorLesson = z.infer<typeof monitorLesson>;

export const lateTeacher = z.object({
  employee: person.extend({ role: z.string() }),
  /** When they were expected: the earlier of the work start (on a work day) and their first lesson today, HH:MM. */
  expected_at: z.string(),
  arrived_at: z.string().nullable(),
  /** Minutes late: for an arrival, after the expected time; with no arrival yet, minutes since it. */
  late_minutes: z.number().int(),
});
export type LateTeacher = z.infer<typeof lateTeacher>;

export const freeRoom = z.object({
  room: ref.extend({ capacity: z.number().int() }),
  /** The start (HH:MM) of the room's next lesson today, null when it stays free for the rest of the day. */
  busy_from: z.string().nullable(),
  next_group: ref.nullable(),
});
export type FreeRoom = z.infer<typeof freeRoom>;

export const monitoringToday = z.object({
  filial: z.number().int(),
  date: z.string(),
  /** Now on Tashkent's clock, HH:MM, and as an instant. */
  time: z.string(),
  at: z.string(),
  lessons: z.object({ now: z.array(monitorLesson), next: z.array(monitorLesson), later: z.array(monitorLesson), done: z.array(monitorLesson) }),
  teachers_late: z.array(lateTeacher),
  rooms_free: z.array(freeRoom),
});
export type MonitoringToday = z.infer<typeof monitoringToday>;

export const DROPOUT_REASONS = ['absences', 'balance'] as const;
export type DropoutReason = (typeof DROPOUT_REASONS)[number];

export const dropoutRow = z.object({
  student: z.object({ id: z.number().int(), full_name: z.string(), phone: z.string(), parent_phone: z.string().nullable() }),
  filial: z.number().int(),
  group: ref,
  /** Every reason that applies, absences first. */
  reasons: z.array(z.enum(DROPOUT_REASONS)),
  absences_in_row: z.number().int(),
  balance: z.string(),
  /** The charge the next lesson will make (the month's price after a sale over the month's lessons), or null. */
  next_charge: z.string().nullable(),
  next_lesson_date: z.string().nullable(),
});
export type DropoutRow = z.infer<typeof dropoutRow>;

export const dropoutsPage = paged(dropoutRow);
export type DropoutsPage = z.infer<typeof dropoutsPage>;
