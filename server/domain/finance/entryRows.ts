// Ledger entries as the API shows them (contract financeEntry): cashier, kind, student, group and author by name,
// and the reversal links both ways.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FinanceEntry } from '../../../contract/finance';
import type { DbOrTx } from '../../db/client';
import { namedColumns, personColumns } from '../../db/refs';
import { cashiers, employees, financeEntries, financeKinds, groups, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { allowedFilials } from '../core/scope';
import { inFilials, isoTime } from './ledgerSql';

// The entry that reverses this one, probed by its unique index for each row: as a left join the planner merged the
// page with the whole reversal index (a page of the newest entries read every reversal before them).
const reversedBy = sql<number | null>`(select r.id from ${financeEntries} r where r.reverses_id = ${financeEntries.id})`;

const newestFirst = [desc(financeEntries.createdAt), desc(financeEntries.id)];

/**
 * Entries matching `where` (conditions on finance_entries only), newest first. A page is picked on the ledger
 * table alone and only its rows are joined, so the joins never run over the whole ledger.
 */
export async function selectEntries(q: DbOrTx, where: SQL | undefined, paging?: { limit: number; offset: number }): Promise<FinanceEntry[]> {
  if (paging) {
    const page = await q.select({ id: financeEntries.id }).from(financeEntries).where(where).orderBy(...newestFirst).limit(paging.limit).offset(paging.offset);
    if (!page.length) return [];
    return selectEntries(q, inArray(financeEntries.id, page.map((r) => r.id)));
  }
  const rows = await q
    .select({
      id: financeEntries.id,
      filial: financeEntries.filialId,
      cashier: namedColumns(cashiers),
      action: financeEntries.action,
      kind: { id: financeKinds.id, name: financeKinds.name, system_key: financeKinds.systemKey },
      method: financeEntries.method,
      amount: financeEntries.amount,
      student: personColumns(students),
      group: namedColumns(groups),
      comment: financeEntries.comment,
      author: personColumns(employees),
      createdAt: financeEntries.createdAt,
      reverses: financeEntries.reversesId,
      reversed_by: reversedBy,
      handover: financeEntries.handoverId,
    })
    .from(financeEntries)
    .innerJoin(cashiers, eq(cashiers.id, financeEntries.cashierId))
    .innerJoin(financeKinds, eq(financeKinds.id, financeEntries.kindId))
    .innerJoin(employees, eq(employees.id, financeEntries.authorId))
    .leftJoin(students, eq(students.id, financeEntries.studentId))
    .leftJoin(groups, eq(groups.id, financeEntries.groupId))
    .where(where)
    .orderBy(...newestFirst);
  return rows.map(({ createdAt, ...r }) => ({ ...r, created_at: isoTime(createdAt) }));
}

/** One entry of the user's branches; 404 otherwise. */
export async function entryById(q: DbOrTx, user: AuthUser, id: number): Promise<FinanceEntry> {
  const [row] = await selectEntries(q, and(eq(financeEntries.id, id), inFilials(financeEntries.filialId, allowedFilials(user))));
  if (!row) throw notFound('Entry not found');
  return row;
}
