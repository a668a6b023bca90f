// The simulation's model of the centre: what it did through the API (memberships, freezes, sales, money, marks) and,
// from that alone, what the product must show — the charges, balances and debtors — computed by the billing rules
// written out again here (design page "Billing", docs/decisions.md), not by the product's own functions.
import { soum } from './money';

export type Mark = 'present' | 'late' | 'absent' | 'excused';
export const METHODS = ['cash', 'card'] as const;
export type Method = (typeof METHODS)[number];

export type Lesson = {
  id: number;
  group: number;
  date: string;
  start: string;
  /** Place among the group's lessons of its calendar month (1-based) and how many there are. */
  pos: number;
  n: number;
  /** Marked (the product's "held"): only a held lesson is charged. */
  held: boolean;
  marks: Map<number, Mark>;
  /** Who the API listed on the register when the teacher opened it (null before). */
  roster: number[] | null;
};

export type Group = { id: number; name: string; price: number; days: number[]; start: string; teacher: string; lessons: Lesson[] };
export type Membership = { group: number; joinedOn: string; leftOn: string | null };
export type Freeze = { from: string; to: string; endedOn: string | null };
export type SaleSpan = { id: number; group: number; kind: 'percent' | 'fixed'; value: number; from: string; endedOn: string | null };
export type Voucher = { id: number; group: number; amount: number; cancelled: boolean };
export type Payment = { entry: number; group: number; amount: number; desk: number; method: Method; reversed: boolean };

export type Student = {
  id: number;
  name: string;
  status: 'new' | 'active' | 'frozen' | 'archived';
  memberships: Membership[];
  freezes: Freeze[];
  sales: SaleSpan[];
  vouchers: Voucher[];
  payments: Payment[];
  /** Money booked per group by the ledger and vouchers: payments − reversals − refunds + vouchers, in tiyin. */
  booked: Map<number, number>;
};

export type Desk = { id: number; name: string; balance: Record<Method, number> };
export type Sale = { id: number; kind: 'percent' | 'fixed'; value: number };

export type Centre = {
  filial: number;
  chargeExcused: boolean;
  groups: Group[];
  students: Student[];
  desks: Desk[];
  sales: Sale[];
  expenseKind: number;
};

export type Now = { date: string; time: string };

export const begun = (l: Pick<Lesson, 'date' | 'start'>, now: Now) => l.date < now.date || (l.date === now.date && l.start <= now.time);
export const isMember = (m: Membership, date: string) => m.joinedOn <= date && (m.leftOn === null || date <= m.leftOn);
export const lastFrozenDay = (f: Freeze) => (f.endedOn !== null && f.endedOn < f.to ? f.endedOn : f.to);
export const isFrozen = (s: Student, date: string) => s.freezes.some((f) => f.from <= date && date <= lastFrozenDay(f));

/** Who is expected at a group's lesson on `date`: its members that day who are not frozen. */
export function rosterOf(c: Centre, group: number, date: string): number[] {
  return c.students
    .filter((s) => s.memberships.some((m) => m.group === group && isMember(m, date)) && !isFrozen(s, date))
    .map((s) => s.id)
    .sort((a, b) => a - b);
}

/** The monthly price after the sale running on `date` (the latest started one): percent rounded to whole so'm, halves up. */
export function priceOn(group: Group, student: Student, date: string): number {
  const sale = student.sales
    .filter((s) => s.group === group.id && s.from <= date && (s.endedOn === null || date <= s.endedOn))
    .sort((a, b) => (a.from < b.from ? 1 : a.from > b.from ? -1 : b.id - a.id))[0];
  const whole = group.price / 100;
  if (!sale) return group.price;
  if (sale.kind === 'fixed') return Math.max(0, group.price - sale.value);
  return soum(Math.floor((whole * (100 - sale.value) * 2 + 100) / 200));
}

/** A lesson's share of a monthly price: whole so'm, the remainder one so'm each on the month's last lessons. */
export function share(price: number, pos: number, n: number): number {
  const whole = price / 100;
  const remainder = whole % n;
  return soum(Math.floor(whole / n) + (pos > n - remainder ? 1 : 0));
}

export type Charge = { student: number; group: number; lesson: number; date: string; amount: number };

