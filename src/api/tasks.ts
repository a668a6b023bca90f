// Tasks (issue 6): my tasks and the ones I gave, one task, the branch's employees to pick a performer from, and the
// writes (create, status moves), parsed with the contract.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { roleListItem } from '../../contract/auth';
import { studentBrief } from '../../contract/students';
import { task, type TaskCreate, type TaskScope, type TaskStatus, type TaskUpdate } from '../../contract/tasks';
import { api } from './http';
import { queryClient } from './queryClient';

export const taskKeys = {
  all: ['tasks'] as const,
  list: (filial: number | null, scope: TaskScope, status: TaskStatus | null) => ['tasks', 'list', filial, scope, status] as const,
  one: (id: number) => ['tasks', 'one', id] as const,
  people: (filial: number | null) => ['tasks', 'people', filial] as const,
};

/** GET /tasks/no-pg/?filial&scope&status: overdue first, then by due time. */
export function useTasks(filial: number | null, scope: TaskScope, status: TaskStatus | null) {
  return useQuery({
    queryKey: taskKeys.list(filial, scope, status),
    queryFn: () => api.get('/tasks/no-pg/', { params: { filial, scope, status }, schema: z.array(task) }),
    placeholderData: keepPreviousData,
    // Overdue badges follow the clock.
    refetchInterval: 60_000,
  });
}

/** GET /tasks/{id}/ */
export function useTask(id: number | null) {
  return useQuery({
    queryKey: taskKeys.one(id ?? 0),
    queryFn: () => api.get(`/tasks/${id}/`, { schema: task }),
    enabled: id !== null,
    retry: false,
  });
}

/** GET /auth/roles/?filial&is_archived=false: who a task can be given to. */
export function useTaskPeople(filial: number | null) {
  return useQuery({
    queryKey: taskKeys.people(filial),
    queryFn: () => api.get('/auth/roles/', { params: { filial, is_archived: false }, schema: z.array(roleListItem) }),
    enabled: filial !== null,
    staleTime: 60_000,
  });
}

async function refresh() {
  await queryClient.invalidateQueries({ queryKey: taskKeys.all });
}

/** POST /tasks/, then the task lists are asked again. */
export async function createTask(body: TaskCreate) {
  const created = await api.post('/tasks/', body, { schema: task });
  await refresh();
  return created;
}

/** PATCH /tasks/{id}/ (a status move, a new due time or performer), then the task lists are asked again. */
export async function updateTask(id: number, body: TaskUpdate) {
  const saved = await api.patch(`/tasks/${id}/`, body, { schema: task });
  await refresh();
  return saved;
}

/** GET /students/no-pg/?filial&q&limit: the branch's students matching a search, to link one to a task. */
export function useTaskStudents(filial: number | null, q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['tasks', 'students', filial, q] as const,
    queryFn: () => api.get('/students/no-pg/', { params: { filial, q, limit: 8 }, schema: z.array(studentBrief) }),
    enabled: enabled && filial !== null && q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

const leadBrief = z.object({ id: z.number().int(), full_name: z.string(), phone: z.string() });

/** GET /lid/no-pg/?filial&q: the branch's open leads matching a search, to link one to a task. */
export function useTaskLeads(filial: number | null, q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['tasks', 'leads', filial, q] as const,
    queryFn: async () => (await api.get('/lid/no-pg/', { params: { filial, q, is_archived: false }, schema: z.array(leadBrief) })).slice(0, 8),
    enabled: enabled && filial !== null && q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}
