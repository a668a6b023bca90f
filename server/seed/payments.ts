// The demo's student payments: a healthy centre (issue 15). Computed from what the billing rule charged (the
// student_charges rows made by syncCharges) and from each group's price after the running sale, never from fixed
// amounts, so the demo stays right whatever the charge rule rounds to. Per branch, every (student, group) with
// charges or an open membership, in a fixed order:
//   - most students paid: everything charged before this month, on the day of their first charged lesson, and
//     this month's full price (after the sale) in the first days of this month (a prepaid month, so lessons held
//     later this month keep them out of debt);
//   - every twelfth, from the sixth, owes this month (paid up to the end of last month);
//   - every twelfth, from the eleventh, owes two months (paid nothing since last month began).
// So about one student in six owes, one or two months' fee at most; payments fall in both months in every branch.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { priceAfterSale } from '../../contract/billing';
import type { PaymentMethod } from '../../contract/finance';
import { fromCents, toCents } from '../../contract/money';
import type { DbOrTx } from '../db/client';
import { groups, studentGroups, students } from '../db/schema';
import { addDays } from '../domain/lessons/dates';

export type DebtorKind = 'paid' | 'owes_month' | 'owes_two_months';

/** Which students of a branch's ordered list owe: about one in six (at most a fifth), deterministic. */
export function debtorKindAt(index: number): DebtorKind {
  if (index % 12 === 5) return 'owes_month';
  if (index % 12 === 10) return 'owes_two_months';
  return 'paid';
}

export type SeedPayment = { studentId: number; groupId: number; amount: string; date: string; method: PaymentMethod; bank: boolean };

type Pair = {
  studentId: number;
  groupId: number;
  open: boolean;
  joinedOn: string | null;
  price: string;
  before: bigint;
  now: bigint;
  firstBefore: string | null;
  firstNow: string | null;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The payments a branch's students made, by the rules above; `today` is the centre's date. */
export async function demoPayments(tx: DbOrTx, filialId: number, today: string): Promise<SeedPayment[]> {
  const monthStart = `${today.slice(0, 7)}-01`;
  const charged = rowsOf<{ student_id: number; group_id: number; before: string; now: string; first_before: string | null; first_now: string | null }>(
    await tx.execute(sql`
      select c.student_id, c.group_id,
        coalesce(sum(c.amount) filter (where c.date < ${monthStart}::date), 0)::text as before,
        coalesce(sum(c.amount) filter (where c.date >= ${monthStart}::date), 0)::text as now,
        min(c.date) filter (where c.date < ${monthStart}::date)::text as first_before,
        min(c.date) filter (where c.date >= ${monthStart}::date)::text as first_now
      from student_charges c join students s on s.id = c.student_id
      where c.filial_id = ${filialId} and not s.is_archived
      group by c.student_id, c.group_id`),
  );
  const open = await tx
    .select({ studentId: studentGroups.studentId, groupId: studentGroups.groupId, joinedOn: studentGroups.joinedOn, price: sql<string>`coalesce(${studentGroups.price}, ${groups.price})::text` })
    .from(studentGroups)
    .innerJoin(groups, eq(groups.id, studentGroups.groupId))
    .innerJoin(students, eq(students.id, studentGroups.studentId))
    .where(and(eq(groups.filialId, filialId), isNull(studentGroups.leftOn), eq(students.isArchived, false)));
  const sales = rowsOf<{ student_id: number; group_id: number; kind: 'percent' | 'fixed'; value: string }>(
    await tx.execute(sql`
      select ss.student_id, ss.group_id, sa.kind, sa.value::text as value
      from student_sales ss join sales sa on sa.id = ss.sale_id
      where ss.filial_id = ${filialId} and ss.from_date <= ${today}::date and (ss.ended_on is null or ss.ended_on >= ${today}::date)`),
  );

  const pairs = new Map<string, Pair>();
  const keyOf = (s: number, g: number) => `${s}:${g}`;
  for (const c of charged) {
    pairs.set(keyOf(Number(c.student_id), Number(c.group_id)), {
      studentId: Number(c.student_id),
      groupId: Number(c.group_id),
      open: false,
      joinedOn: null,
      price: '0.00',
      before: toCents(c.before),
      now: toCents(c.now),
      firstBefore: c.first_before,
      firstNow: c.first_now,
    });
  }
  for (const m of open) {
    const key = keyOf(m.studentId, m.groupId);
    const pair = pairs.get(key) ?? { studentId: m.studentId, groupId: m.groupId, open: false, joinedOn: null, price: '0.00', before: 0n, now: 0n, firstBefore: null, firstNow: null };
    const sale = sales.find((s) => Number(s.student_id) === m.studentId && Number(s.group_id) === m.groupId);
    pairs.set(key, { ...pair, open: true, joinedOn: m.joinedOn, price: priceAfterSale(m.price, sale ? { kind: sale.kind, value: sale.value } : null) });
  }

  // One kind per student (their first group in the order decides), so a debtor owes in every group they are in.
  const ordered = [...pairs.values()].sort((a, b) => a.studentId - b.studentId || a.groupId - b.groupId);
  const kinds = new Map<number, DebtorKind>();
  for (const p of ordered) if (!kinds.has(p.studentId)) kinds.set(p.studentId, debtorKindAt(kinds.size));

  const out: SeedPayment[] = [];
  ordered.forEach((p, i) => {
    const kind = kinds.get(p.studentId)!;
    const method: PaymentMethod = i % 3 === 0 ? 'card' : i % 4 === 1 ? 'click' : 'cash';
    const pay = (cents: bigint, date: string) => {
      if (cents > 0n) out.push({ studentId: p.studentId, groupId: p.groupId, amount: fromCents(cents), date, method, bank: method === 'card' });
    };
    // Last month (and anything earlier), on the day of the first lesson charged then.
    if (kind !== 'owes_two_months' && p.firstBefore) pay(p.before, p.firstBefore);
    if (kind !== 'paid') return;
    // This month: the month's price in its first days (not before joining, not after today); a group the student
    // has left is settled to what it charged.
    const day = [addDays(monthStart, i % 5), p.joinedOn ?? monthStart].sort().at(-1)!;
    const date = day > today ? today : day;
    if (p.open) pay(toCents(p.price) > p.now ? toCents(p.price) : p.now, date);
    else if (p.firstNow) pay(p.now, p.firstNow);
  });
  return out;
}
