import { describe, expect, it } from 'vitest';
import { attendanceRate, summarize } from '../../../server/domain/lessons/summary';

describe('summarize', () => {
  it('counts statuses, lessons (unmarked too) and averages only the given marks', () => {
    expect(
      summarize([
        { status: 'present', mark: 80 },
        { status: 'late', mark: 91 },
        { status: 'absent', mark: null },
        { status: 'excused', mark: null },
        { status: null, mark: null },
      ]),
    ).toEqual({ lessons: 5, present: 1, late: 1, excused: 1, absent: 1, average_mark: 85.5 });
  });
  it('rounds the average to one decimal, half up', () => {
    expect(summarize([{ status: 'present', mark: 1 }, { status: 'present', mark: 2 }, { status: 'present', mark: 2 }]).average_mark).toBe(1.7);
    expect(summarize([{ status: 'present', mark: 0 }, { status: 'present', mark: 1 }, { status: 'present', mark: 0 }, { status: 'present', mark: 0 }]).average_mark).toBe(0.3);
    expect(summarize([{ status: 'present', mark: 100 }, { status: 'late', mark: 0 }]).average_mark).toBe(50);
  });
  it('has no average without marks', () => {
    expect(summarize([])).toEqual({ lessons: 0, present: 0, late: 0, excused: 0, absent: 0, average_mark: null });
    expect(summarize([{ status: 'absent', mark: null }]).average_mark).toBeNull();
  });
});

describe('attendanceRate', () => {
  it('is present-or-late over marked, in percent with one decimal', () => {
    expect(attendanceRate({ attended: 4, marked: 6 })).toBe('66.7');
    expect(attendanceRate({ attended: 1, marked: 3 })).toBe('33.3');
    expect(attendanceRate({ attended: 3, marked: 3 })).toBe('100.0');
    expect(attendanceRate({ attended: 0, marked: 5 })).toBe('0.0');
    expect(attendanceRate({ attended: 1, marked: 8 })).toBe('12.5');
    // 1/16 = 6.25 % rounds half up to 6.3.
    expect(attendanceRate({ attended: 1, marked: 16 })).toBe('6.3');
  });
  it('is null when nothing was marked', () => {
    expect(attendanceRate({ attended: 0, marked: 0 })).toBeNull();
  });
});
