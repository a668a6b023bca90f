// Lessons of a group (spec section 7, "Groups": extra lessons) and the date and time fields the education
// area shares: the list, one lesson with its roster, cancelling and moving, and extra lessons.
import { z } from 'zod';
import { calendarDay, msg, pageQuery, paged, queryId, required } from './common';
import { TIME_SLOTS, minutesOfDay } from './schedule';
import { bodyId, catalogueMsg } from './catalogue';

const INVALID = 'validation.invalid';

/** A calendar date `YYYY-MM-DD` in a JSON body (29 February only in leap years). */
export const isoDate = calendarDay();

/** An optional date in a query string; empty strings count as absent. */
export const queryDate = z.preprocess((v) => (v === '' ? undefined : v), isoDate.optional());

/** A time of day on the half-hour grid of spec section 9 (09:00 .. 23:30). */
export const slotTime = z
  .string({ error: (iss) => (iss.input === undefined ? msg.required : 'validation.timeSlot') })
  .refine((v) => TIME_SLOTS.includes(v), 'validation.timeSlot');

/** A reason a person types (cancelling, moving, archiving). */
export const reasonText = z.string(required).trim().min(1, msg.required).max(500);

/** start_date ≤ end_date when both are given. */
export function datesInOrder<T extends { start_date?: string; end_date?: string }>(v: T): boolean {
  return !v.start_date || !v.end_date || v.start_date <= v.end_date;
}
const DATES_ORDER = { message: 'validation.endDateAfterStart', path: ['end_date'] };

/** end_time after start_time when both are given (and both are slots: a bad one has its own message). */
export function timesInOrder(v: { start_time?: string; end_time?: string }): boolean {
  if (!v.start_time || !v.end_time || !TIME_SLOTS.includes(v.start_time) || !TIME_SLOTS.includes(v.end_time)) return true;
  return minutesOfDay(v.end_time) > minutesOfDay(v.start_time);
}
const TIMES_ORDER = { message: 'validation.endTimeAfterStart', path: ['end_time'] };

export const LESSON_KINDS = ['regular', 'extra'] as const;
export const LESSON_STATUSES = ['planned', 'held', 'cancelled'] as const;
export const lessonKind = z.enum(LESSON_KINDS);
export const lessonStatus = z.enum(LESSON_STATUSES);

export const ATTENDANCE_STATUSES = ['present', 'late', 'excused', 'absent'] as const;
export const attendanceStatus = z.enum(ATTENDANCE_STATUSES);
export type AttendanceStatus = z.infer<typeof attendanceStatus>;

/** GET /lessons/ and /lessons/no-pg/: a group's lessons (or every lesson in scope) between two dates. */
export const lessonsFilter = z
  .object({
    group: queryId,
    filial: queryId,
    teacher: queryId,
    start_date: queryDate,
    end_date: queryDate,
    status: z.preprocess((v) => (v === '' ? undefined : v), lessonStatus.optional()),
    kind: z.preprocess((v) => (v === '' ? undefined : v), lessonKind.optional()),
  })
  .refine(datesInOrder, DATES_ORDER);
export const lessonsQuery = z.object({ ...pageQuery.shape, ...lessonsFilter.shape }).refine(datesInOrder, DATES_ORDER);
/** The plain list needs a group or both dates, so it never answers a branch's whole history. */
export const lessonsNoPgQuery = lessonsFilter.refine((v) => v.group !== undefined || (v.start_date && v.end_date), {
  message: msg.required,
  path: ['group'],
});

const named = z.object({ id: z.number().int(), name: z.string() });

export const attendanceCounts = z.object({
  present: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  absent: z.number().int(),
});

export const lessonItem = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  group: named.nullable(),
  kind: lessonKind,
  date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  room: named,
  teacher: z.object({ id: z.number().int(), full_name: z.string() }),
  theme: named.nullable(),
  status: lessonStatus,
  reason: z.string().nullable(),
  /** The date the lesson had before it was moved; null when never moved. */
  moved_from_date: z.string().nullable(),
  /** Individual extra lessons: true (the roster is the chosen students, not the group). */
  has_chosen_students: z.boolean(),
  attendance: attendanceCounts,
});
export type LessonItem = z.infer<typeof lessonItem>;
export const lessonPage = paged(lessonItem);

