// GET /api/employees/ (paged, by name) and the card GET /api/employees/{id}.
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { EmployeeListItem, employeesQuery } from '../../../contract/employees';
import type { DbOrTx } from '../../db/client';
import { employeeProfiles, employees } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { resolveFilial } from '../core/scope';
import { employeeFiltersWhere, employeeScopeWhere, selectEmployeeRows } from './employeeRows';

export async function listEmployees(q: DbOrTx, user: AuthUser, query: z.output<typeof employeesQuery>, url: string): Promise<Page<EmployeeListItem>> {
  const where = and(employeeScopeWhere(resolveFilial(user, query.filial)), employeeFiltersWhere(query));
  const [{ n }] = await q
    .select({ n: count() })
    .from(employees)
    .leftJoin(employeeProfiles, eq(employeeProfiles.employeeId, employees.id))
    .where(where);
  const results = await selectEmployeeRows(q, where, { limit: query.page_size, offset: pageOffset(query) });
  return toPage(url, query, n, results);
}
