// Shared by the ledger API tests: signed-in callers, unique names, a fresh cashier, a student with a group of a
// branch (from the demo data), and the check that every cashier balance is the sum of its entries.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Role } from '../../contract/roles';
import { groups, studentGroups, students } from '../../server/db/schema';
import { EN } from './catalogueSupport';
import type { CallOptions, TestApp } from './harness';

let counter = 0;
export const unique = (prefix: string) => `${prefix} ${process.pid}-${++counter}`;
export const newKey = () => `ledger-test-${process.pid}-${++counter}-${Math.random().toString(36).slice(2)}`;

export function ledgerCaller(t: TestApp) {
  const tokens = new Map<Role, Promise<string>>();
  const token = (role: Role) => {
    if (!tokens.has(role)) tokens.set(role, t.signInAs(role).then((r) => r.access_token));
    return tokens.get(role)!;
  };
  const as = async (role: Role, method: string, path: string, options: CallOptions = {}) =>
    t.call(method, path, { ...options, token: await token(role), headers: { ...EN, ...options.headers } });
  return { token, as };
}

/** Open memberships of a branch's students in that branch's groups (demo data). */
export async function memberships(t: TestApp, branch: string, limit = 5) {
  const filial = await t.filialId(branch);
  return t.db
    .select({ student: studentGroups.studentId, group: studentGroups.groupId })
    .from(studentGroups)
    .innerJoin(groups, eq(groups.id, studentGroups.groupId))
    .innerJoin(students, eq(students.id, studentGroups.studentId))
    .where(and(eq(groups.filialId, filial), eq(students.filialId, filial), isNull(studentGroups.leftOn)))
    .orderBy(asc(studentGroups.id))
    .limit(limit);
}

/** Every cashier_balances row equals the sum of its cashier's entries in that method; none is negative. */
export async function expectBalancesMatchLedger(t: TestApp) {
  const result = await t.db.execute(sql`
    select b.cashier_id, b.method, b.balance::text as balance,
      coalesce((select sum(case when e.action = 'income' then e.amount else -e.amount end) from finance_entries e
                where e.cashier_id = b.cashier_id and e.method = b.method), 0)::numeric(22,2)::text as ledger
    from cashier_balances b`);
  const rows = (result as unknown as { rows: { balance: string; ledger: string }[] }).rows;
  for (const r of rows) {
    expect(r.balance).toBe(r.ledger);
    expect(r.balance.startsWith('-')).toBe(false);
  }
}
