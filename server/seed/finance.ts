// The demo ledger: the demo kinds, two cashiers per demo branch ("Asosiy kassa" answered for by the branch's
// accountant or administrator, and "Bank"), and entries over the last two months — the students' payments of a
// healthy centre (server/seed/payments.ts, from what was charged: runs after the billing seed), other income,
// expenses, one payment typed twice and reversed (Chilonzor) and one handover per branch. Every seed on the same day
// gives the same ledger; a running balance per cashier and method keeps each expense within what the cashier holds
// (the CHECK of cashier_balances would refuse it otherwise).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FinanceAction, PaymentMethod } from '../../contract/finance';
import { fromCents, toCents } from '../../contract/money';
import type { DbOrTx } from '../db/client';
import { cashiers, employeeFilials, employees, financeKinds, handovers } from '../db/schema';
import { insertLedgerRow } from '../domain/finance/ledgerInsert';
import { CENTRE_TIME_ZONE, centreToday } from '../domain/lessons/dates';
import type { DemoFilial } from './demo';
import { demoPayments } from './payments';

export const DEMO_EXPENSE_KINDS = ['Ijara', 'Maosh', 'Kommunal to‘lovlar', 'Kantselyariya'] as const;
export const DEMO_INCOME_KINDS = ['Kitob sotuvi', 'Boshqa kirim'] as const;
export const DEMO_CASHIERS = ['Asosiy kassa', 'Bank'] as const;
const BRANCHES: DemoFilial[] = ['Chilonzor', 'Yunusobod', 'Samarqand'];

/** `days` ago at `hour`:00 in Tashkent, never later than now (a payment "today" may be due later in the day). */
const daysAgo = (days: number, hour = 10) =>
  sql`least(((((now() at time zone ${sql.raw(`'${CENTRE_TIME_ZONE}'`)})::date - ${days}::int)::timestamp + make_interval(hours => ${hour})) at time zone ${sql.raw(`'${CENTRE_TIME_ZONE}'`)}), now())`;

