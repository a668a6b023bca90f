// Demo billing: the sale catalogue ("Aka-uka chegirmasi" 10 %, "Ijtimoiy" 50 000), one Chilonzor student with the
// sibling sale from the start of last month, one voucher, then every demo student charged for the held lessons of
// their groups (the same sync the app runs), so the demo's debtors and balances look real.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { employees, groups, sales, studentGroups, studentSales, vouchers } from '../db/schema';
import { syncCharges } from '../domain/billing/charges';
import { addDays, centreToday } from '../domain/lessons/dates';
import type { DemoFilial } from './demo';

export const DEMO_SALES = [
  { name: 'Aka-uka chegirmasi', kind: 'percent' as const, value: '10.00' },
  { name: 'Ijtimoiy', kind: 'fixed' as const, value: '50000.00' },
];

export async function seedBilling(tx: Tx, filialId: (name: DemoFilial) => number, now: Date): Promise<void> {
  const [director] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.role, 'DIRECTOR')).limit(1);
  const createdBy = director?.id ?? null;
  const catalogue = await tx
    .insert(sales)
    .values(DEMO_SALES.map((s) => ({ ...s, createdBy })))
    .returning({ id: sales.id });
  const chilonzor = filialId('Chilonzor');
  const members = await tx
    .select({ studentId: studentGroups.studentId, groupId: studentGroups.groupId })
    .from(studentGroups)
    .innerJoin(groups, eq(groups.id, studentGroups.groupId))
    .where(and(eq(groups.filialId, chilonzor), isNull(studentGroups.leftOn), eq(groups.isSecondary, false)))
    .orderBy(asc(studentGroups.id))
    .limit(2);
  const lastMonth = `${addDays(`${centreToday(now).slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  if (members[0]) {
    await tx.insert(studentSales).values({
      ...members[0],
      filialId: chilonzor,
      saleId: catalogue[0].id,
      fromDate: lastMonth,
      reason: 'Akasi ham shu markazda o‘qiydi',
      createdBy,
    });
  }
  const voucherHolder = members[1] ?? members[0];
  if (voucherHolder) {
    await tx.insert(vouchers).values({ ...voucherHolder, filialId: chilonzor, amount: '100000.00', reason: 'Olimpiada g‘olibi', createdBy });
  }
  await syncCharges(tx, {}, now);
}
