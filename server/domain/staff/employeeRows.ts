// Reading employees for the employees area: the list rows and the card, limited to the caller's branch scope (an
// employee is visible when they share a branch with it; employees without branches only to an every-branch scope).
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { EmployeeDetail, EmployeeListItem } from '../../../contract/employees';
import { PAGE_KEYS } from '../../../contract/roles';
import type { DbOrTx } from '../../db/client';
import { employeeFilials, employeePages, employeeProfiles, employees, subjects } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { allowedFilials, type FilialScope } from '../core/scope';

export const filialIdsOf = sql<number[]>`(select coalesce(json_agg(${employeeFilials.filialId} order by ${employeeFilials.filialId}), '[]'::json) from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id})`;

/** Employees sharing a branch with `scope`; every employee for 'all'. */
export function employeeScopeWhere(scope: FilialScope): SQL | undefined {
  if (scope === 'all') return undefined;
  if (scope.length === 0) return sql`false`;
  return sql`exists (select 1 from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id} and ${inArray(employeeFilials.filialId, scope)})`;
}

export type EmployeeFilters = { role?: EmployeeListItem['role']; q?: string; is_archived?: boolean; subject?: number };

export function employeeFiltersWhere(f: EmployeeFilters): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (f.role) where.push(eq(employees.role, f.role));
  if (f.is_archived !== undefined) where.push(eq(employees.isArchived, f.is_archived));
  if (f.subject) where.push(eq(employeeProfiles.subjectId, f.subject));
  if (f.q) {
    const text = `%${f.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const digits = f.q.replace(/\D/g, '');
    where.push(or(ilike(employees.fullName, text), digits.length >= 2 ? ilike(employees.phone, `%${digits}%`) : undefined));
  }
  return and(...where);
}

const listColumns = {
  id: employees.id,
  full_name: employees.fullName,
  phone: employees.phone,
  role: employees.role,
  filials: filialIdsOf,
  photo: employees.photo,
  subject_id: subjects.id,
  subject_name: subjects.name,
  is_call_operator: sql<boolean>`coalesce(${employeeProfiles.isCallOperator}, false)`,
  is_archived: employees.isArchived,
  created_at: employees.createdAt,
};

type ListRow = { [K in keyof typeof listColumns]: unknown } & Record<string, unknown>;

export function toListItem(r: ListRow): EmployeeListItem {
  return {
    id: r.id as number,
    full_name: r.full_name as string,
    phone: r.phone as string,
    role: r.role as EmployeeListItem['role'],
    filials: (r.filials as number[]).map(Number),
    photo: r.photo ? { file: r.photo as string } : null,
    subject: r.subject_id ? { id: r.subject_id as number, name: r.subject_name as string } : null,
    is_call_operator: Boolean(r.is_call_operator),
    is_archived: r.is_archived as boolean,
    created_at: new Date(r.created_at as string | Date).toISOString(),
  };
}

export async function selectEmployeeRows(q: DbOrTx, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<EmployeeListItem[]> {
  const query = q
    .select(listColumns)
    .from(employees)
    .leftJoin(employeeProfiles, eq(employeeProfiles.employeeId, employees.id))
    .leftJoin(subjects, eq(subjects.id, employeeProfiles.subjectId))
    .where(where)
    .orderBy(employees.fullName, employees.id);
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  return rows.map(toListItem);
}

/** The employee when the user may see them; 404 otherwise (unknown and out-of-scope look the same). */
export async function findEmployee(q: DbOrTx, user: AuthUser, id: number): Promise<EmployeeListItem> {
  const [row] = await selectEmployeeRows(q, and(eq(employees.id, id), employeeScopeWhere(allowedFilials(user))));
  if (!row) throw notFound('Employee not found');
  return row;
}

const time = (v: string | null) => (v ? v.slice(0, 5) : null);

export async function getEmployeeDetail(q: DbOrTx, user: AuthUser, id: number): Promise<EmployeeDetail> {
  const item = await findEmployee(q, user, id);
  const [profile] = await q.select().from(employeeProfiles).where(eq(employeeProfiles.employeeId, id));
  const stored = await q.select({ page: employeePages.page }).from(employeePages).where(and(eq(employeePages.employeeId, id), eq(employeePages.isReadable, true)));
  const readable = new Set(stored.map((p) => p.page));
  return {
    ...item,
    pages: PAGE_KEYS.map((name) => ({ name, is_readable: readable.has(name) })),
    salary_kind: profile?.salaryKind ?? null,
    salary_amount: profile?.salaryAmount ?? null,
    salary_percent: profile?.salaryPercent ?? null,
    work_days: (profile?.workDays ?? [1, 2, 3, 4, 5, 6]).map(Number),
    work_start: time(profile?.workStart ?? null),
    work_end: time(profile?.workEnd ?? null),
    archived_at: profile?.archivedAt ? new Date(profile.archivedAt).toISOString() : null,
    archived_reason: profile?.archivedReason ?? null,
  };
}
