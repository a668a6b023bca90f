// Spec section 7, "Groups": groups with their weekly schedule, secondary groups, the scheduling assistant
// (availability of rooms and teachers for a slot) and the clash a 409 names.
import { z } from 'zod';
import { calendarDay, MAX_ID, emptyAsAbsent, msg, pageQuery, queryId, required } from './common';
import { bodyId } from './catalogue';
import { amountOrZeroSchema } from './money';
import { roomType } from './rooms';
import { ROLES } from './roles';
import { TIME_SLOTS, WEEK_DAYS, minutesOfDay } from './schedule';

export const GROUP_STATUSES = ['planned', 'active', 'finished', 'archived'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];
/** Groups in these states hold no room or teacher: they never clash and get no new lessons. */
export const CLOSED_GROUP_STATUSES: readonly GroupStatus[] = ['finished', 'archived'];
export const groupStatus = z.enum(GROUP_STATUSES);

/** A schedule spans at most this many years (lesson generation writes one row per lesson day). */
export const MAX_SCHEDULE_YEARS = 2;

/** Message keys of the "validation" namespace used by the group forms and the server. */
export const groupMsg = {
  timeSlot: 'validation.timeSlot',
  endTimeAfterStart: 'validation.endTimeAfterStart',
  endDateAfterStart: 'validation.endDateAfterStart',
  scheduleTooLong: 'validation.scheduleTooLong',
  days: 'validation.days',
  date: 'validation.date',
  monday: 'validation.monday',
  teacher: 'validation.teacher',
  assistant: 'validation.assistant',
  course: 'validation.course',
  room: 'validation.room',
  parentGroup: 'validation.parentGroup',
} as const;

const id = () => bodyId;

/** YYYY-MM-DD that is a real calendar date (29 February only in leap years). */
export const isoDate = calendarDay(groupMsg.date);
/** An optional date in a query string; empty counts as absent. */
export const queryDate = z.preprocess(emptyAsAbsent, isoDate.optional());
const isDate = (v: string | undefined): v is string => v !== undefined && isoDate.safeParse(v).success;

/** A start or end time: one of the 30-minute slots 09:00 .. 23:30 (spec section 9). */
export const timeSlot = z.string(required).refine((t) => TIME_SLOTS.includes(t), groupMsg.timeSlot);

/** ISO weekdays (1 = Monday), at least one, no repeats; the server stores them sorted. One message on `days`. */
export const daysSchema = z
  .array(z.number({ error: groupMsg.days }), { error: (issue) => (issue.input === undefined ? msg.required : groupMsg.days) })
  .refine((d) => d.length > 0 && d.every((n) => Number.isInteger(n) && n >= 1 && n <= 7) && new Set(d).size === d.length, groupMsg.days)
  .transform((d) => [...d].sort((a, b) => a - b));

/** A monthly price, zero allowed (a free or support group): "450000", 450000.5 → "450000.00", "450000.50". */
export const moneyInput = amountOrZeroSchema;

const scheduleFields = {
  days: daysSchema,
  start_time: timeSlot,
  end_time: timeSlot,
  start_date: isoDate,
  end_date: isoDate,
};

export type ScheduleFields = { start_time: string; end_time: string; start_date: string; end_date: string };

/** The latest end date allowed for a start date (same calendar day MAX_SCHEDULE_YEARS later). */
export function maxEndDate(startDate: string): string {
  const year = Number(startDate.slice(0, 4)) + MAX_SCHEDULE_YEARS;
  const tail = startDate.slice(4) === '-02-29' ? '-02-28' : startDate.slice(4);
  return `${year}${tail}`;
}

/**
 * Rules across fields, as `[field, message]` pairs: the end time after the start time, the end date not
 * before the start date, and the span within MAX_SCHEDULE_YEARS. Shared by the forms and the server (which
 * runs it again on a PATCH merged with the stored group).
 */
