// Sign-in throttling kept in login_attempts, so every app process sees the same counters.
// A key's failures count in a fixed 15-minute window from its first failure; at the limit the key is locked
// until the window ends. Phones get few tries (password guessing against one account), addresses more
// (several staff behind one office NAT).
//
// An attempt is counted before its password is checked (reserveAttempt), in one transaction whose upserts take
// the keys' row locks: parallel attempts queue on the counter, so no more than the limit ever reach the
// password check. A success gives its reservation back (releaseAttempt) or clears the phone (clearFailures).
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { loginAttempts } from '../db/schema';

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const MAX_PHONE_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;

export type ThrottleKey = { key: string; max: number };

export function throttleKeys(phone: string, address: string): ThrottleKey[] {
  // Always phone first, then address: every transaction locks the rows in the same order, so none deadlock.
  return [
    { key: `phone:${phone}`, max: MAX_PHONE_FAILURES },
    { key: `ip:${address}`, max: MAX_ADDRESS_FAILURES },
  ];
}

const window = sql.raw(`interval '${THROTTLE_WINDOW_SECONDS} seconds'`);

/** Thrown inside the reservation transaction to roll it back: a refused attempt is not counted. */
class Locked extends Error {
  constructor(readonly wait: number) {
    super('locked');
  }
}

/**
 * Counts one attempt on every key, atomically. Returns 0 when the attempt may check the password (it now counts
 * as a failure until released), or the seconds until the last locked key opens; then nothing is counted.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[]): Promise<number> {
  try {
    await db.transaction(async (tx) => {
      let wait = 0;
      for (const { key, max } of keys) {
        const row = await countAttempt(tx, key, max);
        if (row.failures > max) wait = Math.max(wait, row.wait ?? 1, 1);
      }
      if (wait > 0) throw new Locked(wait);
    });
    return 0;
  } catch (err) {
    if (err instanceof Locked) return err.wait;
    throw err;
  }
}

async function countAttempt(tx: DbOrTx, key: string, max: number): Promise<{ failures: number; wait: number | null }> {
  // In ON CONFLICT ... SET the column references read the row as it was before this statement.
  const expired = sql`${loginAttempts.windowStart} <= now() - ${window}`;
  const failures = sql`CASE WHEN ${expired} THEN 1 ELSE ${loginAttempts.failures} + 1 END`;
  const start = sql`CASE WHEN ${expired} THEN now() ELSE ${loginAttempts.windowStart} END`;
  const [row] = await tx
    .insert(loginAttempts)
    .values({
      key,
      failures: 1,
      windowStart: sql`now()`,
      lockedUntil: max <= 1 ? sql`now() + ${window}` : null,
    })
    .onConflictDoUpdate({
      target: loginAttempts.key,
      set: {
        failures,
        windowStart: start,
        lockedUntil: sql`CASE WHEN ${failures} >= ${max} THEN ${start} + ${window} ELSE NULL END`,
      },
    })
    .returning({
      failures: loginAttempts.failures,
      // now() is this transaction's start: a parallel attempt that began later may have opened the window, so the
      // lock can end a moment more than a window from now; the answer never promises a longer wait than the window.
      wait: sql<number | null>`least(ceil(extract(epoch from ${loginAttempts.lockedUntil} - now())), ${sql.raw(String(THROTTLE_WINDOW_SECONDS))})::int`,
    });
  return { failures: Number(row.failures), wait: row.wait === null ? null : Number(row.wait) };
}

/** Gives back one reserved attempt of a key that turned out to be a success. */
export async function releaseAttempt(db: DbOrTx, { key, max }: ThrottleKey): Promise<void> {
  // In UPDATE ... SET the column references read the row as it was before this statement.
  await db
    .update(loginAttempts)
    .set({
      failures: sql`greatest(${loginAttempts.failures} - 1, 0)`,
      lockedUntil: sql`CASE WHEN ${loginAttempts.failures} - 1 >= ${max} THEN ${loginAttempts.lockedUntil} ELSE NULL END`,
    })
    .where(eq(loginAttempts.key, key));
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
