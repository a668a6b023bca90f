// The centre's calendar: today and the wall clock in Tashkent whatever the process's zone, and day arithmetic that
// no daylight-saving change of the process's zone can shift.
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  centreInstant,
  centreMinutes,
  centreTimeOfDay,
  centreToday,
  centreWallClock,
  eachDay,
  firstOfMonth,
  isDay,
  lastOfMonth,
} from '../../../contract/centreDay';

const zone = process.env.TZ;
afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe('today and the wall clock in the centre', () => {
  it('turns the day at 19:00 UTC (midnight in Tashkent)', () => {
    expect(centreToday(new Date('2026-11-23T18:59:59Z'))).toBe('2026-11-23');
    expect(centreToday(new Date('2026-11-23T19:00:00Z'))).toBe('2026-11-24');
    expect(centreWallClock(new Date('2026-11-23T19:30:05Z'))).toEqual({ date: '2026-11-24', time: '00:30:05' });
    expect(centreMinutes(new Date('2026-11-24T06:46:00Z'))).toBe(11 * 60 + 46);
    expect(centreTimeOfDay(new Date('2026-11-24T11:00:00Z'))).toBe('16:00');
  });
  it('does not depend on the zone the process runs in', () => {
    for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
      process.env.TZ = tz;
      expect(centreToday(new Date('2026-03-08T19:30:00Z'))).toBe('2026-03-09');
      expect(centreWallClock(new Date('2026-03-08T10:15:00Z')).time).toBe('15:15:00');
    }
  });
  it('writes a lesson’s start as an instant with the centre’s offset', () => {
    expect(centreInstant('2026-11-24', '16:00:00')).toBe('2026-11-24T16:00:00+05:00');
    expect(Date.parse(centreInstant('2026-11-24', '16:00'))).toBe(Date.parse('2026-11-24T11:00:00Z'));
  });
});

describe('day arithmetic', () => {
  it('crosses month and year ends, leap days and a daylight-saving change of the process’s zone', () => {
    process.env.TZ = 'America/New_York';
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
  it('knows the month’s first and last days', () => {
    expect([firstOfMonth('2026-02-17'), lastOfMonth('2026-02-17')]).toEqual(['2026-02-01', '2026-02-28']);
    expect(lastOfMonth('2028-02-03')).toBe('2028-02-29');
    expect(lastOfMonth('2026-12-31')).toBe('2026-12-31');
  });
  it('lists every day of a range, both ends included', () => {
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(eachDay('2026-03-02', '2026-03-01')).toEqual([]);
  });
  it('refuses what is not a date', () => {
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(() => addDays('23.11.2026', 1)).toThrow(RangeError);
    expect(() => addDays('2026-13-01', 1)).toThrow(RangeError);
  });
});
