// What must hold after every simulated day, read back through the API and compared with the model:
//   - no charge for a lesson that has not begun, nor for a student who was not on its register when it was held;
//   - every charge the billing rule asks for, and no other (amounts included), over the last two months, and the
//     all-time total;
//   - each student's balance (card, per group and total) = payments − charges + vouchers − refunds;
//   - each cash desk's balance = the sum of its ledger entries, per method too, and what the model booked;
//   - the finance report's net over the last year = the desks' balances (reversals netted, handovers left out);
//   - a closed month's charges per student and group = the price pro-rated over the lessons they studied;
//   - the admin report's students joined per month = the students whose first membership began in it;
//   - the debtors list = exactly the groups in which a current student has a negative balance, so every current
//     student whose balance is below zero is on it.
import { addDays } from '../../../server/domain/lessons/dates';
import type { TestApp } from '../harness';
import { must, type Tokens } from './centre';
import { balances, begun, expectedCharges, expectedDebtors, proRated, total, type Centre, type Lesson, type Now } from './model';
import { cents, text } from './money';

type ApiCharge = { lesson: number; date: string; group: { id: number }; amount: string };

export class InvariantError extends Error {}
const fail = (what: string) => {
  throw new InvariantError(what);
};
const same = (what: string, got: unknown, want: unknown) => {
  if (JSON.stringify(got) !== JSON.stringify(want)) fail(`${what}: the API says ${JSON.stringify(got)}, the model ${JSON.stringify(want)}`);
};

/** The student's charges from `from` on (newest first, page by page) and the all-time total. */
async function chargesSince(t: TestApp, token: string, student: number, from: string) {
  const rows: ApiCharge[] = [];
  let totalAmount = '0.00';
  for (let page = 1; ; page++) {
    const res = await must(t, 200, token, 'GET', `/api/students/${student}/charges/?page_size=100&page=${page}`);
    totalAmount = res.total;
    rows.push(...(res.results as ApiCharge[]).filter((r) => r.date >= from));
    const results = res.results as ApiCharge[];
    if (!res.next || !results.length || results[results.length - 1].date < from) break;
  }
  return { rows, total: cents(totalAmount) };
}

const key = (ch: { lesson: number; amount: number }) => `${ch.lesson}:${text(ch.amount)}`;

/** Charges only: the morning-after-a-lesson check (nothing charged ahead) and part of the evening one. */
export async function checkCharges(t: TestApp, c: Centre, tok: Tokens, now: Now, window: string) {
  const want = expectedCharges(c, now);
  const seen = new Map<number, ApiCharge[]>();
  const lessons = new Map<number, Lesson>(c.groups.flatMap((g) => g.lessons.map((l) => [l.id, l] as const)));
  for (const s of c.students) {
    const got = await chargesSince(t, tok.admin, s.id, window);
    seen.set(s.id, got.rows);
    for (const r of got.rows) {
      const l = lessons.get(r.lesson);
      if (!l) fail(`student ${s.id} charged for lesson ${r.lesson}, not one of the centre's`);
      if (!begun(l!, now)) fail(`student ${s.id} charged ${r.amount} for lesson ${r.lesson} on ${l!.date} ${l!.start}, not begun at ${now.date} ${now.time}`);
      if (!l!.roster?.includes(s.id)) fail(`student ${s.id} charged for lesson ${r.lesson} on ${l!.date}, not on its register (${JSON.stringify(l!.roster)})`);
    }
    const mine = want.filter((ch) => ch.student === s.id);
    same(`charges of student ${s.id} since ${window}`, got.rows.map((r) => `${r.lesson}:${r.amount}`).sort(), mine.filter((ch) => ch.date >= window).map(key).sort());
    same(`all-time charges of student ${s.id}`, text(got.total), text(mine.reduce((a, ch) => a + ch.amount, 0)));
  }
  return { want, seen };
}

