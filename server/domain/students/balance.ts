// A student's money position, as SQL so lists can filter and sort on it in the database. Today there are no
// payments or charges yet, so every balance is exactly 0: `debtor` and `positive` filters answer empty lists and
// `zero` every student. The money issue replaces these bodies (payments minus charges, per membership) and
// nothing else has to change: the list, the card, the filter and the spreadsheet all read these two functions.
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The student's balance over all their groups, NUMERIC(14,2); negative means the student owes. */
export function studentBalanceSql(_studentId: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`0::numeric(14,2)`;
}

/** One membership's (student_groups row's) balance, NUMERIC(14,2). */
export function membershipBalanceSql(_membershipId: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`0::numeric(14,2)`;
}
