// A student's groups as the allocation rule (contract/allocation.ts) sees them: every group they are in now or
// hold a balance in, with that balance. Read with the student's balance rows locked (FOR UPDATE), so two payments
// (or a payment and an archiving refund) for one student split against balances that no one else is moving: the
// second waits for the first to commit and then sees its effect.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AllocationGroup } from '../../../contract/allocation';
import type { DbOrTx } from '../../db/client';
import { studentBalances, studentGroups } from '../../db/schema';

export async function lockedMoneyGroups(tx: DbOrTx, studentId: number): Promise<AllocationGroup[]> {
  const balances = await tx
    .select({ group: studentBalances.groupId, balance: sql<string>`${studentBalances.balance}::text` })
    .from(studentBalances)
    .where(eq(studentBalances.studentId, studentId))
    .orderBy(studentBalances.groupId)
    .for('update');
  const open = await tx
    .selectDistinct({ group: studentGroups.groupId })
    .from(studentGroups)
    .where(and(eq(studentGroups.studentId, studentId), isNull(studentGroups.leftOn)));
  const openIds = new Set(open.map((m) => m.group));
  const out: AllocationGroup[] = balances.map((b) => ({ group: b.group, balance: b.balance, open: openIds.has(b.group) }));
  for (const id of openIds) if (!balances.some((b) => b.group === id)) out.push({ group: id, balance: '0.00', open: true });
  return out;
}