export async function checkDay(t: TestApp, c: Centre, tok: Tokens, now: Now): Promise<void> {
  // The window reaches back to the previous month's first day: its last lessons may still be corrected today.
  const window = `${addDays(`${now.date.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  const { want: charges, seen } = await checkCharges(t, c, tok, now, window);

  for (const s of c.students) {
    const bal = balances(c, charges, s);
    const card = await must(t, 200, tok.admin, 'GET', `/api/students/${s.id}/`);
    same(`status of student ${s.id}`, card.status, s.status);
    same(`balance on the card of student ${s.id}`, card.balance, text(total(bal)));
    const per = await must(t, 200, tok.admin, 'GET', `/api/students/${s.id}/balances/`);
    same(`total balance of student ${s.id}`, per.total, text(total(bal)));
    const rows = (per.groups as { group: { id: number }; balance: string }[]).map((g) => [g.group.id, g.balance]);
    const listed = new Set(rows.map(([g]) => g));
    same(`balances per group of student ${s.id}`, rows.sort(), rows.map(([g]) => [g, text(bal.get(g as number) ?? 0)]).sort());
    for (const [g, v] of bal) if (v !== 0 && !listed.has(g)) fail(`student ${s.id} has ${text(v)} in group ${g}, not listed in /balances/`);
  }

  for (const d of c.desks) {
    const desk = await must(t, 200, tok.accountant, 'GET', `/api/finance/casher/${d.id}/`);
    const ledger = await must(t, 200, tok.accountant, 'GET', `/api/finance/?casher_id=${d.id}&page_size=1`);
    same(`desk ${d.name}: balance and its ledger`, desk.balance, ledger.totals.net);
    same(`desk ${d.name}: balance`, desk.balance, text(d.balance.cash + d.balance.card));
    for (const m of ['cash', 'card'] as const) {
      const byMethod = await must(t, 200, tok.accountant, 'GET', `/api/finance/?casher_id=${d.id}&method=${m}&page_size=1`);
      same(`desk ${d.name}: ${m} and its ledger`, desk.balances[m] ?? '0.00', byMethod.totals.net);
      same(`desk ${d.name}: ${m}`, desk.balances[m] ?? '0.00', text(d.balance[m]));
    }
  }

  // The finance report over the last year (its first and last months cut, so both rollups are read): its desks'
  // income less expense is what their balances hold, handovers (between the two desks) left out on both sides.
  const report = await must(t, 200, tok.director, 'GET', `/api/finance/report/?filial=${c.filial}&start_date=${addDays(now.date, -365)}&end_date=${now.date}`);
  const byDesk = new Map((report.by_cashier as { cashier: { id: number }; income: string; expense: string }[]).map((r) => [r.cashier.id, cents(r.income) - cents(r.expense)]));
  same(
    'the finance report’s net of the desks',
    text(c.desks.reduce((a, d) => a + (byDesk.get(d.id) ?? 0), 0)),
    text(c.desks.reduce((a, d) => a + d.balance.cash + d.balance.card, 0)),
  );
  same('the finance report’s net', text(cents(report.income) - cents(report.expense)), text([...byDesk.values()].reduce((a, v) => a + v, 0)));

  // The admin report's "joined" (kept by the database from the memberships: migration 0030) against the model.
  const admin = await must(t, 200, tok.director, 'GET', `/api/reports/admin/?filial=${c.filial}&start_date=${addDays(now.date, -365)}&end_date=${now.date}`);
  const joined = new Map<string, number>();
  for (const s of c.students) {
    const first = s.memberships.map((m) => m.joinedOn).sort()[0];
    if (first !== undefined && first > addDays(now.date, -366) && first <= now.date) joined.set(first.slice(0, 7), (joined.get(first.slice(0, 7)) ?? 0) + 1);
  }
  same(
    'students joined per month (admin report)',
    (admin.by_month as { month: string; joined: number }[]).filter((m) => m.joined > 0).map((m) => [m.month, m.joined]),
    [...joined].sort(),
  );

  const debtors: { student: { id: number }; group: { id: number }; balance: string }[] = [];
  for (let page = 1; ; page++) {
    const res = await must(t, 200, tok.accountant, 'GET', `/api/finance/debtors/?filial=${c.filial}&page_size=100&page=${page}`);
    debtors.push(...res.results);
    if (!res.next) break;
  }
  const got = debtors.map((r) => `${r.student.id}/${r.group.id}:${r.balance}`);
  same('debtors', got.sort(), expectedDebtors(c, charges).map((r) => `${r.student}/${r.group}:${text(r.balance)}`).sort());
  // Every current student whose balance is below zero is on it (the rows are per group: docs/decisions.md).
  const listed = new Set(debtors.map((r) => r.student.id));
  for (const s of c.students)
    if (s.status !== 'archived' && s.memberships.some((m) => m.leftOn === null) && total(balances(c, charges, s)) < 0 && !listed.has(s.id))
      fail(`student ${s.id} owes ${text(total(balances(c, charges, s)))} and is not on the debtors list`);

  // On a month's second day (its last lessons corrected by now) the month before it is closed.
  if (now.date.endsWith('-02')) checkClosedMonth(c, seen, addDays(now.date, -2).slice(0, 7));
}

/** The closed month's charges per student and group equal the price pro-rated over the lessons they studied. */
function checkClosedMonth(c: Centre, seen: Map<number, ApiCharge[]>, month: string) {
  for (const s of c.students)
    for (const g of c.groups) {
      const mine = (seen.get(s.id) ?? []).filter((ch) => ch.group.id === g.id && ch.date.startsWith(month));
      const studied = g.lessons.filter((l) => mine.some((ch) => ch.lesson === l.id));
      same(`${month} of student ${s.id} in group ${g.id}`, text(mine.reduce((a, ch) => a + cents(ch.amount), 0)), text(proRated(c, s, g, month, studied)));
    }
}
