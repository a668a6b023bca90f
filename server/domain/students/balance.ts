// A student's money position, as SQL so lists can filter and sort on it in the database. student_balances holds
// payments − refunds + vouchers − charges per student and group (kept by the triggers of migration 0004 in the
// same statement as the rows they sum); student_totals holds their sum per student (kept by the same triggers since
// migration 0009, in the same statement). The student's balance is one primary-key probe,
// and the list's balance filter reads student_totals as a whole (the debtors through a partial index) instead of
// summing per student.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BalanceStatus } from '../../../contract/students';

/** The student's balance over all their groups, NUMERIC(14,2); negative means the student owes. */
export function studentBalanceSql(studentId: AnyPgColumn | SQL): SQL<string> {
  // student_totals has no id column, so the caller's column means the outer row even if it renders unqualified.
  return sql<string>`coalesce((select st.balance from student_totals st where st.student_id = ${studentId}), 0)::numeric(22,2)`;
}

/** The students whose balance is below zero, zero (no row counts as zero) or above zero. */
export function balanceStatusSql(studentId: AnyPgColumn | SQL, status: BalanceStatus): SQL {
  if (status === 'zero') return sql`not exists (select 1 from student_totals st where st.student_id = ${studentId} and st.balance <> 0)`;
  const sign = status === 'debtor' ? sql`<` : sql`>`;
  return sql`exists (select 1 from student_totals st where st.student_id = ${studentId} and st.balance ${sign} 0)`;
}

/** One membership's (student_groups row's) balance, NUMERIC(14,2): the student's balance in that group. */
export function membershipBalanceSql(membershipId: AnyPgColumn | SQL): SQL<string> {
  // The id is taken in a FROM-less derived table first: the caller's column may render unqualified ("id"), which
  // inside a subquery over student_groups would mean that table's own id.
  return sql<string>`coalesce((select sb.balance from (select ${membershipId} as mid) q join student_groups sgm on sgm.id = q.mid join student_balances sb on sb.student_id = sgm.student_id and sb.group_id = sgm.group_id), 0)::numeric(22,2)`;
}
