// The statistics tab's period as a pure rule. Its first request used to go without dates: the movement endpoint
// then summed the cashier's whole history (opening 0, income since the first entry) while the date fields showed
// the payment statistics' default month, so the figures did not belong to the dates on screen. Now the tab always
// asks for the dates it shows, with the server's own defaults for the missing ones (finance/statistics.ts).
import { firstOfMonth, lastOfMonth } from '../../../../contract/centreDay';
import type { DateRange } from '../../../api/finance';

export type StatsPeriod = { start_date: string; end_date: string };

/** The first and last day of the month of `day` ('YYYY-MM-DD'). */
const monthOf = (day: string): StatsPeriod => ({ start_date: firstOfMonth(day), end_date: lastOfMonth(day) });

/**
 * The dates in the query, else the centre's current month; one date alone keeps the other at its month's start
 * or end (as GET /finance/payment_casher/{id} fills them in).
 */
export function statsPeriod(range: DateRange, today: string): StatsPeriod {
  const month = monthOf(range.start_date ?? range.end_date ?? today);
  return { start_date: range.start_date ?? month.start_date, end_date: range.end_date ?? month.end_date };
}
