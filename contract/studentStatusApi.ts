// The student status calls (spec section 7, "Students"; issue 4): freeze / unfreeze / activate a student, the
// archives and their statistics, the frozen list, one student's archivings and freezes, a student's statistics
// and history. The moves themselves follow contract/studentStatus.ts (studentTransition).
import { daysInclusive, isDay } from './centreDay';
import { z } from 'zod';
import { pageQuery, paged, queryId } from './common';
import { attendanceCounts, isoDate, queryDate, reasonText } from './lessons';
import { STUDENT_MOVES, type FreezePeriod } from './studentStatus';
import { studentBrief, studentStatus } from './students';

/** The longest freeze, in days (both ends included). */
export const FREEZE_MAX_DAYS = 180;

/** Days from `from` to `to`, both included. */
export function periodDays(from: string, to: string): number {
  // NaN for what is not a day (a form's half-typed date), as the checks around it expect.
  return isDay(from) && isDay(to) ? daysInclusive(from, to) : Number.NaN;
}

/** The first day of the month holding `date` (YYYY-MM-DD). */
export const monthStart = (date: string) => `${date.slice(0, 8)}01`;

/**
 * What is wrong with a freeze period on `today` (the centre's date), as field → message key; empty when it is
 * fine. The end is not before the start, the start is not before the current month, at most FREEZE_MAX_DAYS.
 * The server answers these as 400 field messages; a form shows them before sending.
 */
export function freezePeriodErrors(period: Pick<FreezePeriod, 'from_date' | 'to_date'>, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (period.from_date < monthStart(today)) errors.from_date = 'validation.freezeFromMonth';
  if (period.to_date < period.from_date) errors.to_date = 'validation.endDateAfterStart';
  else if (periodDays(period.from_date, period.to_date) > FREEZE_MAX_DAYS) errors.to_date = 'validation.freezeTooLong';
  return errors;
}

/** POST /api/v2/students/{id}/freeze: a start today or earlier freezes now, a later one is scheduled. */
export const freezeBody = z
  .object({ from_date: isoDate, to_date: isoDate, reason: reasonText })
  .refine((v) => v.to_date >= v.from_date, {
    message: 'validation.endDateAfterStart',
    path: ['to_date'],
  })
  .refine((v) => v.to_date < v.from_date || periodDays(v.from_date, v.to_date) <= FREEZE_MAX_DAYS, {
    message: 'validation.freezeTooLong',
    path: ['to_date'],
  });
export type FreezeBody = z.infer<typeof freezeBody>;

/** A freeze as the lists show it. `ended_on` is the last frozen day of a freeze ended early. */
export const freezeItem = z.object({
  id: z.number().int(),
  from_date: z.string(),
  to_date: z.string(),
  ended_on: z.string().nullable(),
  reason: z.string(),
  created_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  created_at: z.string(),
});
export type FreezeItem = z.infer<typeof freezeItem>;

/**
 * The answer of every status move (freeze, unfreeze, activate, and PATCH /add-group/{id}/ archiving): the
 * student after it, the move, the status before, the freeze it created / ended / cancelled (`scheduled`: it had
 * not begun), and the memberships an archiving closed.
 */
export const statusMoveAnswer = studentBrief.extend({
  move: z.enum(STUDENT_MOVES),
  from_status: studentStatus,
  freeze: z
    .object({
      id: z.number().int(),
      from_date: z.string(),
      to_date: z.string(),
      ended_on: z.string().nullable(),
      scheduled: z.boolean(),
    })
    .nullable(),
  closed_memberships: z.number().int(),
});
export type StatusMoveAnswer = z.infer<typeof statusMoveAnswer>;

const person = z.object({ id: z.number().int(), full_name: z.string() }).nullable();

