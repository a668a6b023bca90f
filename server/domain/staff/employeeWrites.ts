// POST /api/employees/ and PUT /api/employees/{id} (also PUT /auth/update/{id}/): one transaction each, audited.
// Who: DIRECTOR, MULTIPLE_FILIAL_MANAGER and FILIAL_Manager, the last two within their branches; only a director
// makes, edits or grants the DIRECTOR role, and nobody grants a page they cannot read themself (403).
// Archiving (is_archived with a reason) ends every session of the person at once.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  EMPLOYEE_WRITER_ROLES,
  employeeUpdateBody,
  type EmployeeDetail,
  type EmployeeUpdateBody,
  type employeeCreateBody,
  type employeePatchBody,
} from '../../../contract/employees';
import { PAGE_KEYS, type PageKey, type Role } from '../../../contract/roles';
import { hashPassword } from '../../auth/password';
import { revokeEmployeeSessions } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { employeeFilials, employeePages, employeeProfiles, employees, filials, subjects } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { forbidden, fieldMessages, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { insertEmployee } from './employeeInsert';
import type { Actor } from '../lessons/access';
import { allowedFilials } from '../core/scope';
import { assertMayChangeEmployee, protectedChanges } from './employeeAccess';
import { findEmployee, getEmployeeDetail } from './employeeRows';
import { roleDefaultPages } from './rolePages';

type CreateInput = z.output<typeof employeeCreateBody>;
type UpdateInput = z.output<typeof employeeUpdateBody>;
type PatchInput = z.output<typeof employeePatchBody>;
type Fields = Omit<CreateInput, 'password'>;

export function assertEmployeeWriter(user: AuthUser): void {
  if (!EMPLOYEE_WRITER_ROLES.includes(user.role) || !user.pages.has('employees')) throw forbidden();
}

const isDirector = (user: AuthUser) => user.role === 'DIRECTOR';

/** Branches must exist and lie in the writer's scope; a writer limited to some branches must name at least one. */
async function checkFilials(tx: Tx, user: AuthUser, ids: number[]): Promise<void> {
  const scope = allowedFilials(user);
  if (scope !== 'all' && ids.length === 0) throw fieldError('filials', 'validation.required');
  if (!ids.length) return;
  if (scope !== 'all' && ids.some((id) => !scope.includes(id))) throw fieldError('filials', 'validation.notFound');
  const found = await tx.select({ id: filials.id }).from(filials).where(and(inArray(filials.id, ids), eq(filials.isArchived, false)));
  if (found.length !== new Set(ids).size) throw fieldError('filials', 'validation.notFound');
}

async function checkSubject(tx: Tx, subject: number | null | undefined): Promise<void> {
  if (!subject) return;
  const [row] = await tx.select({ id: subjects.id }).from(subjects).where(and(eq(subjects.id, subject), eq(subjects.isArchived, false)));
  if (!row) throw fieldError('subject', 'validation.notFound');
}

async function checkPhoneFree(tx: Tx, phone: string, except?: number): Promise<void> {
  const [row] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.phone, phone));
  if (row && row.id !== except) throw fieldError('phone', 'validation.phoneTaken');
}

/**
 * The readable pages to store. Named pages: a non-director may add only pages they read themself (403 otherwise;
 * pages the person already had may stay). Not named: the role's defaults, less what a non-director cannot give.
 */
async function resolvePages(tx: Tx, user: AuthUser, role: Role, asked: PageKey[] | undefined, current: Set<PageKey>): Promise<PageKey[]> {
  if (!asked) {
    const defaults = await roleDefaultPages(tx, role);
    return isDirector(user) ? defaults : defaults.filter((p) => user.pages.has(p) || current.has(p));
  }
  if (!isDirector(user) && asked.some((p) => !user.pages.has(p) && !current.has(p))) throw forbidden('You cannot grant a page you do not have');
  return PAGE_KEYS.filter((k) => asked.includes(k));
}

