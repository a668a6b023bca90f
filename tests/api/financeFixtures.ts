// Money rows for the debtors and finance report tests, written straight to the database (the ledger's own API is
// another area's): two branches of the test's own, cashiers, kinds, entries at chosen instants (in time order, so
// cashier balances never dip below zero), a handover, reversals, charges for lessons and vouchers.
//
// The scenario, in branch F (cashiers C1, C2; groups A: teacher T1, every day; B: teacher T2, Tuesday and
// Thursday) and branch G (cashier D1), all times Tashkent (+05:00):
//   28 Feb 23:30  income "Other income" 999.00 cash C1            (before the period)
//   01 Mar 00:30  income "Other income" 1 000 000.00 cash C1
//   05 Mar        voucher S6/A 5 000.00
//   10 Mar        payment S1/A 300 000.50 card C1
//   12 Mar        payment S2/A 200 000.00 cash C1 — reversed 20 Mar
//   15 Mar        charge S2/A 100 000.00
//   25 Mar        expense "Rent" 150 000.25 cash C1
//   01 Apr        payment S3/B 10 000.00 cash C1 — reversed 03 Apr
//   02 Apr        handover C1 → C2 500 000.00 cash
//   05 Apr        refund S1/A 50 000.00 cash C2
//   10 Apr        income "Other income" 80 000.00 payme D1 (branch G)
//   15 Apr        charge S3/B 700 000.00
//   20 Apr        charges S1/A 400 000.00, S4/A 1 000.00 (S4 archived since), S5/A 1 000.00 (S5 left A on 25 Apr)
//   05 May        voucher S2/A 100 000.00
import { and, eq } from 'drizzle-orm';
import { cashiers, filials, financeEntries, financeKinds, groups, handovers, lessons, studentCharges, students, vouchers } from '../../server/db/schema';
import type { Fixture } from './eduFixtures';
import type { TestApp } from './harness';

