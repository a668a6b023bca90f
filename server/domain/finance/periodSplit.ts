// A period of centre days (either end open) cut into the whole months it covers and the days at its edges, so
// the ledger totals read months from finance_monthly and only the edge days from finance_daily.
import { monthStart as firstOfMonth } from '../../../contract/studentStatusApi';
import { addDays } from '../lessons/dates';

export type DayRange = { from?: string; to?: string };
/** Months by their first day: `from` included, `before` excluded; either end open. */
export type MonthRange = { from?: string; before?: string };
export type PeriodSplit = { months: MonthRange | null; days: DayRange[] };

/** The first day of the month after `day`'s (32 days past the 1st always lands in the next month). */
const firstOfNextMonth = (day: string) => firstOfMonth(addDays(firstOfMonth(day), 32));
const dayBefore = (day: string) => addDays(day, -1);

/** `start`..`end` inclusive ('YYYY-MM-DD', start <= end); no start or end means open on that side. */
export function splitPeriod(start?: string, end?: string): PeriodSplit {
  // The first whole month, and the first month after the last whole one.
  const from = start === undefined ? undefined : start === firstOfMonth(start) ? start : firstOfNextMonth(start);
  const lastOfMonth = end !== undefined && dayBefore(firstOfNextMonth(end)) === end;
  const before = end === undefined ? undefined : lastOfMonth ? firstOfNextMonth(end) : firstOfMonth(end);
  if (from !== undefined && before !== undefined && from >= before) return { months: null, days: [{ from: start, to: end }] };
  const days: DayRange[] = [];
  if (start !== undefined && from !== undefined && start < from) days.push({ from: start, to: dayBefore(from) });
  if (end !== undefined && before !== undefined && before <= end) days.push({ from: before, to: end });
  return { months: { from, before }, days };
}
