import { describe, expect, it } from 'vitest';
import { financeKeys } from '../../../../src/api/finance';
import { statsPeriod } from '../../../../src/views/cashiers/detail/statsPeriod';
import { centreToday } from '../../../../contract/centreDay';

describe('the cashier statistics period', () => {
  it('is the centre’s current month when the query has no dates, so the first request carries them', () => {
    expect(statsPeriod({}, '2026-11-26')).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(statsPeriod({}, '2028-02-10')).toEqual({ start_date: '2028-02-01', end_date: '2028-02-29' });
    expect(statsPeriod({}, '2026-12-31')).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31' });
    // The query key of the first request names both dates (no undefined hole that the server fills differently).
    expect(financeKeys.stats(7, statsPeriod({}, '2026-11-26'))).toEqual(['finance', 'cashier', 7, 'stats', { start_date: '2026-11-01', end_date: '2026-11-30' }]);
  });

  it('keeps the dates in the query, and fills a missing one from the month of the other', () => {
    expect(statsPeriod({ start_date: '2026-10-05', end_date: '2026-11-02' }, '2026-11-26')).toEqual({ start_date: '2026-10-05', end_date: '2026-11-02' });
    expect(statsPeriod({ start_date: '2026-09-10' }, '2026-11-26')).toEqual({ start_date: '2026-09-10', end_date: '2026-09-30' });
    expect(statsPeriod({ end_date: '2026-10-15' }, '2026-11-26')).toEqual({ start_date: '2026-10-01', end_date: '2026-10-15' });
  });

  it('takes today from the centre’s calendar (Asia/Tashkent, UTC+5), whatever the device’s zone', () => {
    expect(centreToday(new Date('2026-11-30T18:59:59Z'))).toBe('2026-11-30');
    expect(centreToday(new Date('2026-11-30T19:00:00Z'))).toBe('2026-12-01');
    expect(statsPeriod({}, centreToday(new Date('2026-11-30T19:30:00Z')))).toEqual({ start_date: '2026-12-01', end_date: '2026-12-31' });
  });
});
