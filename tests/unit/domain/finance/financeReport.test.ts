// The pure parts of the finance report and debtors: the query's period rule, the months a period touches, and the
// spreadsheet texts (weekdays, kind names).
import { describe, expect, it } from 'vitest';
import { financeReportQuery, periodDays } from '../../../../contract/financeReport';
import { debtorsFilters } from '../../../../contract/debtors';
import { weekdaysText } from '../../../../server/domain/finance/debtorsSheet';
import { monthsBetween } from '../../../../server/domain/finance/report';
import { kindName } from '../../../../server/domain/finance/reportSheet';

const issues = (input: unknown) => {
  const r = financeReportQuery.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('finance report query', () => {
  it('counts days with both ends included, across a DST-free calendar', () => {
    expect(periodDays('2026-01-01', '2026-01-31')).toBe(31);
    expect(periodDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(periodDays('2026-03-02', '2026-03-01')).toBe(0);
    expect(periodDays('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('needs both dates, in order, at most 366 days apart', () => {
    expect(issues({ start_date: '2026-01-01', end_date: '2027-01-01' })).toEqual({});
    expect(issues({})).toEqual({ start_date: 'validation.required', end_date: 'validation.required' });
    expect(issues({ start_date: '', end_date: '2026-01-01' })).toEqual({ start_date: 'validation.required' });
    expect(issues({ start_date: '2026-02-30', end_date: '2026-03-01' })).toEqual({ start_date: 'validation.date' });
    expect(issues({ start_date: '2026-01-02', end_date: '2026-01-01' })).toEqual({ end_date: 'validation.endDateAfterStart' });
    expect(issues({ start_date: '2026-01-01', end_date: '2027-01-02' })).toEqual({ end_date: 'validation.periodTooLong' });
    expect(issues({ start_date: '2026-01-01', end_date: '2026-01-02', filial: '' })).toEqual({});
    expect(financeReportQuery.parse({ start_date: '2026-01-01', end_date: '2026-01-02', filial: '4' }).filial).toBe(4);
  });

  it('debtor filters take a weekday 1..7 and a positive amount with at most two decimals', () => {
    expect(debtorsFilters.parse({ day: '7', min_debt: '1500.50', q: ' ', group: '' })).toEqual({ day: 7, min_debt: '1500.50', q: undefined, group: undefined, filial: undefined, teacher: undefined });
    expect(debtorsFilters.safeParse({ day: '0' }).success).toBe(false);
    expect(debtorsFilters.safeParse({ min_debt: '-5' }).success).toBe(false);
    expect(debtorsFilters.safeParse({ min_debt: '1.234' }).success).toBe(false);
  });
});

describe('months of a period', () => {
  it('lists every month touched, across a year end', () => {
    expect(monthsBetween('2026-03-15', '2026-03-20')).toEqual(['2026-03']);
    expect(monthsBetween('2025-11-30', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describe('spreadsheet texts', () => {
  it('writes lesson days short in the reader’s language', () => {
    expect(weekdaysText([1, 3, 5], 'uz')).toBe('Du, Ch, Ju');
    expect(weekdaysText([6, 7], 'en')).toBe('Sat, Sun');
  });

  it('translates system kinds by side and keeps the centre’s own names', () => {
    expect(kindName({ id: 1, name: 'Student payment', system_key: 'student_payment', action: 'income' }, 'uz')).toBe('O‘quvchi to‘lovi');
    expect(kindName({ id: 5, name: 'x', system_key: 'shift_difference', action: 'expense' }, 'en')).toBe('Shift shortage');
    expect(kindName({ id: 9, name: 'Ijara', system_key: null, action: 'expense' }, 'en')).toBe('Ijara');
  });
});
