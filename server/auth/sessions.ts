// Sessions: one row per sign-in, a refresh-token family. Revocation lives here, in the database, so every
// app process refuses a revoked session on its next request.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { employees, sessions } from '../db/schema';

export type RevokeReason = 'logout' | 'reuse' | 'password_change' | 'archived';

const expiresIn = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export async function createSession(
  tx: DbOrTx,
  input: { employeeId: number; ttlSeconds: number; userAgent: string | null; ip: string },
): Promise<{ sessionId: string; jti: string }> {
  const jti = randomUUID();
  const [row] = await tx
    .insert(sessions)
    .values({
      employeeId: input.employeeId,
      currentJti: jti,
      expiresAt: expiresIn(input.ttlSeconds),
      userAgent: input.userAgent?.slice(0, 500) ?? null,
      ip: input.ip,
    })
    .returning({ id: sessions.id });
  return { sessionId: row.id, jti };
}

/**
 * Swaps the family's current token id in one conditional UPDATE, so two processes cannot both accept the same
 * refresh token. Returns the new jti, or null when the token is not the current one of a live session of an
 * active employee.
 */
export async function rotateSession(
  tx: DbOrTx,
  input: { sessionId: string; employeeId: number; jti: string; ttlSeconds: number },
): Promise<string | null> {
  const next = randomUUID();
  const rows = await tx
    .update(sessions)
    .set({ currentJti: next, lastUsedAt: sql`now()`, expiresAt: expiresIn(input.ttlSeconds) })
    .where(
      and(
        eq(sessions.id, input.sessionId),
        eq(sessions.employeeId, input.employeeId),
        eq(sessions.currentJti, input.jti),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        sql`exists (select 1 from ${employees} where ${employees.id} = ${sessions.employeeId} and not ${employees.isArchived})`,
      ),
    )
    .returning({ id: sessions.id });
  return rows.length === 1 ? next : null;
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
