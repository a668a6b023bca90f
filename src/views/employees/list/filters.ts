import { ROLES, type Role } from '../../../../contract/roles';
import type { EmployeeFilters } from '../../../api/employees';
import { intParam } from '../../common/useQueryParams';

/** The list's filters from the URL query (page, q, role, subject); unknown values are dropped. */
export function filtersFromQuery(params: URLSearchParams): EmployeeFilters {
  const role = params.get('role');
  const q = params.get('q')?.trim();
  return {
    page: intParam(params, 'page') ?? 1,
    ...(q ? { q } : {}),
    ...(role && (ROLES as readonly string[]).includes(role) ? { role: role as Role } : {}),
    ...(intParam(params, 'subject') ? { subject: intParam(params, 'subject') } : {}),
  };
}
