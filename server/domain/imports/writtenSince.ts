// Undo's rule (issue 18 §1, docs/decisions.md "Imports: undo"): an import can be taken back only if nothing was
// written on its records since. "Written since" means any of:
// - a row anywhere that references an imported record (every foreign key to the table, found in the catalogue,
//   so a table added later is covered too), other than the rows the import wrote itself (its memberships, its
//   opening balances) and the balances kept from them: a payment, a charge, a voucher, a comment, a task, a move
//   to another group, a lead's log entry, an employee's session…;
// - attendance or an extra lesson of an imported student (those tables hold the student without a foreign key);
// - an edit of an imported record (its updated_at moved past its created_at);
// - for groups: a lesson of the group held, cancelled, moved or marked, or a lesson added by hand.
import { sql } from 'drizzle-orm';
import type { ImportKind } from '../../../contract/imports';
import type { DbOrTx } from '../../db/client';
import type { ImportCreated } from '../../db/schema';

const TABLE: Record<ImportKind, string> = { students: 'students', leads: 'leads', groups: 'groups', employees: 'employees' };
const idsOf = (kind: ImportKind, created: ImportCreated): number[] => created[kind] ?? [];

/** Rows the import wrote itself or that are kept from them, per referencing table. */
function ownRows(kind: ImportKind, created: ImportCreated, batchId: number): Record<string, ReturnType<typeof sql>> {
  const arr = (ids: number[] | undefined) => sql`${`{${(ids ?? []).join(',')}}`}::int[]`;
  if (kind === 'students') {
    return {
      student_groups: sql`id = ANY(${arr(created.memberships)})`,
      opening_balances: sql`import_batch_id = ${batchId}`,
      student_balances: sql`true`,
      student_totals: sql`true`,
    };
  }
  if (kind === 'groups') return { lessons: sql`kind = 'regular' AND status = 'planned' AND moved_from_date IS NULL` };
  if (kind === 'employees') return { employee_filials: sql`true`, employee_pages: sql`true` };
  return {};
}

type Reference = { table: string; column: string };

async function referencesTo(tx: DbOrTx, table: string): Promise<Reference[]> {
  const rows = await tx.execute(sql`
    SELECT cl.relname AS table, a.attname AS column
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.confrelid = ${table}::regclass AND cardinality(c.conkey) = 1
    ORDER BY 1, 2`);
  return (rows as unknown as { rows?: Reference[] }).rows ?? (rows as unknown as Reference[]);
}

/** The first kind of write found on the imported records since the commit (a table name or "edit"), or null. */
export async function writtenSince(tx: DbOrTx, kind: ImportKind, created: ImportCreated, batchId: number): Promise<string | null> {
  const ids = idsOf(kind, created);
  if (ids.length === 0) return null;
  const idArray = sql`${`{${ids.join(',')}}`}::int[]`;
  const own = ownRows(kind, created, batchId);
  const checks: { what: string; query: ReturnType<typeof sql> }[] = [];
  for (const ref of await referencesTo(tx, TABLE[kind])) {
    const exclude = own[ref.table];
    const where = sql`${sql.identifier(ref.column)} = ANY(${idArray})`;
    checks.push({ what: ref.table, query: sql`SELECT 1 FROM ${sql.identifier(ref.table)} WHERE ${where}${exclude ? sql` AND NOT (${exclude})` : sql``} LIMIT 1` });
  }
  if (kind === 'students') {
    checks.push({ what: 'attendance', query: sql`SELECT 1 FROM attendance WHERE student_id = ANY(${idArray}) LIMIT 1` });
    checks.push({ what: 'lesson_students', query: sql`SELECT 1 FROM lesson_students WHERE student_id = ANY(${idArray}) LIMIT 1` });
  }
  if (kind === 'groups') {
    checks.push({ what: 'attendance', query: sql`SELECT 1 FROM attendance a JOIN lessons l ON l.id = a.lesson_id WHERE l.group_id = ANY(${idArray}) LIMIT 1` });
  }
  if (kind !== 'employees') {
    checks.push({ what: 'edit', query: sql`SELECT 1 FROM ${sql.identifier(TABLE[kind])} WHERE id = ANY(${idArray}) AND updated_at <> created_at LIMIT 1` });
  }
  for (const check of checks) {
    const res = await tx.execute(check.query);
    const rows = (res as unknown as { rows?: unknown[] }).rows ?? (res as unknown as unknown[]);
    if (rows.length) return check.what;
  }
  return null;
}

/** Deletes what the import created, dependants first (the opening balances' trigger takes their amounts back). */
export async function deleteCreated(tx: DbOrTx, kind: ImportKind, created: ImportCreated, batchId: number): Promise<void> {
  const arr = (ids: number[] | undefined) => sql`${`{${(ids ?? []).join(',')}}`}::int[]`;
  const run = (q: ReturnType<typeof sql>) => tx.execute(q);
  if (kind === 'students') {
    await run(sql`DELETE FROM opening_balances WHERE import_batch_id = ${batchId}`);
    await run(sql`DELETE FROM student_groups WHERE id = ANY(${arr(created.memberships)})`);
    await run(sql`DELETE FROM student_balances WHERE student_id = ANY(${arr(created.students)})`);
    await run(sql`DELETE FROM student_totals WHERE student_id = ANY(${arr(created.students)})`);
    await run(sql`DELETE FROM students WHERE id = ANY(${arr(created.students)})`);
  } else if (kind === 'leads') {
    await run(sql`DELETE FROM leads WHERE id = ANY(${arr(created.leads)})`);
  } else if (kind === 'groups') {
    await run(sql`DELETE FROM lessons WHERE group_id = ANY(${arr(created.groups)})`);
    await run(sql`DELETE FROM groups WHERE id = ANY(${arr(created.groups)})`);
  } else {
    await run(sql`DELETE FROM employees WHERE id = ANY(${arr(created.employees)})`);
  }
}
