// Loads the signed-in user for a request by primary keys, so a revoked session or an archived employee is
// refused at once rather than when the access token expires, and so is a session past its sliding expiry or
// its absolute deadline.
import { and, eq, sql } from 'drizzle-orm';
import type { PageKey, Role } from '../../contract/roles';
import type { Db } from '../db/client';
import { employeeFilials, employeePages, employees, sessions } from '../db/schema';
import type { AuthUser } from '../http/context';
import { sessionIsLive } from './sessions';
import type { AccessClaims } from './tokens';

export async function loadSessionUser(db: Db, claims: AccessClaims, maxAgeSeconds: number): Promise<AuthUser | null> {
  const [row] = await db
    .select({
      id: employees.id,
      role: employees.role,
      filialIds: sql<number[]>`(select coalesce(json_agg(${employeeFilials.filialId} order by ${employeeFilials.filialId}), '[]'::json) from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id})`,
      pages: sql<string[]>`(select coalesce(json_agg(${employeePages.page}), '[]'::json) from ${employeePages} where ${employeePages.employeeId} = ${employees.id} and ${employeePages.isReadable})`,
    })
    .from(sessions)
    .innerJoin(employees, eq(employees.id, sessions.employeeId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.employeeId, claims.employeeId),
        sessionIsLive(maxAgeSeconds),
        eq(employees.isArchived, false),
      ),
    );
  if (!row) return null;
  return {
    id: row.id,
    role: row.role as Role,
    filialIds: row.filialIds.map(Number),
    pages: new Set(row.pages as PageKey[]),
  };
}
