// Loads the signed-in user for a request by primary keys, so a revoked session or an archived employee is
// refused at once rather than when the access token expires, and so is a session past its sliding expiry or
// its absolute deadline.
import { and, eq, sql } from 'drizzle-orm';
import type { PageKey, Role } from '../../contract/roles';
import type { Db } from '../db/client';
import { employeeFilials, employeePages, employees, sessions } from '../db/schema';
import type { AuthUser } from '../domain/core/actor';
import { sessionIsLive } from './sessions';
import type { AccessClaims } from './tokens';

// Every request runs this statement, so it is built once per database and session age and prepared by name: the
// query builder's work and PostgreSQL's planning are not repeated per request.
function buildLookup(db: Db, maxAgeSeconds: number) {
  return db
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
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.employeeId, sql.placeholder('employeeId')),
        sessionIsLive(maxAgeSeconds),
        eq(employees.isArchived, false),
      ),
    )
    .prepare(`markaz_session_user_${maxAgeSeconds}`);
}

const lookups = new WeakMap<Db, Map<number, ReturnType<typeof buildLookup>>>();

function lookupFor(db: Db, maxAgeSeconds: number) {
  let byAge = lookups.get(db);
  if (!byAge) lookups.set(db, (byAge = new Map()));
  let lookup = byAge.get(maxAgeSeconds);
  if (!lookup) byAge.set(maxAgeSeconds, (lookup = buildLookup(db, maxAgeSeconds)));
  return lookup;
}

export async function loadSessionUser(db: Db, claims: AccessClaims, maxAgeSeconds: number): Promise<AuthUser | null> {
  const [row] = await lookupFor(db, maxAgeSeconds).execute({ sessionId: claims.sessionId, employeeId: claims.employeeId });
  if (!row) return null;
  return {
    id: row.id,
    role: row.role as Role,
    filialIds: row.filialIds.map(Number),
    pages: new Set(row.pages as PageKey[]),
  };
}