function profileValues(body: Fields) {
  const kind = body.salary_kind ?? null;
  return {
    subjectId: body.subject ?? null,
    isCallOperator: body.is_call_operator,
    salaryKind: kind,
    salaryAmount: kind && kind !== 'percent' ? (body.salary_amount ?? null) : null,
    salaryPercent: kind === 'percent' ? (body.salary_percent ?? null) : null,
    workDays: [...body.work_days].sort((a, b) => a - b),
    workStart: body.work_start ?? null,
    workEnd: body.work_end ?? null,
  };
}

async function writePages(tx: Tx, id: number, readable: PageKey[]) {
  await tx.delete(employeePages).where(eq(employeePages.employeeId, id));
  await tx.insert(employeePages).values(PAGE_KEYS.map((page) => ({ employeeId: id, page, isReadable: readable.includes(page) })));
}

/** Unique-phone races end in the same 400 as the check before the insert. */
function phoneRace(err: unknown): never {
  const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  if (code === '23505') throw fieldError('phone', 'validation.phoneTaken');
  throw err;
}

export async function createEmployee(deps: { db: Db; scryptN: number }, actor: Actor, body: CreateInput): Promise<EmployeeDetail> {
  const { user } = actor;
  assertEmployeeWriter(user);
  if (body.role === 'DIRECTOR' && !isDirector(user)) throw forbidden('Only a director can add a director');
  const passwordHash = await hashPassword(body.password, deps.scryptN);
  return deps.db
    .transaction(async (tx) => {
      await checkFilials(tx, user, body.filials);
      await checkSubject(tx, body.subject);
      await checkPhoneFree(tx, body.phone);
      const pages = await resolvePages(tx, user, body.role, body.pages, new Set());
      const id = await insertEmployee(tx, {
        fullName: body.full_name,
        phone: body.phone,
        passwordHash,
        role: body.role,
        filialIds: [...new Set(body.filials)],
        pages: PAGE_KEYS.map((name) => ({ name, is_readable: pages.includes(name) })),
      });
      await tx.insert(employeeProfiles).values({ employeeId: id, ...profileValues(body) });
      // Visible to the writer: the branches lie in their scope (checkFilials).
      const created = await getEmployeeDetail(tx, user, id);
      await audit(tx, { actorId: user.id, action: 'employee.create', entity: 'employee', entityId: id, filialId: body.filials[0] ?? null, after: created, ip: actor.ip });
      return created;
    })
    .catch(phoneRace);
}

/**
 * The full update (PUT /api/employees/{id}, PUT /auth/update/{id}/, and any other path that names the person):
 * every field again, with the rules of this file and of employeeAccess.ts.
 */
export async function updateEmployee(deps: { db: Db; scryptN: number }, actor: Actor & { sessionId?: string }, id: number, body: UpdateInput): Promise<EmployeeDetail> {
  return writeEmployee(deps, actor, id, body.password, () => body);
}

/** The card as the full update's body: sending it back unchanged changes nothing. */
function cardAsBody(card: EmployeeDetail): EmployeeUpdateBody {
  return {
    full_name: card.full_name,
    phone: card.phone,
    role: card.role,
    filials: card.filials,
    pages: card.pages.filter((p) => p.is_readable).map((p) => p.name),
    subject: card.subject?.id ?? null,
    is_call_operator: card.is_call_operator,
    salary_kind: card.salary_kind,
    salary_amount: card.salary_amount,
    salary_percent: card.salary_percent,
    work_days: card.work_days,
    work_start: card.work_start,
    work_end: card.work_end,
  };
}

/**
 * PATCH /api/employees/{id}: only the fields sent change; the rest are read from the card in the same transaction
 * and the whole goes through the full update's rules (cross-field rules included: a new salary kind needs its
 * figure unless the card already has it; a new role without pages gets its default pages).
 */
export async function patchEmployee(deps: { db: Db; scryptN: number }, actor: Actor & { sessionId?: string }, id: number, patch: PatchInput): Promise<EmployeeDetail> {
  return writeEmployee(deps, actor, id, patch.password, (before) => {
    const base: EmployeeUpdateBody = cardAsBody(before);
    // A new role without pages gets the role's defaults, as in the full update.
    if (patch.role !== undefined && patch.role !== before.role && patch.pages === undefined) delete base.pages;
    const merged = employeeUpdateBody.safeParse({ ...base, ...stripUndefined(patch) });
    if (!merged.success) {
      const messages: Record<string, { key: string }[]> = {};
      for (const issue of merged.error.issues) (messages[String(issue.path[0] ?? 'non_field_errors')] ??= []).push({ key: issue.message });
      throw fieldMessages(messages);
    }
    return merged.data;
  });
}

