// Tasks (issue 6, "Tasks, comments, notifications"): a title, a performer of the branch, a due time, an optional
// linked lead or student, and a status that moves new → in_progress → done (or to cancelled from any open one).
import { z } from 'zod';
import { MAX_ID, msg, optionalQuery, pageQuery, paged, queryId, required } from './common';

export const TASK_STATUSES = ['new', 'in_progress', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_SCOPES = ['mine', 'created', 'all'] as const;
export type TaskScope = (typeof TASK_SCOPES)[number];

export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 2000;
/** A due time may lie this far in the past (clock skew, a slow form) before it is refused. */
export const DUE_GRACE_MS = 5 * 60_000;

const bodyId = z.number(required).int(msg.positiveInt).positive(msg.positiveInt).max(MAX_ID, msg.positiveInt);
const title = z.string(required).trim().min(1, msg.required).max(TASK_TITLE_MAX, 'validation.maxLength');
const description = z.string().trim().max(TASK_DESCRIPTION_MAX, 'validation.maxLength');
/** An instant with its offset, e.g. "2026-01-05T14:30:00+05:00". */
const dueAt = z.iso.datetime({ offset: true, error: 'validation.invalid' });

/** GET /tasks/no-pg/?filial&performer&status&scope */
export const tasksQuery = z.object({
  filial: queryId,
  performer: queryId,
  status: optionalQuery(z.enum(TASK_STATUSES, { error: 'validation.invalid' })),
  scope: optionalQuery(z.enum(TASK_SCOPES, { error: 'validation.invalid' })),
});
export type TasksParams = { filial?: number | null; performer?: number | null; status?: TaskStatus; scope?: TaskScope };

/** GET /tasks/all/{id}/?page: the tasks of employee {id}, as performer or creator. */
export const employeeTasksQuery = z.object({ ...pageQuery.shape });

/** POST /tasks/ */
export const taskCreate = z.object({
  title,
  description: description.optional().default(''),
  performer: bodyId,
  due_at: dueAt,
  filial: bodyId,
  lead: bodyId.nullish(),
  student: bodyId.nullish(),
});
export type TaskCreate = z.input<typeof taskCreate>;

/** PUT/PATCH /tasks/{id}/: any subset (PUT takes the same fields). */
export const taskUpdate = z
  .object({
    title,
    description,
    performer: bodyId,
    due_at: dueAt,
    lead: bodyId.nullable(),
    student: bodyId.nullable(),
    status: z.enum(TASK_STATUSES, { error: 'validation.invalid' }),
  })
  .partial();
export type TaskUpdate = z.input<typeof taskUpdate>;

const ref = z.object({ id: z.number().int(), full_name: z.string() });

export const task = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  title: z.string(),
  description: z.string(),
  performer: ref,
  creator: ref,
  due_at: z.string(),
  status: z.enum(TASK_STATUSES),
  done_at: z.string().nullable(),
  lead: ref.nullable(),
  student: ref.nullable(),
  overdue: z.boolean(),
  created_at: z.string(),
});
export type Task = z.infer<typeof task>;
export const taskPage = paged(task);

/** Status moves: new → in_progress → done; any open task → cancelled; staying put is allowed. */
export function canMoveTask(from: TaskStatus, to: TaskStatus): boolean {
  if (from === to) return true;
  if (from === 'done' || from === 'cancelled') return false;
  if (to === 'cancelled') return true;
  if (from === 'new') return to === 'in_progress';
  return to === 'done';
}

/** The next forward moves a user can pick for a task in `status`. */
export function nextTaskStatuses(status: TaskStatus): TaskStatus[] {
  return TASK_STATUSES.filter((to) => to !== status && canMoveTask(status, to));
}

/** Open (new or in progress) and past its due time. */
export function isOverdue(t: { status: TaskStatus; due_at: string | Date }, now: Date = new Date()): boolean {
  return (t.status === 'new' || t.status === 'in_progress') && new Date(t.due_at).getTime() < now.getTime();
}

/** The due time is acceptable: not more than DUE_GRACE_MS in the past. */
export function dueAcceptable(dueAt: string | Date, now: Date = new Date()): boolean {
  return new Date(dueAt).getTime() >= now.getTime() - DUE_GRACE_MS;
}

/** The app's link to a task (notifications carry it). */
export const taskLink = (id: number) => `/tasks?id=${id}`;
