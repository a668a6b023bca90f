// GET /api/employees/{id}/related_objects: what archiving the person would leave without them — planned or active
// groups they teach or assist, their open tasks, and cash desks they answer for. Archiving is not blocked by
// these; the app lists them so the person archiving can hand them over first.
import { and, eq, inArray, or } from 'drizzle-orm';
import type { RelatedObjects } from '../../../contract/employees';
import type { DbOrTx } from '../../db/client';
import { cashiers, groups, tasks } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { findEmployee } from './employeeRows';

export async function relatedObjects(q: DbOrTx, user: AuthUser, id: number): Promise<RelatedObjects> {
  await findEmployee(q, user, id);
  const groupRows = await q
    .select({ id: groups.id, name: groups.name, filial: groups.filialId, teacherId: groups.teacherId })
    .from(groups)
    .where(and(or(eq(groups.teacherId, id), eq(groups.assistantId, id)), inArray(groups.status, ['planned', 'active'])))
    .orderBy(groups.name, groups.id);
  const taskRows = await q
    .select({ id: tasks.id, title: tasks.title, due_at: tasks.dueAt, filial: tasks.filialId })
    .from(tasks)
    .where(and(eq(tasks.performerId, id), inArray(tasks.status, ['new', 'in_progress'])))
    .orderBy(tasks.dueAt, tasks.id);
  const cashierRows = await q
    .select({ id: cashiers.id, name: cashiers.name, filial: cashiers.filialId })
    .from(cashiers)
    .where(and(eq(cashiers.employeeId, id), eq(cashiers.isArchived, false)))
    .orderBy(cashiers.name, cashiers.id);
  return {
    groups: groupRows.map(({ teacherId, ...g }) => ({ ...g, as: teacherId === id ? 'teacher' : 'assistant' })),
    tasks: taskRows.map((t) => ({ ...t, due_at: new Date(t.due_at).toISOString() })),
    cashiers: cashierRows,
  };
}
