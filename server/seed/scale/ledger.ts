// A branch's ledger, walked day by day in time order: students pay for their months (whole, in two parts, or
// not at all: the debtors), a few payments are typed wrong and reversed, other income and expenses come and go,
// and every working evening most of the reception's cash is handed over to the bank desk. A running balance per
// cash desk and method keeps every expense within what the desk holds, as cashier_balances' CHECK demands; the
// entries are inserted in the same order, so the triggers see the same running balances.
import type { PaymentMethod } from '../../../contract/finance';
import type { Db } from '../../db/client';
import { TableWriter, reserveIds, type WriteMode } from './bulk';
import { ledgerBalances } from './balances';
import { monthOf, stamp, weekdayOf } from './calendar';
import type { Branch } from './branches';
import type { MonthlyCharges } from './classes';
import { ENTRIES_PER_STUDENT, HISTORY_DAYS } from './plan';
import type { Rng } from './random';
import type { EXPENSE_KINDS, Reference } from './reference';

type Entry = {
  day: number;
  minute: number;
  cashier: number;
  action: 'income' | 'expense';
  kind: number;
  method: PaymentMethod;
  cents: number;
  student: number | null;
  group: number | null;
  comment: string;
  /** Index (in the branch's entry list) of the entry this one reverses. */
  reverses: number | null;
  handover: number | null;
};
type Planned = Omit<Entry, 'reverses' | 'handover'> & { mistake?: boolean };

const METHODS: readonly (readonly [PaymentMethod, number])[] = [['cash', 45], ['card', 20], ['click', 15], ['payme', 12], ['uzum', 3], ['transfer', 5]];
const BANK_METHODS: ReadonlySet<PaymentMethod> = new Set(['card', 'transfer']);

const EXPENSES: readonly (readonly [(typeof EXPENSE_KINDS)[number], number, number, number])[] = [
  // kind, weight, min, max (so'm)
  ['Ijara', 1, 5_000_000, 15_000_000],
  ['Maosh', 3, 1_500_000, 6_000_000],
  ['Kommunal to‘lovlar', 2, 300_000, 2_000_000],
  ['Kantselyariya', 6, 20_000, 300_000],
  ['Reklama', 1, 500_000, 3_000_000],
  ['Ta’mirlash', 1, 200_000, 3_000_000],
  ['Xo‘jalik mollari', 6, 20_000, 200_000],
];

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const roundTo = (cents: number, step: number) => Math.floor(cents / step) * step;

export type LedgerCounts = { entries: number; handovers: number };

