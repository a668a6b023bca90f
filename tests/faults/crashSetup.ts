// Rows a crash test needs before its burst, written straight to the database while no server runs: cashiers of
// one branch with an opening balance (so handovers are never short), open memberships of that branch's students
// and fresh leads in YANGI_LEAD. Also the baseline (largest ids) that tells the burst's rows from older ones.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { cashiers, filials, financeEntries, financeKinds, groups, leads, studentGroups, students } from '../../server/db/schema';
import type { Setup } from './crashLoad';

export type Baseline = { entry: number; handover: number; audit: number; leadLog: number };

export async function prepareCrashData(db: Db, options: { branch: string; cashiers: number; leads: number; authorId: number }): Promise<Setup> {
  return db.transaction(async (tx) => {
    const [filial] = await tx.select({ id: filials.id }).from(filials).where(eq(filials.name, options.branch));
    const [kind] = await tx.insert(financeKinds).values({ name: 'Crash test opening', action: 'income' }).returning({ id: financeKinds.id });
    const ids: number[] = [];
    for (let i = 0; i < options.cashiers; i++) {
      const [c] = await tx.insert(cashiers).values({ filialId: filial.id, name: `Crash cashier ${i + 1}` }).returning({ id: cashiers.id });
      await tx.insert(financeEntries).values({ filialId: filial.id, cashierId: c.id, action: 'income', kindId: kind.id, method: 'cash', amount: '100000000.00', authorId: options.authorId });
      ids.push(c.id);
    }
    const members = await tx
      .select({ student: studentGroups.studentId, group: studentGroups.groupId })
      .from(studentGroups)
      .innerJoin(groups, eq(groups.id, studentGroups.groupId))
      .innerJoin(students, eq(students.id, studentGroups.studentId))
      .where(and(eq(groups.filialId, filial.id), eq(students.filialId, filial.id), isNull(studentGroups.leftOn)))
      .orderBy(asc(studentGroups.id))
      .limit(20);
    if (members.length === 0) throw new Error(`no open memberships in ${options.branch}`);
    const rows = Array.from({ length: options.leads }, (_, i) => ({
      filialId: filial.id,
      fullName: `Crash lead ${i + 1}`,
      phone: `+99897${String(1_000_000 + i).slice(-7)}`,
      createdBy: options.authorId,
    }));
    const leadIds: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await tx.insert(leads).values(rows.slice(i, i + 500)).returning({ id: leads.id });
      leadIds.push(...inserted.map((r) => r.id));
    }
    return { cashiers: ids, memberships: members, leads: leadIds };
  });
}

export async function baseline(db: Db): Promise<Baseline> {
  const result = await db.execute(sql`select
    (select coalesce(max(id), 0) from finance_entries)::int as entry,
    (select coalesce(max(id), 0) from handovers)::int as handover,
    (select coalesce(max(id), 0) from audit_log)::int as audit,
    (select coalesce(max(id), 0) from lead_logs)::int as "leadLog"`);
  return rowsOf<Baseline>(result)[0];
}

/** Rows of db.execute() on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
