// Employees as the auth area sees them: the current user (`me`), the role list and password changes.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Me, RoleListItem, rolesQuery } from '../../../contract/auth';
import { PAGE_KEYS, type Role } from '../../../contract/roles';
import { hashPassword } from '../../auth/password';
import { revokeEmployeeSessions } from '../../auth/sessions';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { employeeFilials, employeePages, employeeProfiles, employees } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { forbidden, notFound } from '../core/errors';
import { audit } from '../audit/record';
import { resolveFilial } from '../core/scope';
import { assertMayChangeEmployee } from './employeeAccess';
import { findEmployee } from './employeeRows';
import { assertEmployeeWriter } from './employeeWrites';

const filialIdsOf = sql<number[]>`(select coalesce(json_agg(${employeeFilials.filialId} order by ${employeeFilials.filialId}), '[]'::json) from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id})`;

const photo = (file: string | null) => (file ? { file } : null);

export async function getMe(db: Db, employeeId: number): Promise<Me> {
  const [row] = await db
    .select({
      id: employees.id,
      role: employees.role,
      full_name: employees.fullName,
      phone: employees.phone,
      photo: employees.photo,
      filial: filialIdsOf,
    })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!row) throw notFound('Employee not found');
  const stored = await db
    .select({ page: employeePages.page, isReadable: employeePages.isReadable })
    .from(employeePages)
    .where(eq(employeePages.employeeId, employeeId));
  const readable = new Set(stored.filter((p) => p.isReadable).map((p) => p.page));
  return {
    ...row,
    photo: photo(row.photo),
    filial: row.filial.map(Number),
    pages: PAGE_KEYS.map((name) => ({ name, is_readable: readable.has(name) })),
  };
}

export type RolesQuery = z.output<typeof rolesQuery>;

/**
 * Employees for pickers and lists, limited to those sharing a branch with the caller's scope (every employee
 * for a director). `filial` outside the scope answers 404; `subject` is the teacher's subject (employee
 * profiles); `is_call_operator` means the CALL_OPERATOR role or a profile marked as taking calls.
 */
export async function listRoles(db: Db, user: AuthUser, query: RolesQuery): Promise<RoleListItem[]> {
  const scope = resolveFilial(user, query.filial);
  const where: (SQL | undefined)[] = [];
  if (scope !== 'all') {
    where.push(
      sql`exists (select 1 from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id} and ${inArray(employeeFilials.filialId, scope)})`,
    );
  }
  if (query.role) where.push(eq(employees.role, query.role));
  // A call operator by role, or anyone whose profile says they take calls.
  const takesCalls = sql`(${employees.role} = ${'CALL_OPERATOR' satisfies Role} or coalesce(${employeeProfiles.isCallOperator}, false))`;
  if (query.is_call_operator === true) where.push(takesCalls);
  if (query.is_call_operator === false) where.push(sql`not ${takesCalls}`);
  if (query.subject) where.push(eq(employeeProfiles.subjectId, query.subject));
  if (query.is_archived !== undefined) where.push(eq(employees.isArchived, query.is_archived));

  const rows = await db
    .select({
      id: employees.id,
      full_name: employees.fullName,
      phone: employees.phone,
      role: employees.role,
      filial: filialIdsOf,
      photo: employees.photo,
      is_archived: employees.isArchived,
    })
    .from(employees)
    .leftJoin(employeeProfiles, eq(employeeProfiles.employeeId, employees.id))
    .where(and(...where))
    .orderBy(asc(employees.fullName), asc(employees.id));
  return rows.map((r) => ({ ...r, filial: r.filial.map(Number), photo: photo(r.photo) }));
}

/**
 * PATCH /auth/update/{id}/ with a password: the employee themself; for someone else, the employee writers under
 * the same rule as every other update path (staff/employeeAccess.ts): a director for anyone, a branch manager only
 * for a colleague all of whose branches are among their own. Changing your own password ends your other sessions;
 * a change for someone else ends all of that person's sessions.
 */
export async function changePassword(
  deps: { db: Db; config: Config },
  actor: { user: AuthUser; sessionId: string; ip: string },
  employeeId: number,
  password: string,
): Promise<{ id: number }> {
  const { user } = actor;
  const self = user.id === employeeId;
  const writer = !self && user.role !== 'DIRECTOR';
  // Non-writers learn nothing about other ids, existing or not.
  if (writer) assertEmployeeWriter(user);
  const [target] = await deps.db.select({ id: employees.id }).from(employees).where(eq(employees.id, employeeId));
  if (!target) throw notFound('Employee not found');

  const passwordHash = await hashPassword(password, deps.config.scryptN);
  await deps.db.transaction(async (tx) => {
    if (writer) {
      // The row lock holds the person's branches still until the new hash is written (updates take it too).
      await tx.select({ id: employees.id }).from(employees).where(eq(employees.id, employeeId)).for('update');
      const person = await findEmployee(tx, user, employeeId);
      if (person.role === 'DIRECTOR') throw forbidden('Only a director can edit a director');
      assertMayChangeEmployee(user, person, ['password']);
    }
    await tx.update(employees).set({ passwordHash, updatedAt: sql`now()` }).where(eq(employees.id, employeeId));
    const revoked = await revokeEmployeeSessions(tx, employeeId, 'password_change', self ? actor.sessionId : undefined);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'employee.password_change',
      entity: 'employee',
      entityId: employeeId,
      // Never the hashes: the log says that it changed and what it ended.
      after: { password: 'changed', revoked_sessions: revoked },
      ip: actor.ip,
    });
  });
  return { id: employeeId };
}