export const rosterEntry = z.object({
  student: z.object({ id: z.number().int(), full_name: z.string(), phone: z.string() }),
  /** Null until the teacher marks this student. */
  attendance: z
    .object({ status: attendanceStatus, mark: z.number().int().nullable(), comment: z.string() })
    .nullable(),
});
export type RosterEntry = z.infer<typeof rosterEntry>;

/** The saves a lesson answers with: enough for the day's marking and its corrections, never a register's every save. */
export const HISTORY_SHOWN = 10;

/** One save of a lesson's attendance, for its history: a marking on the lesson's day, or a later correction. */
export const attendanceChange = z.object({
  kind: z.enum(['mark', 'correct']),
  /** When it was saved, ISO 8601. */
  at: z.string(),
  by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  /** Students whose row was added or changed by this save. */
  students: z.number().int(),
});
export type AttendanceChange = z.infer<typeof attendanceChange>;

/**
 * GET /lessons/{id}/: the lesson and who is expected at it on its date, with their attendance; whether the reader
 * may mark it now (`can_mark`), why not (`locked`: cancelled, not begun yet, its day over), when it opens
 * (`opens_at`, the start in Tashkent with its offset), whether a save now is a correction, and the saves so far.
 */
export const lessonDetail = lessonItem.extend({
  roster: z.array(rosterEntry),
  opens_at: z.string(),
  can_mark: z.boolean(),
  locked: z.enum(['cancelled', 'not_started', 'closed']).nullable(),
  correction: z.boolean(),
  /** The latest HISTORY_SHOWN saves, oldest first; every save is in the audit log. */
  history: z.array(attendanceChange),
  /** How many saves the register has had in all. */
  history_total: z.number().int(),
});
export type LessonDetail = z.infer<typeof lessonDetail>;

/**
 * PATCH /lessons/{id}/: either cancel (`status: 'cancelled'`) or move (`date`, and optionally new times and
 * room); a reason is required for both.
 */
export const lessonPatch = z
  .object({
    status: z.literal('cancelled', { error: INVALID }).optional(),
    date: isoDate.optional(),
    start_time: slotTime.optional(),
    end_time: slotTime.optional(),
    room: bodyId.optional(),
    reason: reasonText,
  })
  .refine(timesInOrder, TIMES_ORDER)
  .refine((v) => v.status !== undefined || v.date !== undefined, { message: msg.required, path: ['date'] })
  .refine((v) => !(v.status && (v.date || v.start_time || v.end_time || v.room)), {
    message: INVALID,
    path: ['status'],
  });
export type LessonPatch = z.infer<typeof lessonPatch>;

/** POST /lessons/group-extra/: an extra lesson for the whole group (teacher and room default to the group's). */
export const groupExtraLesson = z
  .object({
    group: bodyId,
    date: isoDate,
    start_time: slotTime,
    end_time: slotTime,
    room: bodyId.optional(),
    reason: z.string().trim().max(500).optional(),
  })
  .refine(timesInOrder, TIMES_ORDER);
export type GroupExtraLesson = z.infer<typeof groupExtraLesson>;

export const MAX_EXTRA_STUDENTS = 50;

/** POST /lessons/extra/: an individual extra lesson for chosen students. */
export const extraLesson = z
  .object({
    filial: bodyId,
    teacher: bodyId,
    room: bodyId,
    date: isoDate,
    start_time: slotTime,
    end_time: slotTime,
    students: z
      .array(bodyId, required)
      .min(1, msg.required)
      .max(MAX_EXTRA_STUDENTS)
      .refine((ids) => new Set(ids).size === ids.length, catalogueMsg.duplicateIds),
    group: bodyId.optional(),
    reason: z.string().trim().max(500).optional(),
  })
  .refine(timesInOrder, TIMES_ORDER);
export type ExtraLesson = z.infer<typeof extraLesson>;

/** Where a lesson of today stands for its teacher: not begun yet, open for marking, marked, or cancelled. */
export const LESSON_DAY_STATES = ['not_started', 'open', 'marked', 'cancelled'] as const;
export const lessonDayState = z.enum(LESSON_DAY_STATES);
export type LessonDayState = z.infer<typeof lessonDayState>;

/** GET /lessons/my-day/: the reader's own lessons of today (Tashkent) in order, each with its state and opening. */
export const myDay = z.object({
  date: z.string(),
  /** The centre's time of day the answer was made at, HH:MM. */
  time: z.string(),
  lessons: z.array(lessonItem.extend({ state: lessonDayState, opens_at: z.string() })),
});
export type MyDay = z.infer<typeof myDay>;
