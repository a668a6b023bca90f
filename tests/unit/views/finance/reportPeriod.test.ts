import { describe, expect, it } from 'vitest';
import { monthLabel, periodFromQuery, periodProblem, reportParams, systemKindKey, thisMonth } from '../../../../src/views/reports/finance/reportPeriod';

describe('finance report period', () => {
  it('defaults to the current month, leap February included', () => {
    expect(thisMonth(new Date(2026, 10, 24))).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(thisMonth(new Date(2028, 1, 10))).toEqual({ start_date: '2028-02-01', end_date: '2028-02-29' });
    expect(periodFromQuery(new URLSearchParams(''), new Date(2026, 11, 31))).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31', filial: undefined });
  });

  it('reads the period and branch from the query, malformed parts falling back', () => {
    const today = new Date(2026, 2, 5);
    expect(periodFromQuery(new URLSearchParams('start_date=2026-01-01&end_date=2026-02-15&filial=3'), today)).toEqual({ start_date: '2026-01-01', end_date: '2026-02-15', filial: 3 });
    expect(periodFromQuery(new URLSearchParams('start_date=1.1.2026&filial=all'), today)).toEqual({ start_date: '2026-03-01', end_date: '2026-03-31', filial: undefined });
  });

  it('names what is wrong with a period: reversed, longer than 366 days', () => {
    expect(periodProblem({ start_date: '2026-01-01', end_date: '2026-12-31' })).toBeNull();
    expect(periodProblem({ start_date: '2028-01-01', end_date: '2028-12-31' })).toBeNull(); // 366 days
    expect(periodProblem({ start_date: '2026-01-01', end_date: '2027-01-01' })).toBeNull(); // 366 days
    expect(periodProblem({ start_date: '2026-01-01', end_date: '2027-01-02' })).toBe('validation.periodTooLong');
    expect(periodProblem({ start_date: '2026-01-02', end_date: '2026-01-01' })).toBe('validation.endDateAfterStart');
    expect(periodProblem({ start_date: '2026-01-01', end_date: '2026-01-01' })).toBeNull();
  });

  it('sends the branch only when one is chosen', () => {
    expect(reportParams({ start_date: 'a', end_date: 'b' })).toEqual({ start_date: 'a', end_date: 'b' });
    expect(reportParams({ start_date: 'a', end_date: 'b', filial: 2 })).toEqual({ filial: 2, start_date: 'a', end_date: 'b' });
  });

  it('labels months and system kinds', () => {
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    expect(monthLabel('2026-03', names)).toBe('Mar 2026');
    expect(monthLabel('2025-12', names)).toBe('Dec 2025');
    expect(systemKindKey({ system_key: null, action: 'income' })).toBeNull();
    expect(systemKindKey({ system_key: 'student_payment', action: 'income' })).toBe('finance_report.systemKinds.student_payment');
    expect(systemKindKey({ system_key: 'shift_difference', action: 'expense' })).toBe('finance_report.systemKinds.shift_difference_expense');
  });
});
