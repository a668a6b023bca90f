// GET /finance/debtors/ and its spreadsheet: one row per group in which a current student (not archived, in a group
// now) has a balance (student_balances, kept by triggers) below zero, biggest debt first. The group may be one they
// have left: after a move the debt stays with the old group, and the student still owes it (docs/decisions.md).
//
// The list starts from student_balances' negative rows: with a group filter the (group_id, balance) index finds
// them directly; otherwise the partial index of the debts (student_balances_debt_idx, migration 0009: only the
// negative rows, in list order) then primary-key joins, the open membership as a semi-join. Totals come from the same WHERE in one
// aggregate; the last payments are read for the page's rows only, through finance_entries' (student_id, group_id)
// index.
import { and, eq, inArray, isNull, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DebtorOptions, DebtorRow, DebtorsFilters } from '../../../contract/debtors';
import { fromCents, toCents } from '../../../contract/money';
import type { DbOrTx } from '../../db/client';
import { namedColumns, personColumns } from '../../db/refs';
import { employees, filials, financeEntries, financeKinds, groups, studentBalances, studentGroups, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { containsPattern } from '../catalogue/common';
import { pageOffset, toPage, type Page, type PageRequest } from '../catalogue/paging';
import { resolveFilial, type FilialScope } from '../core/scope';
import { pickerSearch, searchCondition } from '../students/picker';

export type DebtorsPageAnswer = Page<DebtorRow> & { totals: { count: number; debt: string } };

function scopeWhere(scope: FilialScope): SQL | undefined {
  // An empty branch list matches nothing rather than everything.
  return scope === 'all' ? undefined : inArray(groups.filialId, scope.length ? scope : [-1]);
}

function searchWhere(q: string): SQL {
  const search = pickerSearch(q);
  if ('phoneDigits' in search) return or(searchCondition(q), like(students.parentPhone, containsPattern(search.phoneDigits)))!;
  return searchCondition(q);
}

// A semi-join rather than a join: the planner then estimates the rows right and keeps the small tables' joins cheap
// (measured at 100,000 students: a branch's page 23-29 ms instead of 42-54 ms). Any open membership of the student
// counts, not only one in the debt's group: a student who moved still owes the group they left.
const studiesNow = sql`exists (select 1 from ${studentGroups} where ${studentGroups.studentId} = ${studentBalances.studentId} and ${studentGroups.leftOn} is null)`;

/** Every condition of the list: negative balance, a current student (live, in a group now), the branch scope and filters. */
export function debtorsWhere(scope: FilialScope, f: DebtorsFilters): SQL {
  return and(
    // A literal zero (not a parameter) so the planner matches student_balances_debt_idx's predicate.
    sql`${studentBalances.balance} < 0`,
    studiesNow,
    f.min_debt ? lte(studentBalances.balance, fromCents(-toCents(f.min_debt))) : undefined,
    eq(students.isArchived, false),
    scopeWhere(scope),
    f.group ? eq(studentBalances.groupId, f.group) : undefined,
    f.teacher ? eq(groups.teacherId, f.teacher) : undefined,
    f.day ? sql`${f.day}::smallint = any(${groups.days})` : undefined,
    f.q ? searchWhere(f.q) : undefined,
  )!;
}

function fromDebtors(q: DbOrTx) {
  return {
    rows: () =>
      q
        .select({
          studentId: students.id,
          fullName: students.fullName,
          phone: students.phone,
          parentPhone: students.parentPhone,
          filial: namedColumns(filials),
          group: namedColumns(groups),
          teacher: personColumns(employees),
          days: groups.days,
          balance: studentBalances.balance,
        })
        .from(studentBalances)
        .innerJoin(students, eq(students.id, studentBalances.studentId))
        .innerJoin(groups, eq(groups.id, studentBalances.groupId))
        .innerJoin(filials, eq(filials.id, groups.filialId))
        .innerJoin(employees, eq(employees.id, groups.teacherId)),
    totals: (joinGroups: boolean) => {
      const base = q
        .select({ count: sql<number>`count(*)::int`, debt: sql<string>`coalesce(sum(${studentBalances.balance}), 0)::numeric(22,2)::text` })
        .from(studentBalances)
        .innerJoin(students, eq(students.id, studentBalances.studentId));
      // Every balance's group exists (foreign key), so without a condition on groups the join only costs time.
      return joinGroups ? base.innerJoin(groups, eq(groups.id, studentBalances.groupId)) : base;
    },
  };
}

const LAST_PAYMENT_BATCH = 500;

/** The last payment into each (student, group) of `pairs` that no later entry reversed (batched for exports). */
async function lastPayments(q: DbOrTx, pairs: { studentId: number; group: { id: number } }[]): Promise<Map<string, Date>> {
  const found = new Map<string, Date>();
  const reversal = sql`select 1 from ${financeEntries} r where r.reverses_id = ${financeEntries.id}`;
  for (let i = 0; i < pairs.length; i += LAST_PAYMENT_BATCH) {
    const batch = pairs.slice(i, i + LAST_PAYMENT_BATCH);
    const keys = sql.join(batch.map((p) => sql`(${p.studentId}::int, ${p.group.id}::int)`), sql`, `);
    const rows = await q
      .select({ studentId: financeEntries.studentId, groupId: financeEntries.groupId, at: sql<Date>`max(${financeEntries.createdAt})`.mapWith(financeEntries.createdAt) })
      .from(financeEntries)
      .innerJoin(financeKinds, eq(financeKinds.id, financeEntries.kindId))
      .where(
        and(
          sql`(${financeEntries.studentId}, ${financeEntries.groupId}) in (${keys})`,
          eq(financeEntries.action, 'income'),
          isNull(financeEntries.reversesId),
          eq(financeKinds.systemKey, 'student_payment'),
          sql`not exists (${reversal})`,
        ),
      )
      .groupBy(financeEntries.studentId, financeEntries.groupId);
    for (const r of rows) found.set(`${r.studentId}:${r.groupId}`, r.at);
  }
  return found;
}

type Raw = Awaited<ReturnType<ReturnType<typeof fromDebtors>['rows']>>[number];

function toRow(r: Raw, last: Map<string, Date>): DebtorRow {
  return {
    student: { id: r.studentId, full_name: r.fullName, phone: r.phone, parent_phone: r.parentPhone },
    filial: r.filial,
    group: r.group,
    teacher: r.teacher,
    days: [...r.days].map(Number).sort((a, b) => a - b),
    balance: r.balance,
    last_payment_at: last.get(`${r.studentId}:${r.group.id}`)?.toISOString() ?? null,
  };
}

/** Rows of the list in order (biggest debt first, then name), `limit` from `offset`. */
export async function selectDebtors(q: DbOrTx, where: SQL, limit: number, offset: number): Promise<DebtorRow[]> {
  const page = await fromDebtors(q)
    .rows()
    .where(where)
    .orderBy(studentBalances.balance, students.fullName, students.id, groups.id)
    .limit(limit)
    .offset(offset);
  const last = await lastPayments(q, page);
  return page.map((r) => toRow(r, last));
}

/** Whether the conditions read groups: a branch scope, a teacher or a lesson day. */
function readsGroups(scope: FilialScope, f: DebtorsFilters): boolean {
  return scope !== 'all' || f.teacher != null || f.day != null;
}

async function debtorTotals(q: DbOrTx, where: SQL, joinGroups: boolean): Promise<{ count: number; debt: string }> {
  const [row] = await fromDebtors(q).totals(joinGroups).where(where);
  return { count: row.count, debt: row.debt };
}

/** The user's debtors matching `f`: their totals and the rows from `offset`, at most `limit`. */
export async function findDebtors(q: DbOrTx, user: AuthUser, f: DebtorsFilters, limit: number, offset: number) {
  const scope = resolveFilial(user, f.filial);
  const where = debtorsWhere(scope, f);
  // Two queries rather than one with window totals: a window materialises every matching row before the sort,
  // which measured slower than a separate aggregate.
  // The totals and the page are independent: side by side on the pool (queued inside a transaction).
  const [totals, rows] = await Promise.all([debtorTotals(q, where, readsGroups(scope, f)), selectDebtors(q, where, limit, offset)]);
  return { totals, rows };
}

export async function listDebtors(q: DbOrTx, user: AuthUser, query: DebtorsFilters & PageRequest, url: string): Promise<DebtorsPageAnswer> {
  const { totals, rows } = await findDebtors(q, user, query, query.page_size, pageOffset(query));
  return { ...toPage(url, query, totals.count, rows), totals };
}

/** The groups and teachers with at least one debtor in the scope, by name: the filters offer only real choices. */
export async function debtorOptions(q: DbOrTx, user: AuthUser, filial: number | undefined): Promise<DebtorOptions> {
  const where = debtorsWhere(resolveFilial(user, filial), {});
  const rows = await q
    .selectDistinct({ groupId: groups.id, groupName: groups.name, teacherId: employees.id, teacherName: employees.fullName })
    .from(studentBalances)
    .innerJoin(students, eq(students.id, studentBalances.studentId))
    .innerJoin(groups, eq(groups.id, studentBalances.groupId))
    .innerJoin(employees, eq(employees.id, groups.teacherId))
    .where(where)
    .orderBy(groups.name, groups.id, employees.id, employees.fullName);
  const teachers = new Map<number, string>();
  for (const r of rows) teachers.set(r.teacherId, r.teacherName);
  return {
    groups: rows.map((r) => ({ id: r.groupId, name: r.groupName })),
    teachers: [...teachers].map(([id, full_name]) => ({ id, full_name })).sort((a, b) => a.full_name.localeCompare(b.full_name)),
  };
}
