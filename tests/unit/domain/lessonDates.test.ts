// Lesson dates from a weekly schedule, on plain YYYY-MM-DD strings (no time zone can shift a day).
import { describe, expect, it } from 'vitest';
import { isoWeekday, lessonDates, mondayOf } from '../../../server/domain/lessons/dates';

describe('isoWeekday', () => {
  it('numbers Monday 1 to Sunday 7', () => {
    expect(['2026-11-23', '2026-11-24', '2026-11-28', '2026-11-29'].map(isoWeekday)).toEqual([1, 2, 6, 7]);
  });
  it('refuses what is not a date', () => {
    expect(() => isoWeekday('2026-13-01')).toThrow(RangeError);
    expect(() => isoWeekday('23.11.2026')).toThrow(RangeError);
  });
});

// addDays itself: tests/unit/contract/centreDay.test.ts.
describe('mondayOf', () => {
  it('finds the Monday of a week, a Sunday belonging to the week before it', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });
});

describe('lessonDates', () => {
  it('lists every date of the chosen weekdays, both ends included', () => {
    // 2026-11-02 is a Monday.
    expect(lessonDates('2026-11-02', '2026-11-13', [1, 3, 5])).toEqual([
      '2026-11-02', '2026-11-04', '2026-11-06', '2026-11-09', '2026-11-11', '2026-11-13',
    ]);
  });
  it('crosses a month end', () => {
    expect(lessonDates('2026-01-28', '2026-02-04', [3])).toEqual(['2026-01-28', '2026-02-04']);
  });
  it('includes 29 February in a leap year and skips it otherwise', () => {
    // 2028-02-29 is a Tuesday; 2027-03-02 is too.
    expect(lessonDates('2028-02-27', '2028-03-01', [2])).toEqual(['2028-02-29']);
    expect(lessonDates('2027-02-27', '2027-03-03', [2])).toEqual(['2027-03-02']);
  });
  it('gives one date for a one-day range on a chosen day, none when end is before start', () => {
    expect(lessonDates('2026-11-29', '2026-11-29', [7])).toEqual(['2026-11-29']);
    expect(lessonDates('2026-11-29', '2026-11-29', [1])).toEqual([]);
    expect(lessonDates('2026-11-30', '2026-11-29', [1, 2, 3, 4, 5, 6, 7])).toEqual([]);
  });
  it('counts 104 or 105 Mondays over two years and every day of a year', () => {
    expect(lessonDates('2026-01-05', '2027-12-27', [1])).toHaveLength(104);
    expect(lessonDates('2028-01-01', '2028-12-31', [1, 2, 3, 4, 5, 6, 7])).toHaveLength(366);
  });
});
