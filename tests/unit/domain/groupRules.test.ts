// Pure group rules: schedule fields across each other, weekdays, money, Mondays, the 409 text, the first status.
import { describe, expect, it } from 'vitest';
import { availabilityQuery, daysSchema, groupPatch, maxEndDate, moneyInput, scheduleIssues } from '../../../contract/groups';
import { isMonday, weekScheduleQuery } from '../../../contract/weekSchedule';
import { describeClash } from '../../../server/domain/groups/conflicts';
import { initialStatus } from '../../../server/domain/groups/groupWrites';

describe('scheduleIssues', () => {
  const ok = { start_time: '14:00', end_time: '15:30', start_date: '2031-01-01', end_date: '2031-06-30' };
  it('accepts a sound schedule and a one-day one', () => {
    expect(scheduleIssues(ok)).toEqual([]);
    expect(scheduleIssues({ ...ok, end_date: ok.start_date })).toEqual([]);
  });
  it('wants the end time after the start time (equal is not enough)', () => {
    expect(scheduleIssues({ ...ok, end_time: '14:00' })).toEqual([['end_time', 'validation.endTimeAfterStart']]);
    expect(scheduleIssues({ ...ok, end_time: '13:30' })).toEqual([['end_time', 'validation.endTimeAfterStart']]);
  });
  it('wants the end date not before the start date and within two years', () => {
    expect(scheduleIssues({ ...ok, end_date: '2030-12-31' })).toEqual([['end_date', 'validation.endDateAfterStart']]);
    expect(scheduleIssues({ ...ok, end_date: '2033-01-01' })).toEqual([]);
    expect(scheduleIssues({ ...ok, end_date: '2033-01-02' })).toEqual([['end_date', 'validation.scheduleTooLong']]);
  });
  it('leaves fields that are missing or malformed to their own messages', () => {
    expect(scheduleIssues({ start_time: '14:00' })).toEqual([]);
    expect(scheduleIssues({ ...ok, start_date: '2031-02-30', end_date: '2030-01-01' })).toEqual([]);
    expect(scheduleIssues({ ...ok, start_time: '14:15', end_time: '10:00' })).toEqual([]);
  });
});

describe('maxEndDate', () => {
  it('is the same day two years on; 29 February becomes 28 February', () => {
    expect(maxEndDate('2031-03-15')).toBe('2033-03-15');
    expect(maxEndDate('2028-02-29')).toBe('2030-02-28');
  });
});

describe('daysSchema', () => {
  it('sorts ISO weekdays', () => expect(daysSchema.parse([5, 1, 3])).toEqual([1, 3, 5]));
  it.each([[[]], [[0]], [[8]], [[1, 1]], [[1.5]], ['1,3']])('refuses %j with one message', (input) => {
    const result = daysSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['']);
  });
});

describe('moneyInput', () => {
  it('normalises to two decimals without floats', () => {
    expect(moneyInput.parse('450000')).toBe('450000.00');
    expect(moneyInput.parse(450000.5)).toBe('450000.50');
    expect(moneyInput.parse('0')).toBe('0.00');
    expect(moneyInput.parse(' 007.1 ')).toBe('7.10');
  });
  it.each(['-1', '1.234', 'abc', '1e5', '1234567890123'])('refuses %s', (v) => expect(moneyInput.safeParse(v).success).toBe(false));
});

describe('query schemas', () => {
  it('reads days from a comma list or repeated keys', () => {
    const q = { filial: '1', start_time: '09:00', end_time: '10:00', start_date: '2031-01-01', end_date: '2031-02-01' };
    expect(availabilityQuery.parse({ ...q, days: '5,1' }).days).toEqual([1, 5]);
    expect(availabilityQuery.parse({ ...q, days: ['2', '4'] }).days).toEqual([2, 4]);
    expect(availabilityQuery.safeParse({ ...q, days: 'mon' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['days']);
  });
  it('lets a PATCH carry any one field and checks pairs it carries', () => {
    expect(groupPatch.parse({ name: ' Yangi ' })).toEqual({ name: 'Yangi' });
    expect(groupPatch.safeParse({ start_time: '15:00', end_time: '14:00' }).success).toBe(false);
  });
  it('wants a Monday to start the week, and a known view', () => {
    expect(isMonday('2026-11-23')).toBe(true);
    expect(isMonday('2026-11-29')).toBe(false);
    expect(weekScheduleQuery.parse({ start_date: '2026-11-23', view: '' })).toEqual({ start_date: '2026-11-23', view: 'room' });
    expect(weekScheduleQuery.safeParse({ start_date: '2026-11-24' }).success).toBe(false);
  });
});

describe('describeClash', () => {
  it('names the group and its weekly slot', () => {
    const text = describeClash({ kind: 'room', group: { id: 7, name: 'Ingliz tili B1 — 14:00' }, days: [1, 3, 5], start_time: '14:00', end_time: '15:30' });
    expect(text).toBe('The room is already taken by group "Ingliz tili B1 — 14:00" (Mon, Wed, Fri 14:00-15:30)');
  });
  it('names a one-off lesson by its date', () => {
    const lesson = { id: 3, date: '2031-01-14' };
    expect(describeClash({ kind: 'teacher', group: { id: 7, name: 'IELTS' }, days: [2], start_time: '10:00', end_time: '11:00', lesson })).toBe(
      'The teacher is already busy with a lesson of group "IELTS" on 2031-01-14 10:00-11:00',
    );
    expect(describeClash({ kind: 'room', group: null, days: [2], start_time: '10:00', end_time: '11:00', lesson })).toBe(
      'The room is already taken by a one-off lesson on 2031-01-14 10:00-11:00',
    );
  });
});

describe('initialStatus', () => {
  it('is planned before the first day and active from it', () => {
    expect(initialStatus('2026-12-01', '2026-11-23')).toBe('planned');
    expect(initialStatus('2026-11-23', '2026-11-23')).toBe('active');
    expect(initialStatus('2026-09-01', '2026-11-23')).toBe('active');
  });
});
