import { describe, expect, it } from 'vitest';
import { isoWeekday, lateMinutes, monthDays, tashkentInstant, zonedClock } from '../../../contract/timetracker';

describe('lateMinutes', () => {
  it('counts whole minutes after the work start on the wall clock of the time zone', () => {
    expect(lateMinutes('09:00', '2026-01-05T09:17:00+05:00', 'Asia/Tashkent')).toBe(17);
    expect(lateMinutes('09:00:00', new Date('2026-01-05T04:30:00Z'), 'Asia/Tashkent')).toBe(30);
    expect(lateMinutes('14:00', '2026-01-05T14:00:59+05:00')).toBe(0);
    expect(lateMinutes('14:00', '2026-01-05T14:01:00+05:00')).toBe(1);
  });

  it('is zero when early, on time, without a schedule or without an arrival', () => {
    expect(lateMinutes('09:00', '2026-01-05T08:45:00+05:00')).toBe(0);
    expect(lateMinutes('09:00', '2026-01-05T09:00:00+05:00')).toBe(0);
    expect(lateMinutes(null, '2026-01-05T11:00:00+05:00')).toBe(0);
    expect(lateMinutes('09:00', null)).toBe(0);
    expect(lateMinutes('09:00', 'not a date')).toBe(0);
  });

  it('reads the arrival in the given zone, not UTC', () => {
    // 05:10 UTC is 10:10 in Tashkent and 06:10 in Berlin (winter).
    const at = '2026-01-05T05:10:00Z';
    expect(lateMinutes('09:00', at, 'Asia/Tashkent')).toBe(70);
    expect(lateMinutes('09:00', at, 'Europe/Berlin')).toBe(0);
    expect(lateMinutes('09:00', at, 'UTC')).toBe(0);
  });
});

describe('calendar helpers', () => {
  it('gives the ISO weekday, the days of a month and Tashkent instants', () => {
    expect(isoWeekday('2026-01-05')).toBe(1);
    expect(isoWeekday('2026-01-11')).toBe(7);
    expect(monthDays('2024-02')).toHaveLength(29);
    expect(monthDays('2025-04')[29]).toBe('2025-04-30');
    expect(tashkentInstant('2026-01-05', '09:30')).toBe('2026-01-05T09:30:00+05:00');
    expect(zonedClock(new Date('2026-01-04T20:30:00Z'), 'Asia/Tashkent')).toEqual({ day: '2026-01-05', minutes: 90, seconds: 0 });
  });
});
