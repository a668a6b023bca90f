import { describe, expect, it } from 'vitest';
import { stepTimes } from '../../../bench/workload/arrivals';
import { runAfternoon } from '../../../bench/workload/discover';
import { ROLE_MIX, sessionRoles } from '../../../bench/workload/roles';
import { soakVerdict } from '../../../bench/workload/soak';

describe('staff workload', () => {
  it('gives every number of sessions the roles of a centre in their proportions', () => {
    for (const n of [1, 7, 100, 250, 2000, 2501]) {
      const roles = sessionRoles(n);
      expect(roles).toHaveLength(n);
      for (const [role, share] of Object.entries(ROLE_MIX)) {
        const count = roles.filter((r) => r === role).length;
        expect(Math.abs(count - (n * share) / 100)).toBeLessThan(1);
      }
    }
    expect(sessionRoles(2000).filter((r) => r === 'ADMINISTRATOR')).toHaveLength(700);
  });

  it('brings many sessions’ steps at the stage’s steady rate from its first second', () => {
    // 5,000 sessions of 10 s think time: 500 steps a second. Counted per 2.5 s over the first three think times.
    let x = 12345;
    const random = () => {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      return (x >>> 0) / 4294967296;
    };
    const bins = new Array(12).fill(0);
    for (let s = 0; s < 5000; s++) {
      for (const t of stepTimes(random, 10_000)) {
        if (t >= 30_000) break;
        bins[Math.floor(t / 2500)]++;
      }
    }
    // The exponential is cut at 40 s: a hair under 500 a second throughout, and no rise near the first 10 s.
    for (const n of bins) expect(n / 2.5).toBeGreaterThan(450);
    for (const n of bins) expect(n / 2.5).toBeLessThan(540);
  });

  it('passes a soak whose last ten minutes are as quick as its first ten and that had no error', () => {
    const minutes = (p95s: number[]) => p95s.map((p95, minute) => ({ minute, p95, steps: 100, errors: 0 }));
    const steady = minutes([...Array(30)].map((_, i) => 40 + (i % 3)));
    expect(soakVerdict(steady, 0).passed).toBe(true);
    expect(soakVerdict(steady, 1).passed).toBe(false);
    const slower = minutes([...Array(30)].map((_, i) => (i < 20 ? 40 : 80)));
    expect(soakVerdict(slower, 0)).toMatchObject({ first: 40, last: 80, passed: false });
    expect(soakVerdict([], 0).passed).toBe(false);
  });

  it('runs at the latest Tashkent afternoon already past, never at one the real clock has not reached', () => {
    // 20:00 in Tashkent: today's 17:30 has passed.
    expect(runAfternoon(new Date('2026-11-27T15:00:00Z'))).toEqual({ date: '2026-11-27', now: '2026-11-27T17:30:00+05:00' });
    // 00:30 on the 28th in Tashkent (19:30 UTC on the 27th): the 27th's afternoon, not the 28th's.
    expect(runAfternoon(new Date('2026-11-27T19:30:00Z'))).toEqual({ date: '2026-11-27', now: '2026-11-27T17:30:00+05:00' });
    // 09:00 in Tashkent: yesterday's.
    expect(runAfternoon(new Date('2026-11-28T04:00:00Z'))).toEqual({ date: '2026-11-27', now: '2026-11-27T17:30:00+05:00' });
    expect(runAfternoon(new Date('2026-11-28T12:30:00Z')).date).toBe('2026-11-28');
  });
});
