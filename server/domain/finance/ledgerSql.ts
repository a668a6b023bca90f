// SQL pieces every ledger read shares: the centre's calendar days (Asia/Tashkent), branch scope, zero-filled
// amounts per payment method.
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAYMENT_METHODS, type MethodAmounts } from '../../../contract/finance';
import { CENTRE_TIME_ZONE, centreToday } from '../lessons/dates';
import { fieldError } from '../errors';
import type { FilialScope } from '../scope';

export const TZ = sql.raw(`'${CENTRE_TIME_ZONE}'`);

/** The instant a centre day starts: `day` 00:00 in Tashkent. */
export const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${TZ})`;
/** The instant the day after `day` starts. */
export const dayAfter = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${TZ})`;
/** The centre's calendar day of a timestamp, as 'YYYY-MM-DD'. */
export const centreDay = (column: AnyPgColumn | SQL) => sql<string>`to_char(${column} at time zone ${TZ}, 'YYYY-MM-DD')`;

/** `column` within the centre days start..end (either end open). */
export function inPeriod(column: AnyPgColumn, start?: string, end?: string): SQL[] {
  const out: SQL[] = [];
  if (start) out.push(sql`${column} >= ${dayStart(start)}`);
  if (end) out.push(sql`${column} < ${dayAfter(end)}`);
  return out;
}

/** Rows of the user's branches: nothing when the scope is empty, no condition when it is every branch. */
export function inFilials(column: AnyPgColumn, scope: FilialScope): SQL | undefined {
  if (scope === 'all') return undefined;
  return scope.length ? inArray(column, scope) : sql`false`;
}

export function zeroMethods(): MethodAmounts {
  return Object.fromEntries(PAYMENT_METHODS.map((m) => [m, '0.00'])) as MethodAmounts;
}

/** The first and last day of the centre's current month. */
export function currentMonth(today: string): { start: string; end: string } {
  const [y, m] = today.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { start: `${y}-${mm}-01`, end: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/** Every day from start to end inclusive ('YYYY-MM-DD'), at most `max` of them. */
export function daysBetween(start: string, end: string, max = 400): string[] {
  const out: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`).getTime();
  while (d.getTime() <= last && out.length < max) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

export const isoTime = (value: Date | string) => new Date(value).toISOString();

/** The longest period the payment statistics chart day by day. */
export const MAX_STATISTICS_DAYS = 366;

/** 400 on end_date when the period ends before it starts, or (with `maxDays`) spans more days than that. */
export function checkPeriod(start?: string, end?: string, maxDays?: number): void {
  if (!start || !end) return;
  if (end < start) throw fieldError('end_date', 'validation.endDateAfterStart');
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
  if (maxDays != null && days > maxDays) throw fieldError('end_date', 'validation.periodTooLong');
}
