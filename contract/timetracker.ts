// Time tracking (issue 6, "Time tracking"): one record per employee and day (arrived, left, late minutes against the
// employee's work start in Asia/Tashkent), the branch's day grid, monthly statistics, and corrections with a reason.
import { z } from 'zod';
import { CENTRE_TIME_ZONE, isoWeekday } from './centreDay';
import { calendarDay, MAX_ID, msg, queryId, required } from './common';

export const TIME_ZONE = CENTRE_TIME_ZONE;

const isoDay = calendarDay();
const month = z.string(required).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.invalid');
const requiredId = z.coerce.number(required).int(msg.positiveInt).positive(msg.positiveInt).max(MAX_ID, msg.positiveInt);
/** An instant with an offset ("2026-01-05T09:12:00+05:00"), or null to clear it. */
const instant = z.iso.datetime({ offset: true, error: 'validation.invalid' }).nullable();

/** GET /timetracker/all/fixed/?filial&day */
export const fixedQuery = z.object({ filial: requiredId, day: isoDay });
/** GET /timetracker/statistics/?filial&month=YYYY-MM */
export const statisticsQuery = z.object({ filial: requiredId, month });
/** GET /timetracker/timeline/?filial&employee&start_date&end_date */
export const timelineQuery = z
  .object({ filial: queryId, employee: queryId, start_date: isoDay, end_date: isoDay })
  .refine((v) => v.start_date <= v.end_date, { message: 'validation.invalid', path: ['end_date'] })
  .refine((v) => Date.parse(v.end_date) - Date.parse(v.start_date) <= 366 * 86_400_000, { message: 'validation.invalid', path: ['end_date'] });

export const timeRecordInput = z
  .object({
    employee: requiredId,
    day: isoDay,
    arrived_at: instant.optional(),
    left_at: instant.optional(),
  })
  .refine((v) => !v.arrived_at || !v.left_at || Date.parse(v.left_at) >= Date.parse(v.arrived_at), {
    message: 'validation.invalid',
    path: ['left_at'],
  });
/** POST /timetracker/timeline/bulk: upsert one record per employee and day. */
export const bulkBody = z.object({
  filial: requiredId,
  records: z.array(timeRecordInput).min(1, msg.required).max(500, 'validation.invalid'),
});
export type BulkBody = z.input<typeof bulkBody>;

/** PUT /timetracker/timeline/{id} and PUT /timetracker/{id}/: a correction, always with its reason. */
export const recordCorrection = z
  .object({
    arrived_at: instant.optional(),
    left_at: instant.optional(),
    reason: z.string(required).trim().min(1, msg.required).max(500, 'validation.maxLength'),
  })
  .refine((v) => !v.arrived_at || !v.left_at || Date.parse(v.left_at) >= Date.parse(v.arrived_at), {
    message: 'validation.invalid',
    path: ['left_at'],
  });
export type RecordCorrection = z.input<typeof recordCorrection>;

export const timeRecord = z.object({
  id: z.number().int(),
  employee: z.number().int(),
  filial: z.number().int(),
  day: z.string(),
  arrived_at: z.string().nullable(),
  left_at: z.string().nullable(),
  late_minutes: z.number().int(),
  source: z.string(),
  edited: z.boolean(),
});
export type TimeRecord = z.infer<typeof timeRecord>;

export const staffRef = z.object({
  id: z.number().int(),
  full_name: z.string(),
  role: z.string(),
  work_start: z.string().nullable(),
  work_end: z.string().nullable(),
});
export type StaffRef = z.infer<typeof staffRef>;

/** One row of the day grid: every employee of the branch with the record of that day, or null. */
export const fixedRow = z.object({ employee: staffRef, works_today: z.boolean(), record: timeRecord.nullable() });
export type FixedRow = z.infer<typeof fixedRow>;

export const statisticsRow = z.object({
  employee: staffRef,
  days_present: z.number().int(),
  days_late: z.number().int(),
  late_minutes: z.number().int(),
  absences: z.number().int(),
});
export type StatisticsRow = z.infer<typeof statisticsRow>;

export const bulkResult = z.object({ saved: z.number().int(), records: z.array(timeRecord) });

/** Minutes of `HH:MM` or `HH:MM:SS`. */
export function clockMinutes(clock: string): number {
  const [h = '0', m = '0'] = clock.split(':');
  return Number(h) * 60 + Number(m);
}

/** The wall-clock minutes of the day and the calendar day of `at` in `timeZone`. */
export function zonedClock(at: Date, timeZone: string): { day: string; minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
    seconds: Number(get('second')),
  };
}

/**
 * Whole minutes `arrivedAt` came after `workStart` (the wall clock of `timeZone` on the arrival's day); 0 when on
 * time, early, when there is no schedule or no arrival. Seconds do not count: 09:00:59 is on time for 09:00.
 */
export function lateMinutes(workStart: string | null | undefined, arrivedAt: Date | string | null | undefined, timeZone: string = TIME_ZONE): number {
  if (!workStart || !arrivedAt) return 0;
  const at = typeof arrivedAt === 'string' ? new Date(arrivedAt) : arrivedAt;
  if (Number.isNaN(at.getTime())) return 0;
  const late = zonedClock(at, timeZone).minutes - clockMinutes(workStart);
  return late > 0 ? late : 0;
}

/** ISO weekday 1 = Monday .. 7 = Sunday of a `YYYY-MM-DD` calendar day. */
export { isoWeekday };

/** Every `YYYY-MM-DD` of month `YYYY-MM`. */
export function monthDays(yearMonth: string): string[] {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${yearMonth}-${String(i + 1).padStart(2, '0')}`);
}

/** `YYYY-MM-DDTHH:MM:00+05:00`: a wall-clock time of a day in Tashkent (no DST) as an instant with offset. */
export function tashkentInstant(day: string, clock: string): string {
  return `${day}T${clock.slice(0, 5)}:00+05:00`;
}

/** GET /timetracker/timeline/{id}/edits: the corrections of one record, newest first. */
export const timeRecordEdit = z.object({
  id: z.number().int(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  reason: z.string(),
  editor: z.string(),
  at: z.iso.datetime(),
});
export type TimeRecordEdit = z.infer<typeof timeRecordEdit>;
