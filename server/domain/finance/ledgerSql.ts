// SQL pieces every ledger read shares: the centre's calendar days (Asia/Tashkent), branch scope, zero-filled
// amounts per payment method.
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { addDays, daysInclusive, eachDay, firstOfMonth, lastOfMonth } from '../../../contract/centreDay';
import { PAYMENT_METHODS, type MethodAmounts } from '../../../contract/finance';
import { CENTRE_TIME_ZONE, } from '../lessons/dates';
import { fieldError } from '../core/errors';
import type { FilialScope } from '../core/scope';

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
  return { start: firstOfMonth(today), end: lastOfMonth(today) };
}

/** Every day from start to end inclusive ('YYYY-MM-DD'), at most `max` of them. */
export function daysBetween(start: string, end: string, max = 400): string[] {
  return end < start ? [] : eachDay(start, minDay(end, addDays(start, max - 1)));
}

const minDay = (a: string, b: string) => (a < b ? a : b);

export const isoTime = (value: Date | string) => new Date(value).toISOString();

/** The longest period the payment statistics chart day by day. */
export const MAX_STATISTICS_DAYS = 366;

/** 400 on end_date when the period ends before it starts, or (with `maxDays`) spans more days than that. */
export function checkPeriod(start?: string, end?: string, maxDays?: number): void {
  if (!start || !end) return;
  if (end < start) throw fieldError('end_date', 'validation.endDateAfterStart');
  const days = daysInclusive(start, end);
  if (maxDays != null && days > maxDays) throw fieldError('end_date', 'validation.periodTooLong');
}
