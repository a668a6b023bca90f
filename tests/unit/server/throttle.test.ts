// The sign-in throttling rules alone (server/auth/throttle.ts), with the time passed in: a pair (phone + address)
// locks, an address locks, a phone across addresses only slows down, and never from the user's own address.
// The simulation drives a stranger's guesses from many addresses with the clock moving forward and checks that
// the real user is never held up at their own address, and that guesses stay bounded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  KNOWN_ADDRESS_SECONDS,
  MAX_ADDRESS_FAILURES,
  MAX_PAIR_FAILURES,
  PHONE_FREE_FAILURES,
  PHONE_MAX_DELAY_SECONDS,
  THROTTLE_WINDOW_SECONDS,
  admit,
  giveBack,
  pairKey,
  slowDelay,
  throttleKeys,
  type Counter,
  type ThrottleKey,
} from '../../../server/auth/throttle';

const T0 = new Date('2026-03-02T09:00:00+05:00');
const at = (s: number) => new Date(T0.getTime() + s * 1000);

/** The in-memory counterpart of reserveAttempt / recordSuccess over the same pure rules. */
class Counters {
  rows = new Map<string, Counter>();
  known = new Map<string, Date>();
  /** 0 when the attempt reaches the password check (and counts), else the seconds to wait. */
  attempt(phone: string, address: string, now: Date, success: boolean): number {
    const seen = this.known.get(`${phone}|${address}`);
    const keys = throttleKeys(phone, address, Boolean(seen && now.getTime() - seen.getTime() < KNOWN_ADDRESS_SECONDS * 1000));
    const verdicts = keys.map((k) => [k, admit(k, this.rows.get(k.key), now)] as const);
    const wait = Math.max(0, ...verdicts.map(([, v]) => ('wait' in v ? v.wait : 0)));
    if (wait) return wait;
    for (const [k, v] of verdicts) if ('next' in v) this.rows.set(k.key, v.next);
    if (success) {
      for (const k of keys) {
        const row = this.rows.get(k.key)!;
        this.rows.set(k.key, k.key === pairKey(phone, address) ? { failures: 0, windowStart: now, lockedUntil: null } : giveBack(k, row));
      }
      this.known.set(`${phone}|${address}`, now);
    }
    return 0;
  }
}

const lockKey: ThrottleKey = { key: 'pair:x', kind: 'lock', max: MAX_PAIR_FAILURES };
const slowKey: ThrottleKey = { key: 'phone:x', kind: 'slow', free: PHONE_FREE_FAILURES, maxDelay: PHONE_MAX_DELAY_SECONDS };

describe('admit', () => {
  it('locks a lock key at its limit until 15 minutes after the first failure', () => {
    let row: Counter | undefined;
    for (let i = 0; i < MAX_PAIR_FAILURES; i++) {
      const v = admit(lockKey, row, at(i * 60));
      expect(v).toHaveProperty('next');
      row = (v as { next: Counter }).next;
    }
    expect(admit(lockKey, row, at(5 * 60))).toEqual({ wait: THROTTLE_WINDOW_SECONDS - 5 * 60 });
    expect(admit(lockKey, row, at(THROTTLE_WINDOW_SECONDS - 1))).toEqual({ wait: 1 });
    expect(admit(lockKey, row, at(THROTTLE_WINDOW_SECONDS))).toEqual({ next: { failures: 1, windowStart: at(THROTTLE_WINDOW_SECONDS), lockedUntil: null } });
  });

  it('spaces a slow key out 1, 2, 4 ... at most 60 seconds after its free failures, and never locks it longer', () => {
    expect([9, 10, 11, 12, 15, 16, 17, 100].map((n) => slowDelay(n, PHONE_FREE_FAILURES, PHONE_MAX_DELAY_SECONDS))).toEqual([0, 1, 2, 4, 32, 60, 60, 60]);
    let row: Counter | undefined;
    let now = 0;
    for (let i = 0; i < 40; i++) {
      const v = admit(slowKey, row, at(now));
      if ('wait' in v) {
        expect(v.wait).toBeLessThanOrEqual(PHONE_MAX_DELAY_SECONDS);
        now += v.wait;
        continue;
      }
      row = v.next;
    }
    // Quiet for the window: the count starts again.
    expect(admit(slowKey, row, at(now + THROTTLE_WINDOW_SECONDS + 60))).toEqual({ next: { failures: 1, windowStart: at(now + THROTTLE_WINDOW_SECONDS + 60), lockedUntil: null } });
  });

  it('gives a success its reservation back', () => {
    const locked = { failures: MAX_PAIR_FAILURES, windowStart: T0, lockedUntil: at(THROTTLE_WINDOW_SECONDS) };
    expect(giveBack(lockKey, locked)).toEqual({ failures: MAX_PAIR_FAILURES - 1, windowStart: T0, lockedUntil: null });
    const slowed = { failures: PHONE_FREE_FAILURES, windowStart: T0, lockedUntil: at(1) };
    expect(giveBack(slowKey, slowed)).toEqual({ failures: PHONE_FREE_FAILURES - 1, windowStart: T0, lockedUntil: null });
  });
});