export async function writeLedger(db: Db, mode: WriteMode, branch: Branch, monthly: MonthlyCharges, ref: Reference, today: number, rng: Rng): Promise<LedgerCounts> {
  const { main, bank } = branch.cashier;
  const k = ref.kinds;
  const deskOf = (method: PaymentMethod) => (BANK_METHODS.has(method) ? bank : main);
  const planned: Planned[] = [];
  const thisMonth = monthOf(today);
  // Nothing is dated today or later: every entry is in the past whenever the seed runs.
  const lastDay = today - 1;

  // Student payments for the months they were charged.
  for (const [m, months] of monthly) {
    for (const [mo, c] of months) {
      const current = mo === thisMonth;
      if (rng.chance(current ? 0.25 : 0.08)) continue;
      const due = current && m.left === null ? c.monthlyPrice : c.cents;
      if (due <= 0) continue;
      const parts = due >= 200_000_00 && rng.chance(0.35) ? 2 : 1;
      const firstPart = parts === 2 ? roundTo(due / 2, 1000_00) : due;
      const day = Math.min(lastDay, Math.max(m.joined, c.firstDay - rng.int(0, 3)));
      const pay = (amount: number, on: number) => {
        const method = rng.weighted(METHODS);
        const p: Planned = { day: on, minute: rng.int(540, 1140), cashier: deskOf(method), action: 'income', kind: k.payment, method, cents: amount, student: m.student.id, group: m.group.id, comment: '' };
        planned.push(p);
        if (rng.chance(0.004)) planned.push({ ...p, minute: p.minute - 1, mistake: true });
      };
      pay(firstPart, day);
      if (parts === 2 && due - firstPart > 0) pay(due - firstPart, Math.min(lastDay, day + rng.int(7, 20)));
    }
  }

  // Other income and expenses fill the branch's share of the ledger.
  const first = today - HISTORY_DAYS;
  const workingDays = Math.round((HISTORY_DAYS * 6) / 7);
  const rest = Math.max(0, ENTRIES_PER_STUDENT * branch.students - planned.length * 1.01 - 1.4 * workingDays);
  for (let i = 0; i < Math.round(rest * 0.2); i++) {
    const book = rng.chance(0.6);
    const method: PaymentMethod = rng.chance(0.8) ? 'cash' : 'card';
    planned.push({
      day: rng.int(first, lastDay), minute: rng.int(540, 1140), cashier: deskOf(method), action: 'income', kind: book ? k.income['Kitob sotuvi'] : k.income['Boshqa kirim'],
      method, cents: (book ? rng.int(3, 15) * 10_000 : rng.int(5, 50) * 10_000) * 100, student: null, group: null, comment: book ? 'Darslik' : '',
    });
  }
  const expenseTable = EXPENSES.map((e) => [e, e[1]] as const);
  for (let i = 0; i < Math.round(rest * 0.8); i++) {
    const [name, , lo, hi] = rng.weighted(expenseTable);
    const roll = rng.next();
    const [cashier, method]: [number, PaymentMethod] = roll < 0.6 ? [main, 'cash'] : roll < 0.85 ? [bank, 'cash'] : [bank, 'card'];
    planned.push({
      day: rng.int(first, lastDay), minute: rng.int(540, 1140), cashier, action: 'expense', kind: k.expense[name], method,
      cents: roundTo(rng.int(lo, hi) * 100, 1000_00), student: null, group: null, comment: '',
    });
  }
  planned.sort((a, b) => a.day - b.day || a.minute - b.minute);

  // The walk: balances per desk and method, handovers at the end of each working day.
  const held = new Map<string, number>();
  const key = (cashier: number, method: string) => `${cashier}/${method}`;
  const entries: Entry[] = [];
  const handovers: { day: number; cents: number }[] = [];
  const take = (e: Entry) => {
    const now = held.get(key(e.cashier, e.method)) ?? 0;
    held.set(key(e.cashier, e.method), now + (e.action === 'income' ? e.cents : -e.cents));
    entries.push(e);
    return entries.length - 1;
  };
  let i = 0;
  for (let day = Math.min(first, planned[0]?.day ?? first); day <= lastDay; day++) {
    for (; i < planned.length && planned[i].day === day; i++) {
      const p = planned[i];
      if (p.action === 'expense') {
        // Paid from the planned desk if it holds enough, else from whichever cash drawer does, else cut down.
        const options: [number, PaymentMethod][] = [[p.cashier, p.method], [bank, 'cash'], [main, 'cash']];
        const fits = options.find(([c, m]) => (held.get(key(c, m)) ?? 0) >= p.cents);
        // biome-ignore lint/performance/noAccumulatingSpread: spreads a two-element tuple into arguments, not an accumulator
        const [cashier, method] = fits ?? options.reduce((best, o) => ((held.get(key(...o)) ?? 0) > (held.get(key(...best)) ?? 0) ? o : best));
        const cents = Math.min(p.cents, roundTo(held.get(key(cashier, method)) ?? 0, 1000_00));
        if (cents < 10_000_00 && cents < p.cents) continue;
        take({ ...p, cashier, method, cents, reverses: null, handover: null });
      } else if (p.mistake) {
        const wrong = take({ ...p, reverses: null, handover: null });
        take({ ...p, action: 'expense', minute: p.minute + rng.int(5, 90), comment: 'Xato kiritilgan to‘lov', reverses: wrong, handover: null });
      } else {
        take({ ...p, reverses: null, handover: null });
      }
    }
    if (weekdayOf(day) !== 7) {
      const cash = held.get(key(main, 'cash')) ?? 0;
      const cents = roundTo(cash * 0.8, 100_000_00);
      if (cents > 0) {
        handovers.push({ day, cents });
        const h = handovers.length - 1;
        const base = { day, minute: 1170, method: 'cash' as const, cents, student: null, group: null, comment: 'Bankka topshirildi', reverses: null, handover: h };
        take({ ...base, cashier: main, action: 'expense', kind: k.handoverOut });
        take({ ...base, cashier: bank, action: 'income', kind: k.handoverIn });
      }
    }
  }

  const firstHandover = await reserveIds(db, 'handovers', handovers.length);
  const handoverRows = new TableWriter(db, mode, 'handovers', [
    ['id', 'int'], ['filial_id', 'int'], ['from_cashier_id', 'int'], ['to_cashier_id', 'int'], ['method', 'text'], ['amount', 'numeric'],
    ['comment', 'text'], ['author_id', 'int'], ['created_at', 'timestamptz'],
  ]);
  for (const [n, h] of handovers.entries()) {
    await handoverRows.push(firstHandover + n, branch.id, main, bank, 'cash', money(h.cents), 'Bankka topshirildi', branch.adminId, stamp(h.day, 1170));
  }
  await handoverRows.flush();

  const firstEntry = await reserveIds(db, 'finance_entries', entries.length);
  const rows = new TableWriter(db, mode, 'finance_entries', [
    ['id', 'int'], ['filial_id', 'int'], ['cashier_id', 'int'], ['action', 'text'], ['kind_id', 'int'], ['method', 'text'], ['amount', 'numeric'],
    ['student_id', 'int'], ['group_id', 'int'], ['comment', 'text'], ['reverses_id', 'int'], ['handover_id', 'int'], ['author_id', 'int'], ['created_at', 'timestamptz'],
  ], 10_000, ledgerBalances(2, 5));
  for (const [n, e] of entries.entries()) {
    await rows.push(firstEntry + n, branch.id, e.cashier, e.action, e.kind, e.method, money(e.cents), e.student, e.group, e.comment,
      e.reverses === null ? null : firstEntry + e.reverses, e.handover === null ? null : firstHandover + e.handover, branch.adminId, stamp(e.day, e.minute));
  }
  await rows.flush();
  return { entries: entries.length, handovers: handovers.length };
}