export function scheduleIssues(s: Partial<ScheduleFields>): [keyof ScheduleFields, string][] {
  const issues: [keyof ScheduleFields, string][] = [];
  if (s.start_time && s.end_time && TIME_SLOTS.includes(s.start_time) && TIME_SLOTS.includes(s.end_time)) {
    if (minutesOfDay(s.end_time) <= minutesOfDay(s.start_time)) issues.push(['end_time', groupMsg.endTimeAfterStart]);
  }
  if (isDate(s.start_date) && isDate(s.end_date)) {
    if (s.end_date < s.start_date) issues.push(['end_date', groupMsg.endDateAfterStart]);
    else if (s.end_date > maxEndDate(s.start_date)) issues.push(['end_date', groupMsg.scheduleTooLong]);
  }
  return issues;
}

function withScheduleRules<T extends z.ZodType<Partial<ScheduleFields>>>(schema: T) {
  return schema.superRefine((value, ctx) => {
    for (const [field, message] of scheduleIssues(value)) ctx.addIssue({ code: 'custom', path: [field], message });
  });
}

const groupFields = {
  filial: id(),
  name: z.string(required).trim().min(1, msg.required).max(120),
  course: id(),
  teacher: id(),
  assistant: id().nullish(),
  room: id(),
  ...scheduleFields,
  /** Monthly price; the course's price when absent. */
  price: moneyInput.optional(),
  status: groupStatus.optional(),
};

/** POST /groups/ and PUT /groups/{id}/. */
export const groupBody = withScheduleRules(z.object(groupFields));
export type GroupBody = z.input<typeof groupBody>;
export type GroupInput = z.output<typeof groupBody>;

/** PATCH /groups/{id}/: any subset; the cross-field rules run again on the merged group. */
export const groupPatch = withScheduleRules(z.object(groupFields).partial());
export type GroupPatch = z.output<typeof groupPatch>;

/** Secondary groups (extra sessions off a main group): the course defaults to the parent's, the price to 0. */
const secondaryFields = { ...groupFields, course: id().optional(), parent_group: id() };
export const secondaryGroupBody = withScheduleRules(z.object(secondaryFields));
export type SecondaryGroupInput = z.output<typeof secondaryGroupBody>;
/** PUT /groups/secondary/: the id comes in the query (?id=) or in the body. */
export const secondaryGroupPut = withScheduleRules(z.object({ ...secondaryFields, id: id().optional() }));
/** `?id=` or a body `id` naming the object of PUT/PATCH /groups/ and PUT/DELETE /groups/secondary/. */
export const idInQuery = z.object({ id: queryId });
export const idInBody = z.object({ id: id().optional() });

const person = z.object({ id: z.number().int(), full_name: z.string() });

export const group = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  filial_name: z.string(),
  name: z.string(),
  course: z.object({
    id: z.number().int(),
    name: z.string(),
    subject_id: z.number().int(),
    subject_name: z.string(),
    level_id: z.number().int(),
    level_name: z.string(),
  }),
  teacher: person,
  assistant: person.nullable(),
  room: z.object({ id: z.number().int(), name: z.string() }),
  days: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  price: z.string(),
  status: groupStatus,
  is_secondary: z.boolean(),
  parent_group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  students_count: z.number().int(),
});
export type Group = z.infer<typeof group>;

/** GET /groups/ and /api/v2/groups/ (main groups only; secondary ones have their own list). */
export const groupsQuery = pageQuery.extend({
  filial: queryId,
  teacher__id: queryId,
  course__subject__id: queryId,
  course__level__id: queryId,
  course: queryId,
  student: queryId,
  status: z.preprocess(emptyAsAbsent, groupStatus.optional()),
  q: z.preprocess(emptyAsAbsent, z.string().trim().max(100).optional()),
});
export type GroupsQuery = z.output<typeof groupsQuery>;

