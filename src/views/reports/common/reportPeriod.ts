// Every report page's query as pure rules (finance, admin, education): the period (this month by default), the
// branch (absent = every branch the user sees) and the request parameters; plus the month labels of the charts.
import { REPORT_MAX_DAYS, periodDays, type ReportPeriodParams } from '../../../../contract/reportPeriod';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The first and last day of `today`'s month. */
export function thisMonth(today: Date = new Date()): { start_date: string; end_date: string } {
  const first = new Date(today.getFullYear(), today.getMonth(), 1);
  const last = new Date(today.getFullYear(), today.getMonth() + 1, 0);
  return { start_date: isoDay(first), end_date: isoDay(last) };
}

export type ReportPeriod = { start_date: string; end_date: string; filial?: number };

/** The period and branch in the URL query, this month where a date is missing or malformed. */
export function periodFromQuery(params: URLSearchParams, today: Date = new Date()): ReportPeriod {
  const month = thisMonth(today);
  const start = params.get('start_date');
  const end = params.get('end_date');
  const filial = Number(params.get('filial'));
  return {
    start_date: start && ISO_DAY.test(start) ? start : month.start_date,
    end_date: end && ISO_DAY.test(end) ? end : month.end_date,
    filial: Number.isInteger(filial) && filial > 0 ? filial : undefined,
  };
}

/** Why the period cannot be asked for (an i18n key), or null. */
export function periodProblem(period: ReportPeriod): string | null {
  const days = periodDays(period.start_date, period.end_date);
  if (Number.isNaN(days)) return 'validation.date';
  if (days < 1) return 'validation.endDateAfterStart';
  if (days > REPORT_MAX_DAYS) return 'validation.periodTooLong';
  return null;
}

export function reportParams(period: ReportPeriod): ReportPeriodParams {
  return period.filial ? { filial: period.filial, start_date: period.start_date, end_date: period.end_date } : { start_date: period.start_date, end_date: period.end_date };
}

/** "2026-03" → "Mar 2026" with the month names given (January first). */
export function monthLabel(month: string, monthNames: readonly string[]): string {
  const [year, m] = month.split('-').map(Number);
  return `${monthNames[m - 1] ?? m} ${year}`;
}