/** Every charge the product must hold at `now`: held lessons that have begun, their roster, excused as the branch says. */
export function expectedCharges(c: Centre, now: Now): Charge[] {
  const out: Charge[] = [];
  for (const g of c.groups)
    for (const l of g.lessons) {
      if (!l.held || !begun(l, now)) continue;
      for (const id of rosterOf(c, g.id, l.date)) {
        if (l.marks.get(id) === 'excused' && !c.chargeExcused) continue;
        const s = student(c, id);
        out.push({ student: id, group: g.id, lesson: l.id, date: l.date, amount: share(priceOn(g, s, l.date), l.pos, l.n) });
      }
    }
  return out;
}

export const student = (c: Centre, id: number) => c.students.find((s) => s.id === id)!;
export const group = (c: Centre, id: number) => c.groups.find((g) => g.id === id)!;

/** Balance per group: booked money minus charges; every group the student has a membership or money in. */
export function balances(_c: Centre, charges: Charge[], s: Student): Map<number, number> {
  const out = new Map<number, number>();
  for (const m of s.memberships) out.set(m.group, 0);
  for (const [g, v] of s.booked) out.set(g, (out.get(g) ?? 0) + v);
  for (const ch of charges) if (ch.student === s.id) out.set(ch.group, (out.get(ch.group) ?? 0) - ch.amount);
  return out;
}

export const total = (b: Map<number, number>) => [...b.values()].reduce((a, v) => a + v, 0);
export const openGroups = (s: Student) => s.memberships.filter((m) => m.leftOn === null).map((m) => m.group);
export const book = (s: Student, group: number, amount: number) => s.booked.set(group, (s.booked.get(group) ?? 0) + amount);

/**
 * A payment without a group, as docs/decisions.md says: the open groups and the left ones in debt, largest debt
 * first (equal: lower id); each debt paid to zero; the rest to the first open group in that order, else the first.
 */
export function splitPayment(amount: number, bal: Map<number, number>, open: number[]): { group: number; amount: number }[] {
  const order = [...bal.entries()]
    .filter(([g, v]) => open.includes(g) || v < 0)
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  if (!order.length) return [];
  const parts = new Map<number, number>();
  let rest = amount;
  for (const [g, v] of order) {
    if (rest === 0 || v >= 0) break;
    const take = Math.min(-v, rest);
    parts.set(g, take);
    rest -= take;
  }
  if (rest > 0) {
    const target = (order.find(([g]) => open.includes(g)) ?? order[0])[0];
    parts.set(target, (parts.get(target) ?? 0) + rest);
  }
  return order.filter(([g]) => parts.has(g)).map(([g]) => ({ group: g, amount: parts.get(g)! }));
}

/** A refund of the whole (positive) total: groups in credit, largest first, each down to zero at most. */
export function splitRefund(amount: number, bal: Map<number, number>): { group: number; amount: number }[] {
  const credit = [...bal.entries()].filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const out: { group: number; amount: number }[] = [];
  let rest = amount;
  for (const [g, v] of credit) {
    if (rest === 0) break;
    const take = Math.min(v, rest);
    out.push({ group: g, amount: take });
    rest -= take;
  }
  return out;
}

/**
 * Debtors: one row per group in which a current student (not archived, in a group now) has a balance below zero,
 * groups they have left included (a moved student still owes the old group).
 */
export function expectedDebtors(c: Centre, charges: Charge[]): { student: number; group: number; balance: number }[] {
  const rows: { student: number; group: number; balance: number }[] = [];
  for (const s of c.students) {
    if (s.status === 'archived' || !openGroups(s).length) continue;
    for (const [g, v] of balances(c, charges, s)) if (v < 0) rows.push({ student: s.id, group: g, balance: v });
  }
  return rows;
}

/**
 * The month's charges of a student in a group, pro-rated by the days they studied: the month's price (after the
 * sale of each day) split over its n lessons, summed over the lessons they were charged for. A whole month at one
 * price is the price itself.
 */
export function proRated(_c: Centre, s: Student, g: Group, month: string, studied: Lesson[]): number {
  const inMonth = g.lessons.filter((l) => l.date.startsWith(month));
  const prices = new Set(inMonth.map((l) => priceOn(g, s, l.date)));
  if (studied.length === inMonth.length && inMonth.length > 0 && prices.size === 1) return [...prices][0];
  return studied.reduce((sum, l) => sum + share(priceOn(g, s, l.date), l.pos, l.n), 0);
}