/** GET /api/archives/: every archiving in a period (of students archived then, whether still archived or not). */
export const archivesQuery = z.object({
  ...pageQuery.shape,
  filial: queryId,
  start_date: queryDate,
  end_date: queryDate,
  q: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(100, 'validation.maxLength').optional()),
});
export type ArchivesParams = {
  page?: number;
  page_size?: number;
  filial?: number;
  start_date?: string;
  end_date?: string;
  q?: string;
};

/** One archiving: the student (as now), why, when, by whom, from which status. */
export const archiveItem = z.object({
  /** The student_logs row of the archiving (GET /archived/ lists students: the id of their last archiving). */
  id: z.number().int(),
  student: studentBrief,
  reason: z.string(),
  archived_at: z.string(),
  archived_by: person,
  from_status: studentStatus.nullable(),
});
export type ArchiveItem = z.infer<typeof archiveItem>;
export const archivePage = paged(archiveItem);

/** GET /api/archives/stats: archivings in a period (default: the last twelve months), by reason and by month. */
export const archiveStatsQuery = z.object({
  filial: queryId,
  start_date: queryDate,
  end_date: queryDate,
});
export const archiveStats = z.object({
  start_date: z.string(),
  end_date: z.string(),
  total: z.number().int(),
  by_reason: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** `month` is YYYY-MM; months without archivings are listed with 0. */
  by_month: z.array(z.object({ month: z.string(), count: z.number().int() })),
});
export type ArchiveStats = z.infer<typeof archiveStats>;

/** GET /archived/frozen/: students frozen now or with a freeze still to come, soonest end first. */
export const frozenQuery = z.object({
  ...pageQuery.shape,
  filial: queryId,
  q: archivesQuery.shape.q,
});
export const frozenItem = z.object({
  student: studentBrief,
  freeze: freezeItem,
  /** The freeze has not begun yet: the student is still active. */
  scheduled: z.boolean(),
});
export type FrozenItem = z.infer<typeof frozenItem>;
export const frozenPage = paged(frozenItem);

/** GET /archived/students/?id=: one student's archivings (with when they came back) and freezes, newest first. */
export const studentArchiveQuery = z.object({
  id: z.coerce.number().int().positive('validation.positiveInt').max(2_147_483_647),
});
export const studentArchiveHistory = z.object({
  student: studentBrief,
  archivings: z.array(archiveItem.omit({ student: true }).extend({ restored_at: z.string().nullable(), restored_by: person })),
  freezes: z.array(freezeItem),
});
export type StudentArchiveHistory = z.infer<typeof studentArchiveHistory>;

const groupStats = z.object({
  attendance: attendanceCounts,
  /** Lessons the student came to (present or late). */
  lessons_attended: z.number().int(),
  /** The mean of the marks given, two decimals; null without marks. */
  average_mark: z.string().nullable(),
});

/** GET /api/v2/students/stats/{id} */
export const studentStats = groupStats.extend({
  student: studentBrief,
  groups_now: z.number().int(),
  groups_ever: z.number().int(),
  /** Frozen days so far (freezes up to today, early ends counted). */
  frozen_days: z.number().int(),
  /** Days since the student was created (joined the centre); 0 on the first day. */
  days_since_joining: z.number().int(),
  groups: z.array(
    groupStats.extend({
      group: z.object({ id: z.number().int(), name: z.string() }),
      joined_on: z.string(),
      left_on: z.string().nullable(),
    }),
  ),
});
export type StudentStats = z.infer<typeof studentStats>;

/** GET /api/v2/students/{id}/history: the student's log, newest first. */
export const historyQuery = z.object({ ...pageQuery.shape });
export const historyItem = z.object({
  id: z.number().int(),
  /** 'status.<move>', 'group.add', 'group.move', ... */
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  /** Null for the automatic freeze job. */
  actor: person,
  created_at: z.string(),
});
export type HistoryItem = z.infer<typeof historyItem>;
export const historyPage = paged(historyItem);

/** POST .../unfreeze and .../activate take no fields (an empty object or no body). */
export const emptyBody = z.object({});
