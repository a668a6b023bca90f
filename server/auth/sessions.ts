// Sessions: one row per sign-in, a refresh-token family. Revocation lives here, in the database, so every
// app process refuses a revoked session on its next request. A session ends at the first of: its sliding expiry
// (expires_at, pushed forward by each refresh), its absolute deadline (created_at + the maximum session age,
// never pushed) and revocation.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { employees, sessions } from '../db/schema';

export type RevokeReason = 'logout' | 'reuse' | 'password_change' | 'archived';

const expiresIn = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/** The session's absolute deadline: sign-in time plus the maximum session age. */
export const sessionDeadline = (maxAgeSeconds: number) =>
  sql`(${sessions.createdAt} + make_interval(secs => ${maxAgeSeconds}))`;

// bigint: an int would overflow in 2038 for a long SESSION_MAX_AGE.
const epochSeconds = (at: SQL) => sql<number | string>`floor(extract(epoch from ${at}))::bigint`;

/** Live: not revoked, within its sliding expiry and its absolute deadline. */
export function sessionIsLive(maxAgeSeconds: number): SQL {
  return and(
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessionDeadline(maxAgeSeconds), sql`now()`),
  )!;
}

export async function createSession(
  tx: DbOrTx,
  input: { employeeId: number; ttlSeconds: number; maxAgeSeconds: number; userAgent: string | null; ip: string },
): Promise<{ sessionId: string; jti: string; notAfter: number }> {
  const jti = randomUUID();
  const [row] = await tx
    .insert(sessions)
    .values({
      employeeId: input.employeeId,
      currentJti: jti,
      expiresAt: sql`least(${expiresIn(input.ttlSeconds)}, ${expiresIn(input.maxAgeSeconds)})`,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      ip: input.ip,
    })
    .returning({ id: sessions.id, notAfter: epochSeconds(sessionDeadline(input.maxAgeSeconds)) });
  return { sessionId: row.id, jti, notAfter: Number(row.notAfter) };
}

/**
 * Swaps the family's current token id in one conditional UPDATE, so two processes cannot both accept the same
 * refresh token. The sliding expiry moves forward but never past the absolute deadline. Returns the new jti and
 * that deadline (epoch seconds), or null when the token is not the current one of a live session of an active
 * employee.
 */
export async function rotateSession(
  tx: DbOrTx,
  input: { sessionId: string; employeeId: number; jti: string; ttlSeconds: number; maxAgeSeconds: number },
): Promise<{ jti: string; notAfter: number } | null> {
  const next = randomUUID();
  const deadline = sessionDeadline(input.maxAgeSeconds);
  const rows = await tx
    .update(sessions)
    .set({ currentJti: next, lastUsedAt: sql`now()`, expiresAt: sql`least(${expiresIn(input.ttlSeconds)}, ${deadline})` })
    .where(
      and(
        eq(sessions.id, input.sessionId),
        eq(sessions.employeeId, input.employeeId),
        eq(sessions.currentJti, input.jti),
        sessionIsLive(input.maxAgeSeconds),
        sql`exists (select 1 from ${employees} where ${employees.id} = ${sessions.employeeId} and not ${employees.isArchived})`,
      ),
    )
    .returning({ notAfter: epochSeconds(deadline) });
  return rows.length === 1 ? { jti: next, notAfter: Number(rows[0].notAfter) } : null;
}

/** Revokes the session when it is live and its current token differs from `jti`; true when it did. */
export async function revokeOnReuse(tx: DbOrTx, sessionId: string, jti: string): Promise<boolean> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'reuse' satisfies RevokeReason })
    .where(and(eq(sessions.id, sessionId), ne(sessions.currentJti, jti), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function revokeSession(tx: DbOrTx, sessionId: string, reason: RevokeReason): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of an employee, except `keepSessionId` when given. */
export async function revokeEmployeeSessions(
  tx: DbOrTx,
  employeeId: number,
  reason: RevokeReason,
  keepSessionId?: string,
): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessions.employeeId, employeeId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length;
}
