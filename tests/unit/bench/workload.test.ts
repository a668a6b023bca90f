import { describe, expect, it } from 'vitest';
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

  it('passes a soak whose last ten minutes are as quick as its first ten and that had no error', () => {
    const minutes = (p95s: number[]) => p95s.map((p95, minute) => ({ minute, p95, steps: 100, errors: 0 }));
    const steady = minutes([...Array(30)].map((_, i) => 40 + (i % 3)));
    expect(soakVerdict(steady, 0).passed).toBe(true);
    expect(soakVerdict(steady, 1).passed).toBe(false);
    const slower = minutes([...Array(30)].map((_, i) => (i < 20 ? 40 : 80)));
    expect(soakVerdict(slower, 0)).toMatchObject({ first: 40, last: 80, passed: false });
    expect(soakVerdict([], 0).passed).toBe(false);
  });
});
