// Sign-in throttling kept in login_attempts, so every app process sees the same counters (docs/sessions-security.md,
// "Sign-in throttling"). Three counters, so that a stranger cannot lock a real user out:
//
// - phone + address ("pair"): 5 failures in 15 minutes lock that phone *from that address* until the window ends.
//   A stranger guessing elsewhere never touches the pair of the user's own address.
// - address: 20 failures across phones lock the address (one office NAT holds several staff).
// - phone across addresses: only slows attempts down. After 10 failures (quiet for 15 minutes: the count starts
//   again) each further attempt waits 1, 2, 4 ... at most 60 seconds after the previous one. It does not apply
//   from an address the phone signed in from in the last 30 days, so a user at their own desk is never held up by
//   guesses from elsewhere, and one on a new address is slowed, never locked out.
//
// An attempt is counted before its password is checked (reserveAttempt), in one transaction that locks the keys'
// rows in a fixed order (pair, phone, address; so none deadlock): parallel attempts queue on the counters, so no
// more than the limits ever reach the password check. The rules are pure functions of the stored counter and the
// time (`admit`), which the caller passes in.
import { inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { loginAttempts } from '../db/schema';

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const MAX_PAIR_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;
/** Failures of one phone across addresses before attempts from unknown addresses are spaced out. */
export const PHONE_FREE_FAILURES = 10;
export const PHONE_MAX_DELAY_SECONDS = 60;
/** How long an address where the phone signed in counts as the user's own. */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;

/** `lock`: at `max` failures in a window from the first, locked until it ends. `slow`: see the file's head. */
export type ThrottleKey = { key: string; kind: 'lock'; max: number } | { key: string; kind: 'slow'; free: number; maxDelay: number };

/**
 * A stored counter. For `lock` keys `windowStart` is the first failure of the window and `lockedUntil` its end once
 * locked; for `slow` keys `windowStart` is the last counted attempt and `lockedUntil` the earliest next one.
 */
export type Counter = { failures: number; windowStart: Date; lockedUntil: Date | null };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const plus = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

/** The wait after `failures` failures of a slow key: 1, 2, 4 ... seconds, at most `maxDelay`. */
export function slowDelay(failures: number, free: number, maxDelay: number): number {
  if (failures < free) return 0;
  return Math.min(maxDelay, 2 ** Math.min(failures - free, 30));
}

/**
 * The rule for one key: refused with the seconds to wait (nothing counted), or admitted with the counter as it
 * becomes when this attempt is counted as a failure (a success gives it back afterwards).
 */
export function admit(key: ThrottleKey, stored: Counter | undefined, now: Date): { wait: number } | { next: Counter } {
  const window = THROTTLE_WINDOW_SECONDS;
  // A window ends 15 minutes after its first failure (lock) or after the last attempt (slow).
  const live = stored && stored.failures > 0 && now.getTime() < plus(stored.windowStart, window).getTime() ? stored : undefined;
  if (live?.lockedUntil && now < live.lockedUntil) return { wait: Math.min(seconds(live.lockedUntil.getTime() - now.getTime()), window) };
  const failures = (live?.failures ?? 0) + 1;
  if (key.kind === 'lock') {
    const windowStart = live?.windowStart ?? now;
    return { next: { failures, windowStart, lockedUntil: failures >= key.max ? plus(windowStart, window) : null } };
  }
  const delay = slowDelay(failures, key.free, key.maxDelay);
  return { next: { failures, windowStart: now, lockedUntil: delay ? plus(now, delay) : null } };
}

/** The counter as it was before one admitted attempt that turned out to be a success. */
export function giveBack(key: ThrottleKey, counter: Counter): Counter {
  const failures = Math.max(counter.failures - 1, 0);
  if (key.kind === 'lock') return { ...counter, failures, lockedUntil: failures >= key.max ? counter.lockedUntil : null };
  const delay = slowDelay(failures, key.free, key.maxDelay);
  return { ...counter, failures, lockedUntil: delay ? counter.lockedUntil : null };
}

export const pairKey = (phone: string, address: string) => `pair:${phone}|${address}`;
export const knownKey = (phone: string, address: string) => `known:${phone}|${address}`;

/** The keys an attempt counts on, in the order every transaction locks them. */
export function throttleKeys(phone: string, address: string, knownAddress: boolean): ThrottleKey[] {
  return [
    { key: pairKey(phone, address), kind: 'lock', max: MAX_PAIR_FAILURES },
    ...(knownAddress ? [] : [{ key: `phone:${phone}`, kind: 'slow', free: PHONE_FREE_FAILURES, maxDelay: PHONE_MAX_DELAY_SECONDS } as const]),
    { key: `ip:${address}`, kind: 'lock', max: MAX_ADDRESS_FAILURES },
  ];
}

/** Did the phone sign in from this address within KNOWN_ADDRESS_SECONDS? */
export async function isKnownAddress(db: DbOrTx, phone: string, address: string, now: Date): Promise<boolean> {
  const [row] = await db.select({ at: loginAttempts.windowStart }).from(loginAttempts).where(inArray(loginAttempts.key, [knownKey(phone, address)]));
  return Boolean(row && now.getTime() - row.at.getTime() < KNOWN_ADDRESS_SECONDS * 1000);
}

/** Thrown inside the reservation transaction to roll it back: a refused attempt is not counted. */
class Locked extends Error {
  constructor(readonly wait: number) {
    super('locked');
  }
}

/** Locks the key's row (made empty when missing) and reads it. */
async function lockCounter(tx: DbOrTx, key: string, now: Date): Promise<Counter> {
  const [row] = await tx
    .insert(loginAttempts)
    .values({ key, failures: 0, windowStart: now, lockedUntil: null })
    // A no-op update takes the row lock and returns the stored values.
    .onConflictDoUpdate({ target: loginAttempts.key, set: { key: sql`excluded.key` } })
    .returning({ failures: loginAttempts.failures, windowStart: loginAttempts.windowStart, lockedUntil: loginAttempts.lockedUntil });
  return { failures: Number(row.failures), windowStart: row.windowStart, lockedUntil: row.lockedUntil };
}

async function store(tx: DbOrTx, key: string, counter: Counter): Promise<void> {
  await tx
    .update(loginAttempts)
    .set({ failures: counter.failures, windowStart: counter.windowStart, lockedUntil: counter.lockedUntil })
    .where(inArray(loginAttempts.key, [key]));
}

/**
 * Counts one attempt on every key, atomically. Returns 0 when the attempt may check the password (it now counts
 * as a failure until given back), or the seconds until the longest refusal ends; then nothing is counted.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[], now: Date): Promise<number> {
  try {
    await db.transaction(async (tx) => {
      let wait = 0;
      const admitted: [string, Counter][] = [];
      for (const key of keys) {
        const verdict = admit(key, await lockCounter(tx, key.key, now), now);
        if ('wait' in verdict) wait = Math.max(wait, verdict.wait);
        else admitted.push([key.key, verdict.next]);
      }
      if (wait > 0) throw new Locked(wait);
      for (const [key, counter] of admitted) await store(tx, key, counter);
    });
    return 0;
  } catch (err) {
    if (err instanceof Locked) return err.wait;
    throw err;
  }
}

/** After a success: the pair starts again, the phone's and the address's counters get this attempt back. */
export async function recordSuccess(tx: DbOrTx, keys: ThrottleKey[], phone: string, address: string, now: Date): Promise<void> {
  for (const key of keys) {
    const counter = await lockCounter(tx, key.key, now);
    await store(tx, key.key, key.key === pairKey(phone, address) ? { failures: 0, windowStart: now, lockedUntil: null } : giveBack(key, counter));
  }
  // This address is now the user's own for the per-phone slow-down.
  await tx
    .insert(loginAttempts)
    .values({ key: knownKey(phone, address), failures: 0, windowStart: now, lockedUntil: null })
    .onConflictDoUpdate({ target: loginAttempts.key, set: { windowStart: now } });
}