const stripUndefined = <T extends object>(value: T) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

async function writeEmployee(
  deps: { db: Db; scryptN: number },
  actor: Actor & { sessionId?: string },
  id: number,
  password: string | undefined,
  bodyFor: (before: EmployeeDetail) => UpdateInput,
): Promise<EmployeeDetail> {
  const { user } = actor;
  assertEmployeeWriter(user);
  const passwordHash = password ? await hashPassword(password, deps.scryptN) : null;
  return deps.db
    .transaction(async (tx) => {
      await findEmployee(tx, user, id);
      await tx.select({ id: employees.id }).from(employees).where(eq(employees.id, id)).for('update');
      const before = await getEmployeeDetail(tx, user, id);
      const body = bodyFor(before);
      if (!isDirector(user) && (before.role === 'DIRECTOR' || body.role === 'DIRECTOR')) throw forbidden('Only a director can edit a director');
      if (body.is_archived === true && id === user.id) throw fieldError('is_archived', 'validation.archiveSelf');

      // Branches the writer cannot see stay as they are (sent back or not).
      const scope = allowedFilials(user);
      const hidden = scope === 'all' ? [] : before.filials.filter((f) => !scope.includes(f));
      const asked = body.filials.filter((f) => !hidden.includes(f));
      await checkFilials(tx, user, asked);
      const filialIds = [...new Set([...asked, ...hidden])];
      await checkSubject(tx, body.subject);
      await checkPhoneFree(tx, body.phone, id);
      const current = new Set(before.pages.filter((p) => p.is_readable).map((p) => p.name));
      const pages = await resolvePages(tx, user, body.role, body.pages ?? (body.role === before.role ? [...current] : undefined), current);
      const isArchived = body.is_archived ?? before.is_archived;
      const changes = protectedChanges(
        { role: before.role, filials: before.filials, pages: [...current], is_archived: before.is_archived },
        { role: body.role, filials: filialIds, pages, is_archived: isArchived, password: passwordHash !== null },
      );
      assertMayChangeEmployee(user, before, changes);

      const archiving = body.is_archived === true && !before.is_archived;
      const restoring = body.is_archived === false && before.is_archived;
      await tx
        .update(employees)
        .set({
          fullName: body.full_name,
          phone: body.phone,
          role: body.role,
          ...(passwordHash ? { passwordHash } : {}),
          ...(body.is_archived !== undefined ? { isArchived: body.is_archived } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(employees.id, id));
      await tx.delete(employeeFilials).where(eq(employeeFilials.employeeId, id));
      if (filialIds.length) await tx.insert(employeeFilials).values(filialIds.map((filialId) => ({ employeeId: id, filialId })));
      await writePages(tx, id, pages);
      const archive = archiving
        ? { archivedAt: sql`now()`, archivedReason: body.archive_reason ?? null }
        : restoring
          ? { archivedAt: null, archivedReason: null }
          : {};
      const values = { ...profileValues(body), ...archive, updatedAt: sql`now()` };
      await tx.insert(employeeProfiles).values({ employeeId: id, ...values }).onConflictDoUpdate({ target: employeeProfiles.employeeId, set: values });

      let revoked = 0;
      if (archiving) revoked = await revokeEmployeeSessions(tx, id, 'archived');
      else if (passwordHash) revoked = await revokeEmployeeSessions(tx, id, 'password_change', id === user.id ? actor.sessionId : undefined);

      const after = await getEmployeeDetail(tx, user, id);
      const action = archiving ? 'employee.archive' : restoring ? 'employee.restore' : 'employee.edit';
      await audit(tx, {
        actorId: user.id,
        action,
        entity: 'employee',
        entityId: id,
        filialId: before.filials[0] ?? null,
        before,
        after: { ...after, ...(passwordHash ? { password: 'changed' } : {}), ...(revoked ? { revoked_sessions: revoked } : {}) },
        ip: actor.ip,
      });
      return after;
    })
    .catch(phoneRace);
}