export async function seedFinance(tx: DbOrTx, filialId: (name: DemoFilial) => number, now: Date): Promise<void> {
  const kindRows = await tx
    .insert(financeKinds)
    .values([
      ...DEMO_EXPENSE_KINDS.map((name) => ({ name, action: 'expense' as const })),
      ...DEMO_INCOME_KINDS.map((name) => ({ name, action: 'income' as const })),
    ])
    .returning({ id: financeKinds.id, name: financeKinds.name });
  const kind = (name: string) => kindRows.find((k) => k.name === name)!.id;
  const system = await tx.select({ id: financeKinds.id, key: financeKinds.systemKey, action: financeKinds.action }).from(financeKinds).where(sql`${financeKinds.systemKey} is not null`);
  const systemKind = (key: string, action: FinanceAction) => system.find((k) => k.key === key && k.action === action)!.id;
  const [director] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.role, 'DIRECTOR')).orderBy(asc(employees.id)).limit(1);

  for (const branch of BRANCHES) {
    const filial = filialId(branch);
    const [keeper] = await tx
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(employeeFilials, eq(employeeFilials.employeeId, employees.id))
      .where(and(eq(employeeFilials.filialId, filial), inArray(employees.role, ['ACCOUNTING', 'ADMINISTRATOR']), eq(employees.isArchived, false)))
      .orderBy(sql`case when ${employees.role} = 'ACCOUNTING' then 0 else 1 end`, asc(employees.id))
      .limit(1);
    const author = keeper?.id ?? director.id;
    const [main, bank] = await tx
      .insert(cashiers)
      .values(DEMO_CASHIERS.map((name, i) => ({ filialId: filial, name, employeeId: i === 0 ? (keeper?.id ?? null) : null, createdBy: director.id, createdAt: daysAgo(70) })))
      .returning({ id: cashiers.id });

    const held = new Map<string, bigint>();
    const book = async (e: { cashierId: number; action: FinanceAction; kindId: number; method: PaymentMethod; amount: string; days: number; hour?: number; studentId?: number; groupId?: number; comment?: string; reversesId?: number; handoverId?: number }) => {
      const key = `${e.cashierId}/${e.method}`;
      const now = held.get(key) ?? 0n;
      const delta = e.action === 'income' ? toCents(e.amount) : -toCents(e.amount);
      if (now + delta < 0n) return undefined;
      held.set(key, now + delta);
      return insertLedgerRow(tx, {
          filialId: filial,
          cashierId: e.cashierId,
          action: e.action,
          kindId: e.kindId,
          method: e.method,
          amount: e.amount,
          studentId: e.studentId ?? null,
          groupId: e.groupId ?? null,
          comment: e.comment ?? '',
          reversesId: e.reversesId ?? null,
          handoverId: e.handoverId ?? null,
          authorId: author,
          createdAt: daysAgo(e.days, e.hour ?? 10),
        });
    };

    // Student payments from what was charged (server/seed/payments.ts): card into the bank, the rest into the main desk.
    const today = centreToday(now);
    const ago = (date: string) => Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
    const paid: { id: number; amount: string; studentId: number; groupId: number }[] = [];
    for (const [i, p] of (await demoPayments(tx, filial, today)).entries()) {
      const id = await book({
        cashierId: p.bank ? bank.id : main.id,
        action: 'income',
        kindId: systemKind('student_payment', 'income'),
        method: p.method,
        amount: p.amount,
        days: ago(p.date),
        hour: 9 + (i % 9),
        studentId: p.studentId,
        groupId: p.groupId,
      });
      if (id && p.method === 'cash') paid.push({ id, amount: p.amount, studentId: p.studentId, groupId: p.groupId });
    }
    await book({ cashierId: main.id, action: 'income', kindId: kind('Kitob sotuvi'), method: 'cash', amount: '45000.00', days: 40, comment: 'Ingliz tili darsligi' });
    await book({ cashierId: main.id, action: 'income', kindId: kind('Boshqa kirim'), method: 'cash', amount: '100000.00', days: 33 });
    await book({ cashierId: main.id, action: 'expense', kindId: kind('Kantselyariya'), method: 'cash', amount: '120000.00', days: 20, comment: 'Qog‘oz va markerlar' });
    await book({ cashierId: bank.id, action: 'expense', kindId: kind('Kommunal to‘lovlar'), method: 'card', amount: '250000.00', days: 15 });
    await book({ cashierId: main.id, action: 'expense', kindId: kind('Ijara'), method: 'cash', amount: '500000.00', days: 10 });
    await book({ cashierId: main.id, action: 'expense', kindId: kind('Maosh'), method: 'cash', amount: '300000.00', days: 6 });

    // Chilonzor: the latest cash payment was typed in twice; the second one was reversed the same day.
    const twice = paid.at(-1);
    if (branch === 'Chilonzor' && twice) {
      const duplicate = await book({ cashierId: main.id, action: 'income', kindId: systemKind('student_payment', 'income'), method: 'cash', amount: twice.amount, days: 3, hour: 11, studentId: twice.studentId, groupId: twice.groupId });
      if (duplicate)
        await book({
          cashierId: main.id,
          action: 'expense',
          kindId: systemKind('student_payment', 'income'),
          method: 'cash',
          amount: twice.amount,
          days: 3,
          hour: 12,
          comment: 'Ikki marta kiritilgan',
          reversesId: duplicate,
          studentId: twice.studentId,
          groupId: twice.groupId,
        });
    }

    // Half of the main cash (rounded down to 10 000) taken to the bank.
    const cash = held.get(`${main.id}/cash`) ?? 0n;
    const moved = (cash / 2n / 1_000_000n) * 1_000_000n;
    if (moved > 0n) {
      const amount = fromCents(moved);
      const [h] = await tx
        .insert(handovers)
        .values({ filialId: filial, fromCashierId: main.id, toCashierId: bank.id, method: 'cash', amount, comment: 'Bankka topshirildi', authorId: author, createdAt: daysAgo(2) })
        .returning({ id: handovers.id });
      await book({ cashierId: main.id, action: 'expense', kindId: systemKind('handover', 'expense'), method: 'cash', amount, days: 2, handoverId: h.id, comment: 'Bankka topshirildi' });
      await book({ cashierId: bank.id, action: 'income', kindId: systemKind('handover', 'income'), method: 'cash', amount, days: 2, handoverId: h.id, comment: 'Bankka topshirildi' });
    }
  }
}
