import { describe, expect, it } from 'vitest';
import { centreToday, hhmm } from '../../../server/domain/lessons/dates';

describe('centreToday', () => {
  it('is the date in Tashkent (UTC+5), not the server date', () => {
    expect(centreToday(new Date('2026-03-09T18:59:59Z'))).toBe('2026-03-09');
    expect(centreToday(new Date('2026-03-09T19:00:00Z'))).toBe('2026-03-10');
    expect(centreToday(new Date('2026-12-31T19:30:00Z'))).toBe('2027-01-01');
  });
});

describe('hhmm', () => {
  it('drops the seconds PostgreSQL adds', () => {
    expect(hhmm('09:30:00')).toBe('09:30');
    expect(hhmm('23:30')).toBe('23:30');
  });
});