describe('a stranger cannot lock a real user out', () => {
  const phone = '+998900000001';
  const own = '10.0.0.1';

  it('five wrong passwords from one address lock that address for the phone, not the user at their own', () => {
    const c = new Counters();
    for (let i = 0; i < MAX_PAIR_FAILURES; i++) expect(c.attempt(phone, '203.0.113.9', at(i), false)).toBe(0);
    expect(c.attempt(phone, '203.0.113.9', at(10), true)).toBeGreaterThan(0);
    expect(c.attempt(phone, own, at(10), true)).toBe(0);
  });

  it('from a new address the user waits at most a minute, whatever the stranger did', () => {
    const c = new Counters();
    for (let a = 0; a < 50; a++) for (let i = 0; i < MAX_PAIR_FAILURES; i++) c.attempt(phone, `203.0.113.${a}`, at(a), false);
    const wait = c.attempt(phone, '198.51.100.7', at(60), true);
    expect(wait).toBeLessThanOrEqual(PHONE_MAX_DELAY_SECONDS);
    expect(c.attempt(phone, '198.51.100.7', at(60 + wait), true)).toBe(0);
  });

  it('holds for any schedule of guesses from other addresses, with the clock moving forward', () => {
    const step = fc.record({
      address: fc.integer({ min: 0, max: 40 }),
      advance: fc.integer({ min: 0, max: 120 }),
      user: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 300 }), (steps) => {
        const c = new Counters();
        // The user signed in at their desk once, yesterday.
        expect(c.attempt(phone, own, at(-86_400), true)).toBe(0);
        let now = 0;
        const checked: number[] = [];
        for (const s of steps) {
          now += s.advance;
          if (s.user) {
            // At their own address the user is never held up by anyone else's guesses.
            if (c.attempt(phone, own, at(now), true) !== 0) return false;
          } else if (c.attempt(phone, `203.0.113.${s.address}`, at(now), false) === 0) checked.push(now);
        }
        // Guesses that reach the password check: in any 15 minutes at most the free ones, one a second while the
        // delay grows, then one a minute (plus the free failures again after a quiet window).
        const bound = PHONE_FREE_FAILURES + 6 + THROTTLE_WINDOW_SECONDS / PHONE_MAX_DELAY_SECONDS;
        for (const start of checked) if (checked.filter((t) => t >= start && t < start + THROTTLE_WINDOW_SECONDS).length > bound) return false;
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('an address still locks after 20 failures across phones', () => {
    const c = new Counters();
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) expect(c.attempt(`+9989000001${String(i).padStart(2, '0')}`, '203.0.113.1', at(i), false)).toBe(0);
    expect(c.attempt(phone, '203.0.113.1', at(30), true)).toBeGreaterThan(0);
    expect(c.attempt(phone, own, at(30), true)).toBe(0);
  });
});
