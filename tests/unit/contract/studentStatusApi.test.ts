// The freeze period rules (contract/studentStatusApi.ts): the end not before the start, the start not before the
// current month, at most FREEZE_MAX_DAYS days both ends included; the body schema says the same.
import { describe, expect, it } from 'vitest';
import { FREEZE_MAX_DAYS, freezeBody, freezePeriodErrors, monthStart, periodDays } from '../../../contract/studentStatusApi';

describe('freeze periods', () => {
  it('counts days with both ends included, across months and leap days', () => {
    expect(periodDays('2026-03-10', '2026-03-10')).toBe(1);
    expect(periodDays('2028-02-28', '2028-03-01')).toBe(3);
    expect(periodDays('2026-12-31', '2027-01-01')).toBe(2);
    expect(monthStart('2026-11-23')).toBe('2026-11-01');
  });

  it('accepts a start from the first of the current month, in the past or the future', () => {
    expect(freezePeriodErrors({ from_date: '2026-11-01', to_date: '2026-11-05' }, '2026-11-23')).toEqual({});
    expect(freezePeriodErrors({ from_date: '2027-01-10', to_date: '2027-01-10' }, '2026-11-23')).toEqual({});
    expect(freezePeriodErrors({ from_date: '2026-10-31', to_date: '2026-11-05' }, '2026-11-23')).toEqual({ from_date: 'validation.freezeFromMonth' });
  });

  it('refuses an end before the start and a period longer than the limit', () => {
    expect(freezePeriodErrors({ from_date: '2026-11-20', to_date: '2026-11-19' }, '2026-11-20')).toEqual({ to_date: 'validation.endDateAfterStart' });
    expect(FREEZE_MAX_DAYS).toBe(180);
    expect(freezePeriodErrors({ from_date: '2026-11-01', to_date: '2027-04-29' }, '2026-11-01')).toEqual({});
    expect(freezePeriodErrors({ from_date: '2026-11-01', to_date: '2027-04-30' }, '2026-11-01')).toEqual({ to_date: 'validation.freezeTooLong' });
  });

  it('parses a body with the same field messages', () => {
    const issues = (body: unknown) => {
      const r = freezeBody.safeParse(body);
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(issues({ from_date: '2026-11-01', to_date: '2027-04-29', reason: ' Sick ' })).toEqual({});
    expect(freezeBody.parse({ from_date: '2026-11-01', to_date: '2026-11-02', reason: ' Sick ' }).reason).toBe('Sick');
    expect(issues({ from_date: '2026-11-02', to_date: '2026-11-01', reason: 'x' })).toEqual({ to_date: 'validation.endDateAfterStart' });
    expect(issues({ from_date: '2026-11-01', to_date: '2027-04-30', reason: 'x' })).toEqual({ to_date: 'validation.freezeTooLong' });
    expect(Object.keys(issues({ from_date: '2026-02-30', reason: '' })).sort()).toEqual(['from_date', 'reason', 'to_date']);
  });
});
