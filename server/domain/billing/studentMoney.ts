// A student's money on the card: balance per group (student_balances, kept by triggers), the charges made
// (student_charges) and the ledger entries of the student (finance_entries, read only: the ledger owns writes).
// Reading follows the card: another branch's student is a 404.
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StudentBalances, StudentChargesPage, StudentPaymentsPage, studentChargesQuery } from '../../../contract/sales';
import { sumAmounts } from '../../../contract/money';
import type { DbOrTx } from '../../db/client';
import { namedColumns } from '../../db/refs';
import { cashiers, financeEntries, financeKinds, groups, studentBalances, studentCharges } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { pageOffset, readPage, toPage } from '../catalogue/paging';
import { findStudent } from '../students/students';
import { runningSalesOf } from './sales';

type Query = z.output<typeof studentChargesQuery>;

export async function listStudentCharges(db: DbOrTx, user: AuthUser, studentId: number, query: Query, url: string): Promise<StudentChargesPage> {
  await findStudent(db, user, studentId);
  const where = and(eq(studentCharges.studentId, studentId), query.group ? eq(studentCharges.groupId, query.group) : undefined);
  const [{ n, total }] = await db
    .select({ n: count(), total: sql<string>`coalesce(sum(${studentCharges.amount}), 0)::numeric(22,2)::text` })
    .from(studentCharges)
    .where(where);
  const rows = await db
    .select({
      id: studentCharges.id,
      lesson: studentCharges.lessonId,
      date: studentCharges.date,
      groupId: groups.id,
      groupName: groups.name,
      amount: studentCharges.amount,
      monthly_price: studentCharges.monthlyPrice,
    })
    .from(studentCharges)
    .innerJoin(groups, eq(groups.id, studentCharges.groupId))
    .where(where)
    .orderBy(desc(studentCharges.date), desc(studentCharges.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  const page = toPage(
    url,
    query,
    n,
    rows.map(({ groupId, groupName, ...r }) => ({ ...r, group: { id: groupId, name: groupName } })),
  );
  return { ...page, total };
}

export async function listStudentPayments(db: DbOrTx, user: AuthUser, studentId: number, query: Query, url: string): Promise<StudentPaymentsPage> {
  await findStudent(db, user, studentId);
  const where = and(eq(financeEntries.studentId, studentId), query.group ? eq(financeEntries.groupId, query.group) : undefined);
  const rows = db
    .select({
      id: financeEntries.id,
      action: financeEntries.action,
      amount: financeEntries.amount,
      method: financeEntries.method,
      group: namedColumns(groups),
      cashier: namedColumns(cashiers),
      kind: { name: financeKinds.name, system_key: financeKinds.systemKey },
      comment: financeEntries.comment,
      reverses: financeEntries.reversesId,
      created_at: sql<string>`to_char(${financeEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(financeEntries)
    .innerJoin(cashiers, eq(cashiers.id, financeEntries.cashierId))
    .innerJoin(financeKinds, eq(financeKinds.id, financeEntries.kindId))
    .leftJoin(groups, eq(groups.id, financeEntries.groupId))
    .where(where)
    .orderBy(desc(financeEntries.id));
  return readPage(url, query, db.select({ n: count() }).from(financeEntries).where(where), rows, (r) => r);
}

/**
 * GET /students/{id}/balances/: the balance in every group the student is in now or has money in, with the
 * running sale of each; the total is the sum of all of them (the same as the card's balance).
 */
export async function studentBalancesOf(db: DbOrTx, user: AuthUser, studentId: number): Promise<StudentBalances> {
  await findStudent(db, user, studentId);
  const rows = await db
    .select({
      groupId: groups.id,
      groupName: groups.name,
      balance: sql<string>`coalesce(${studentBalances.balance}, 0)::numeric(22,2)::text`,
      isMember: sql<boolean>`exists (select 1 from student_groups m where m.student_id = ${studentId} and m.group_id = ${groups.id} and m.left_on is null)`,
    })
    .from(groups)
    .leftJoin(studentBalances, and(eq(studentBalances.groupId, groups.id), eq(studentBalances.studentId, studentId)))
    .where(
      or(
        sql`${studentBalances.studentId} is not null`,
        sql`exists (select 1 from student_groups m where m.student_id = ${studentId} and m.group_id = ${groups.id} and m.left_on is null)`,
      ),
    )
    .orderBy(asc(groups.name), asc(groups.id));
  const running = new Map((await runningSalesOf(db, studentId)).map((s) => [s.group.id, s]));
  return {
    total: sumAmounts(rows.map((r) => r.balance)),
    groups: rows.map((r) => ({
      group: { id: r.groupId, name: r.groupName },
      balance: r.balance,
      is_member: r.isMember === true || (r.isMember as unknown) === 't',
      running_sale: running.get(r.groupId) ?? null,
    })),
  };
}
