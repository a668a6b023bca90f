// Sign-in throttling kept in login_attempts, so every app process sees the same counters.
// A key's failures count in a fixed 15-minute window from its first failure; at the limit the key is locked
// until the window ends. Phones get few tries (password guessing against one account), addresses more
// (several staff behind one office NAT).
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { loginAttempts } from '../db/schema';

export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const MAX_PHONE_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;

export type ThrottleKey = { key: string; max: number };

export function throttleKeys(phone: string, address: string): ThrottleKey[] {
  return [
    { key: `phone:${phone}`, max: MAX_PHONE_FAILURES },
    { key: `ip:${address}`, max: MAX_ADDRESS_FAILURES },
  ];
}

const window = sql.raw(`interval '${THROTTLE_WINDOW_SECONDS} seconds'`);

/** Seconds until every key is unlocked; 0 when sign-in may be tried now. */
export async function secondsLocked(db: DbOrTx, keys: ThrottleKey[]): Promise<number> {
  const [row] = await db
    .select({ wait: sql<number | null>`ceil(max(extract(epoch from ${loginAttempts.lockedUntil} - now())))::int` })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys.map((k) => k.key)), gt(loginAttempts.lockedUntil, sql`now()`)));
  return Math.max(0, row?.wait ?? 0);
}

export async function recordFailure(db: DbOrTx, keys: ThrottleKey[]): Promise<void> {
  for (const { key, max } of keys) {
    // In ON CONFLICT ... SET the column references read the row as it was before this statement.
    const expired = sql`${loginAttempts.windowStart} <= now() - ${window}`;
    const failures = sql`CASE WHEN ${expired} THEN 1 ELSE ${loginAttempts.failures} + 1 END`;
    const start = sql`CASE WHEN ${expired} THEN now() ELSE ${loginAttempts.windowStart} END`;
    await db
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
      });
  }
}

export async function clearFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, key));
}
