// A student's money position, as SQL so lists can filter and sort on it in the database. Both read
// student_balances (payments − refunds + vouchers − charges per student and group, kept by the triggers of
// migration 0004 in the same statement as the rows they sum), through its primary key (student_id, group_id):
// one index lookup per student, so the list's balance filter stays an index probe per row.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The student's balance over all their groups, NUMERIC(14,2); negative means the student owes. */
export function studentBalanceSql(studentId: AnyPgColumn | SQL): SQL<string> {
  // student_balances has no id column, so the caller's column means the outer row even if it renders unqualified.
  return sql<string>`(select coalesce(sum(sb.balance), 0) from student_balances sb where sb.student_id = ${studentId})::numeric(14,2)`;
}

/** One membership's (student_groups row's) balance, NUMERIC(14,2): the student's balance in that group. */
export function membershipBalanceSql(membershipId: AnyPgColumn | SQL): SQL<string> {
  // The id is taken in a FROM-less derived table first: the caller's column may render unqualified ("id"), which
  // inside a subquery over student_groups would mean that table's own id.
  return sql<string>`coalesce((select sb.balance from (select ${membershipId} as mid) q join student_groups sgm on sgm.id = q.mid join student_balances sb on sb.student_id = sgm.student_id and sb.group_id = sgm.group_id), 0)::numeric(14,2)`;
}
