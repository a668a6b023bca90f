// Employees (spec section 7, "Auth and employees"): GET /api/employees/ (the list with its filters), the card,
// what archiving would orphan, create / full update (archive with a reason), photos, the director's default pages
// per role, and an employee's comments (/comments/stuff/). Paths sit below the API base: /api/employees/ here is
// /api/api/employees/ on the wire, like /api/v2/students.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { commentItem, commentPage } from '../../contract/comments';
import { paged } from '../../contract/common';
import {
  employeeDetail,
  employeeListItem,
  relatedObjects,
  rolePagesList,
  type EmployeeCreateBody,
  type EmployeeDetail,
  type EmployeeUpdateBody,
  type RolePagesItem,
} from '../../contract/employees';
import type { PageKey, Role } from '../../contract/roles';
import { api } from './http';
import { queryClient } from './queryClient';

export type { EmployeeDetail, EmployeeListItem, RelatedObjects, RolePagesItem } from '../../contract/employees';

export type EmployeeFilters = { page: number; role?: Role; q?: string; subject?: number };

const listPage = paged(employeeListItem);

export const employeeKeys = {
  all: ['employees'] as const,
  list: (archived: boolean, filters: EmployeeFilters, filial: number | null) => ['employees', 'list', archived, filial, filters] as const,
  detail: (id: number) => ['employees', 'detail', id] as const,
  related: (id: number) => ['employees', 'related', id] as const,
  rolePages: ['employees', 'role-pages'] as const,
  comments: (id: number, page: number) => ['employees', 'comments', id, page] as const,
};

/** GET /api/employees/?page&filial&role&q&subject&is_archived: one page of the branch's employees. */
export function useEmployeesPage(archived: boolean, filters: EmployeeFilters, filial: number | null) {
  return useQuery({
    queryKey: employeeKeys.list(archived, filters, filial),
    queryFn: () => api.get('/api/employees/', { params: { ...filters, filial, is_archived: archived }, schema: listPage }),
    enabled: filial !== null,
    placeholderData: keepPreviousData,
  });
}

export function useEmployee(id: number | undefined) {
  return useQuery({
    queryKey: employeeKeys.detail(id ?? 0),
    queryFn: () => api.get(`/api/employees/${id}`, { schema: employeeDetail }),
    enabled: id !== undefined,
  });
}

export function fetchRelatedObjects(id: number) {
  return api.get(`/api/employees/${id}/related_objects`, { schema: relatedObjects });
}

/** The defaults per role (the add dialog pre-fills the pages checklist from them; /control/roles edits them). */
export function useRolePages() {
  return useQuery({ queryKey: employeeKeys.rolePages, queryFn: () => api.get('/api/employees/roles/pages', { schema: rolePagesList }), staleTime: 60_000 });
}

export async function saveRolePages(body: { role: Role; pages: PageKey[] }[]): Promise<RolePagesItem[]> {
  const saved = await api.put('/api/employees/roles/pages', body, { schema: rolePagesList });
  queryClient.setQueryData(employeeKeys.rolePages, saved);
  return saved;
}

async function refreshEmployees(saved: EmployeeDetail) {
  queryClient.setQueryData(employeeKeys.detail(saved.id), saved);
  await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
}

export async function createEmployee(body: EmployeeCreateBody): Promise<EmployeeDetail> {
  const saved = await api.post('/api/employees/', body, { schema: employeeDetail });
  await refreshEmployees(saved);
  return saved;
}

export async function updateEmployee(id: number, body: EmployeeUpdateBody): Promise<EmployeeDetail> {
  const saved = await api.put(`/api/employees/${id}`, body, { schema: employeeDetail });
  await refreshEmployees(saved);
  return saved;
}

export async function uploadEmployeePhoto(id: number, file: File): Promise<EmployeeDetail> {
  const form = new FormData();
  form.set('file', file);
  const saved = await api.post(`/api/employees/${id}/photo`, form, { schema: employeeDetail });
  await refreshEmployees(saved);
  return saved;
}

export async function deleteEmployeePhoto(id: number): Promise<EmployeeDetail> {
  const saved = await api.delete(`/api/employees/${id}/photo`, { schema: employeeDetail });
  await refreshEmployees(saved);
  return saved;
}

/** GET /comments/stuff/?id=&page=: notes on an employee, newest first. */
export function useEmployeeComments(id: number, page: number) {
  return useQuery({
    queryKey: employeeKeys.comments(id, page),
    queryFn: () => api.get('/comments/stuff/', { params: { id, page }, schema: commentPage }),
    placeholderData: keepPreviousData,
  });
}

export async function addEmployeeComment(employee: number, text: string, mentions: readonly number[] = []) {
  return api.post('/comments/stuff/', { employee, text, ...(mentions.length ? { mentions } : {}) }, { schema: commentItem });
}