/** GET /groups/no-pg/: groups that still run (not finished or archived), for pickers. */
export const groupsNoPgQuery = z.object({ filial: queryId, subject: queryId, course: queryId, teacher: queryId });

/** GET /groups/secondary/ (paged) and /groups/secondary/no-pg/. */
export const secondaryGroupsQuery = pageQuery.extend({
  filial: queryId,
  teacher: queryId,
  course: queryId,
  parent_group: queryId,
  start_date: queryDate,
  end_date: queryDate,
});
export type SecondaryGroupsQuery = z.output<typeof secondaryGroupsQuery>;

/** GET /groups/days/no-pg. */
export const weekDay = z.object({ id: z.number().int(), name: z.enum(WEEK_DAYS) });
export const WEEK_DAY_LIST = WEEK_DAYS.map((name, i) => ({ id: i + 1, name }));


export const LESSON_KINDS = ['regular', 'extra'] as const;
export const LESSON_STATUSES = ['planned', 'held', 'cancelled'] as const;
export const lessonKind = z.enum(LESSON_KINDS);
export const lessonStatus = z.enum(LESSON_STATUSES);

/** GET /groups/{id}/schedule/: the weekly schedule and the lessons from today on. */
export const groupSchedule = z.object({
  id: z.number().int(),
  name: z.string(),
  days: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  lessons: z.array(
    z.object({
      id: z.number().int(),
      date: z.string(),
      start_time: z.string(),
      end_time: z.string(),
      kind: lessonKind,
      status: lessonStatus,
      room: z.object({ id: z.number().int(), name: z.string() }),
      teacher: person,
    }),
  ),
});
export type GroupSchedule = z.infer<typeof groupSchedule>;

/**
 * What a room or teacher is already busy with. `group` is null only for a one-off lesson that belongs to no
 * group; `lesson` is set when the clash is with a one-off (extra or moved) lesson rather than a weekly schedule.
 */
export const clash = z.object({
  kind: z.enum(['room', 'teacher']),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  days: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
  lesson: z.object({ id: z.number().int(), date: z.string() }).optional(),
});
export type Clash = z.infer<typeof clash>;

/** The 409 body of a schedule clash. */
export const clashError = z.object({ detail: z.string(), conflict: clash });

/** A required positive id in a query string. */
const requiredQueryId = z.preprocess(
  emptyAsAbsent,
  z.coerce.number(required).int().positive(msg.positiveInt).max(MAX_ID, msg.positiveInt),
);

/** `days=1,3,5` (or `days=1&days=3`) in a query string. */
const queryDays = z.preprocess((v) => {
  const parts = (Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : []).map((s) => String(s).trim()).filter(Boolean);
  // Anything but whole numbers stays a string, so the one `days` message answers it.
  return v !== undefined && parts.every((p) => /^\d{1,2}$/.test(p)) ? parts.map(Number) : v;
}, daysSchema);

/** GET /groups/availability: every active room and teacher of a branch, free or not for the slot. */
export const availabilityQuery = withScheduleRules(
  z.object({
    filial: requiredQueryId,
    days: queryDays,
    start_time: timeSlot,
    end_time: timeSlot,
    start_date: isoDate,
    end_date: isoDate,
    exclude_group: queryId,
  }),
);
export type AvailabilityQuery = z.output<typeof availabilityQuery>;

export const availability = z.object({
  rooms: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      capacity: z.number().int(),
      room_type: roomType,
      free: z.boolean(),
      clash: clash.optional(),
    }),
  ),
  teachers: z.array(
    z.object({
      id: z.number().int(),
      full_name: z.string(),
      role: z.enum(ROLES),
      free: z.boolean(),
      clash: clash.optional(),
    }),
  ),
});
export type Availability = z.infer<typeof availability>;

/** Roles that may lead a group, and that may assist one. */
export const TEACHER_ROLES = ['TEACHER', 'HEAD_TEACHER'] as const;
export const ASSISTANT_ROLES = ['ASSISTANT', 'TEACHER'] as const;
