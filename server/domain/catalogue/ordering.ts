// Teaching order of a parent's items (a subject's levels, a level's themes). Positions are dense 1..m over all
// of the parent's items: active ones first in the order the user chose, archived ones after them in their old
// order. Archiving keeps an item's place; the next reorder moves it behind the active ones.
import { asc, eq, sql } from 'drizzle-orm';
import { catalogueMsg } from '../../../contract/catalogue';
import type { DbOrTx } from '../../db/client';
import type { subjectLevels, themes } from '../../db/schema';
import { fieldMessages, type DomainError } from '../core/errors';
import { auditBy } from '../audit/record';
import type { Actor } from './common';

export type OrderedItem = { id: number; isArchived: boolean };

export type ReorderProblems = {
  /** Requested ids that are not active items of the parent. */
  unknown: number[];
  /** Active items the request left out. */
  missing: number[];
};

/** What is wrong with `requested` as the new order of `items` (both lists empty when nothing is). */
export function reorderProblems(items: OrderedItem[], requested: number[]): ReorderProblems {
  const active = new Set(items.filter((i) => !i.isArchived).map((i) => i.id));
  const asked = new Set(requested);
  return {
    unknown: requested.filter((id) => !active.has(id)),
    missing: [...active].filter((id) => !asked.has(id)),
  };
}

/**
 * The new position of every item: `requested` (the active items) get 1..n, archived items follow in their
 * current order (`items` comes sorted by position).
 */
export function reorderPlan(items: OrderedItem[], requested: number[]): { id: number; position: number }[] {
  const archived = items.filter((i) => i.isArchived).map((i) => i.id);
  return [...requested, ...archived].map((id, index) => ({ id, position: index + 1 }));
}

/** Problems as a 400 on `ids` naming the offending ids. */
export function reorderProblem(problems: ReorderProblems): DomainError | null {
  const messages = [];
  if (problems.unknown.length) messages.push({ key: catalogueMsg.reorderUnknown, params: { ids: problems.unknown.join(', ') } });
  if (problems.missing.length) messages.push({ key: catalogueMsg.reorderMissing, params: { ids: problems.missing.join(', ') } });
  return messages.length ? fieldMessages({ ids: messages }) : null;
}

/** Writes a plan's positions in one statement. */
export async function writePositions(tx: DbOrTx, table: typeof subjectLevels | typeof themes, plan: { id: number; position: number }[]) {
  if (plan.length === 0) return;
  const values = sql.join(plan.map((p) => sql`(${p.id}::int, ${p.position}::int)`), sql`, `);
  await tx.execute(sql`update ${table} set position = v.position from (values ${values}) as v(id, position) where ${table.id} = v.id`);
}

/**
 * Puts the active children of one parent (a subject's levels, a level's themes) in the requested order, after the
 * caller has locked the parent row; refuses a request that is not exactly the active children. The audit entry
 * names the parent, with the order before and after.
 */
export async function reorderChildren(
  tx: DbOrTx,
  actor: Actor,
  table: typeof subjectLevels | typeof themes,
  parent: { column: typeof subjectLevels.subjectId | typeof themes.levelId; id: number; entity: string },
  ids: number[],
  action: string,
): Promise<void> {
  const items = await tx
    .select({ id: table.id, isArchived: table.isArchived })
    .from(table)
    .where(eq(parent.column, parent.id))
    .orderBy(asc(table.position), asc(table.id));
  const problem = reorderProblem(reorderProblems(items, ids));
  if (problem) throw problem;
  await writePositions(tx, table, reorderPlan(items, ids));
  const before = { ids: items.filter((i) => !i.isArchived).map((i) => i.id) };
  await auditBy(tx, actor, { action, entity: parent.entity, entityId: parent.id, before, after: { ids } });
}