let serial = 0;
const tag = () => `${process.pid % 1000}x${(serial += 1)}`;
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+05:00`);

export function moneyFixture(t: TestApp, f: Fixture) {
  const author = () => t.demo('DIRECTOR').id;

  async function systemKind(key: 'student_payment' | 'student_refund' | 'handover', action: 'income' | 'expense') {
    const [row] = await t.db.select({ id: financeKinds.id }).from(financeKinds).where(and(eq(financeKinds.systemKey, key), eq(financeKinds.action, action)));
    return row.id;
  }

  async function kind(name: string, action: 'income' | 'expense') {
    const [row] = await t.db.insert(financeKinds).values({ name, action }).returning({ id: financeKinds.id });
    return row.id;
  }

  async function filial(name: string) {
    const [row] = await t.db.insert(filials).values({ name }).returning({ id: filials.id });
    return row.id;
  }

  async function cashier(filialId: number, name: string) {
    const [row] = await t.db.insert(cashiers).values({ filialId, name }).returning({ id: cashiers.id });
    return row.id;
  }

  type Entry = {
    filialId: number;
    cashierId: number;
    action: 'income' | 'expense';
    kindId: number;
    method: 'cash' | 'card' | 'payme';
    amount: string;
    createdAt: Date;
    studentId?: number;
    groupId?: number;
    reversesId?: number;
    handoverId?: number;
  };
  async function entry(e: Entry) {
    const [row] = await t.db.insert(financeEntries).values({ ...e, authorId: author() }).returning({ id: financeEntries.id });
    return row.id;
  }

  async function charge(studentId: number, group: Awaited<ReturnType<Fixture['group']>>, date: string, amount: string) {
    // One lesson per group and day, shared by the students charged for it.
    const [held] = await t.db.select({ id: lessons.id }).from(lessons).where(and(eq(lessons.groupId, group.id), eq(lessons.date, date)));
    const lessonId = held?.id ?? (await f.lessons(group, [date]))[0];
    await t.db.insert(studentCharges).values({ studentId, groupId: group.id, lessonId, filialId: group.filialId, date, amount, monthlyPrice: '500000.00' });
  }

  return {
    systemKind,
    kind,
    filial,
    cashier,
    entry,
    charge,

    async scenario() {
      const id = tag();
      const fName = `Moliya F ${id}`;
      const gName = `Moliya G ${id}`;
      const F = await filial(fName);
      const G = await filial(gName);
      const c1Name = `Kassa 1 ${id}`;
      const c2Name = `Kassa 2 ${id}`;
      const C1 = await cashier(F, c1Name);
      const C2 = await cashier(F, c2Name);
      const D1 = await cashier(G, `Kassa G ${id}`);
      const kinds = {
        payment: await systemKind('student_payment', 'income'),
        refund: await systemKind('student_refund', 'expense'),
        handoverIn: await systemKind('handover', 'income'),
        handoverOut: await systemKind('handover', 'expense'),
        otherIncome: await kind('Other income', 'income'),
        rent: await kind('Rent', 'expense'),
      };
      const T1 = t.demo('TEACHER').id;
      const T2 = t.demo('HEAD_TEACHER').id;
      const A = await f.group({ filialId: F, teacherId: T1 });
      const B = await f.group({ filialId: F, teacherId: T2 });
      await t.db.update(groups).set({ days: [2, 4] }).where(eq(groups.id, B.id));
      const word = `Qarz${id.replace(/\D/g, '')}`;
      const S: Record<1 | 2 | 3 | 4 | 5 | 6, { id: number; full_name: string; phone: string }> = {} as never;
      for (const n of [1, 2, 3, 4, 5, 6] as const) S[n] = await f.student(F, `${word} Talaba${n}`);
      await t.db.update(students).set({ parentPhone: '+998971112233' }).where(eq(students.id, S[1].id));
      for (const n of [1, 2, 4, 6] as const) await f.member(S[n].id, A.id, '2026-02-01');
      await f.member(S[3].id, B.id, '2026-02-01');
      await f.member(S[5].id, A.id, '2026-02-01', '2026-04-25');

      const base = { filialId: F, cashierId: C1 };
      await entry({ ...base, action: 'income', kindId: kinds.otherIncome, method: 'cash', amount: '999.00', createdAt: at('2026-02-28', '23:30') });
      await entry({ ...base, action: 'income', kindId: kinds.otherIncome, method: 'cash', amount: '1000000.00', createdAt: at('2026-03-01', '00:30') });
      await t.db.insert(vouchers).values({ studentId: S[6].id, groupId: A.id, filialId: F, amount: '5000.00', createdAt: at('2026-03-05') });
      const pay = (n: 1 | 2 | 3, group: number, method: 'cash' | 'card', amount: string, day: string) =>
        entry({ ...base, action: 'income', kindId: kinds.payment, method, amount, studentId: S[n].id, groupId: group, createdAt: at(day) });
      const reverse = (of: number, n: 2 | 3, group: number, amount: string, day: string) =>
        entry({ ...base, action: 'expense', kindId: kinds.payment, method: 'cash', amount, studentId: S[n].id, groupId: group, reversesId: of, createdAt: at(day) });
      await pay(1, A.id, 'card', '300000.50', '2026-03-10');
      const e3 = await pay(2, A.id, 'cash', '200000.00', '2026-03-12');
      await charge(S[2].id, A, '2026-03-15', '100000.00');
      await reverse(e3, 2, A.id, '200000.00', '2026-03-20');
      await entry({ ...base, action: 'expense', kindId: kinds.rent, method: 'cash', amount: '150000.25', createdAt: at('2026-03-25') });
      const e8 = await pay(3, B.id, 'cash', '10000.00', '2026-04-01');
      const [h] = await t.db
        .insert(handovers)
        .values({ filialId: F, fromCashierId: C1, toCashierId: C2, method: 'cash', amount: '500000.00', authorId: author(), createdAt: at('2026-04-02') })
        .returning({ id: handovers.id });
      await entry({ ...base, action: 'expense', kindId: kinds.handoverOut, method: 'cash', amount: '500000.00', handoverId: h.id, createdAt: at('2026-04-02') });
      await entry({ filialId: F, cashierId: C2, action: 'income', kindId: kinds.handoverIn, method: 'cash', amount: '500000.00', handoverId: h.id, createdAt: at('2026-04-02') });
      await reverse(e8, 3, B.id, '10000.00', '2026-04-03');
      await entry({ filialId: F, cashierId: C2, action: 'expense', kindId: kinds.refund, method: 'cash', amount: '50000.00', studentId: S[1].id, groupId: A.id, createdAt: at('2026-04-05') });
      await entry({ filialId: G, cashierId: D1, action: 'income', kindId: kinds.otherIncome, method: 'payme', amount: '80000.00', createdAt: at('2026-04-10') });
      await charge(S[3].id, B, '2026-04-15', '700000.00');
      await charge(S[1].id, A, '2026-04-20', '400000.00');
      await charge(S[4].id, A, '2026-04-20', '1000.00');
      await charge(S[5].id, A, '2026-04-20', '1000.00');
      await t.db.update(students).set({ isArchived: true, status: 'archived', archivedAt: at('2026-04-28') }).where(eq(students.id, S[4].id));
      await t.db.insert(vouchers).values({ studentId: S[2].id, groupId: A.id, filialId: F, amount: '100000.00', createdAt: at('2026-05-05') });
      return { F, G, fName, gName, C1, C2, D1, c1Name, c2Name, kinds, A, B, T1, T2, S, word };
    },
  };
}
