import { describe, expect, it } from 'vitest';
import { firstLessonCame, firstLessonDates, groupsForLead, isLessonDay } from '../../../src/views/leads/detail/orderRules';
import { addDays, centreToday } from '../../../contract/centreDay';

// 2026-11-23 is a Monday.
const oddDays = { days: [1, 3, 5], start_date: '2026-11-01', end_date: '2026-12-31' };

describe('isLessonDay', () => {
  it('accepts a day the group meets inside its period', () => {
    expect(isLessonDay(oddDays, '2026-11-23')).toBe(true);
    expect(isLessonDay(oddDays, '2026-11-25')).toBe(true);
  });
  it('refuses other weekdays, days outside the period and non-dates', () => {
    expect(isLessonDay(oddDays, '2026-11-24')).toBe(false);
    expect(isLessonDay(oddDays, '2026-10-30')).toBe(false);
    expect(isLessonDay(oddDays, '2027-01-01')).toBe(false);
    expect(isLessonDay(oddDays, '')).toBe(false);
    expect(isLessonDay(oddDays, '2026-13-01')).toBe(false);
  });
});

describe('firstLessonDates', () => {
  it('starts today when the group meets today', () => {
    expect(firstLessonDates(oddDays, '2026-11-23', 4)).toEqual(['2026-11-23', '2026-11-25', '2026-11-27', '2026-11-30']);
  });
  it('skips to the next meeting day', () => {
    expect(firstLessonDates(oddDays, '2026-11-24', 2)).toEqual(['2026-11-25', '2026-11-27']);
  });
  it('starts at the group start when the group has not begun', () => {
    expect(firstLessonDates({ days: [6], start_date: '2026-12-05', end_date: '2026-12-31' }, '2026-11-23', 2)).toEqual(['2026-12-05', '2026-12-12']);
  });
  it('stops at the end of the period and offers nothing after it', () => {
    expect(firstLessonDates({ days: [1], start_date: '2026-11-01', end_date: '2026-12-01' }, '2026-11-23', 5)).toEqual(['2026-11-23', '2026-11-30']);
    expect(firstLessonDates({ days: [1], start_date: '2026-01-01', end_date: '2026-06-01' }, '2026-11-23')).toEqual([]);
    expect(firstLessonDates({ days: [], start_date: '2026-01-01', end_date: '2026-12-31' }, '2026-11-23')).toEqual([]);
  });
  it('finds once-a-week days across a month end and a year end', () => {
    expect(firstLessonDates({ days: [7], start_date: '2026-01-01', end_date: '2027-03-01' }, '2026-12-28', 2)).toEqual(['2027-01-03', '2027-01-10']);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('groupsForLead', () => {
  const course = (subject_id: number) => ({ id: 1, name: 'c', subject_id, subject_name: 's', level_id: 1, level_name: 'l' });
  const groups = [
    { id: 1, status: 'active' as const, is_secondary: false, course: course(10) },
    { id: 2, status: 'planned' as const, is_secondary: false, course: course(20) },
    { id: 3, status: 'finished' as const, is_secondary: false, course: course(10) },
    { id: 4, status: 'archived' as const, is_secondary: false, course: course(10) },
    { id: 5, status: 'active' as const, is_secondary: true, course: course(10) },
  ];
  it('keeps running main groups of the subject', () => {
    expect(groupsForLead(groups, 10).map((g) => g.id)).toEqual([1]);
  });
  it('keeps every running main group when the lead has no subject', () => {
    expect(groupsForLead(groups, null).map((g) => g.id)).toEqual([1, 2]);
  });
});

describe('centreToday and firstLessonCame', () => {
  it('counts days in Tashkent (UTC+5), not in the browser', () => {
    expect(centreToday(new Date('2026-11-23T18:59:00Z'))).toBe('2026-11-23');
    expect(centreToday(new Date('2026-11-23T19:00:00Z'))).toBe('2026-11-24');
  });
  it('lets an order become a student from its first lesson day on', () => {
    expect(firstLessonCame('2026-11-24', '2026-11-23')).toBe(false);
    expect(firstLessonCame('2026-11-24', '2026-11-24')).toBe(true);
    expect(firstLessonCame('2026-11-20', '2026-11-24')).toBe(true);
    expect(firstLessonCame(null, '2026-11-24')).toBe(false);
  });
});
