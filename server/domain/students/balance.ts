// A student's money position, as SQL so lists can filter and sort on it in the database. Both read
// student_balances (payments − refunds + vouchers − charges per student and group, kept by the triggers of
// migration 0004 in the same statement as the rows they sum), through its primary key (student_id, group_id):
// one index lookup per student, so the list's balance filter stays an index probe per row.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The student's balance over all their groups, NUMERIC(14,2); negative means the student owes. */
export function studentBalanceSql(studentId: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`(select coalesce(sum(sb.balance), 0) from student_balances sb where sb.student_id = ${studentId})::numeric(14,2)`;
}

/** One membership's (student_groups row's) balance, NUMERIC(14,2): the student's balance in that group. */
export function membershipBalanceSql(membershipId: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`coalesce((select sb.balance from student_balances sb join student_groups sgm on sgm.student_id = sb.student_id and sgm.group_id = sb.group_id where sgm.id = ${membershipId}), 0)::numeric(14,2)`;
}
