// One generated office action, carried out through the API as the role that does it (the administrator at the
// front desk, the accountant for desks, sales and vouchers) and recorded in the model. The model decides whether the
// action applies now; when it does, the API must accept it and answer what the model expects.
import { addDays } from '../../../server/domain/lessons/dates';
import type { TestApp } from '../harness';
import { join, must, newStudent, type Tokens } from './centre';
import {
  balances, begun, book, expectedCharges, isMember, openGroups, splitPayment, splitRefund, total,
  type Centre, type Now, type Student,
} from './model';
import { cents, text } from './money';
import { payOnline } from './online';
import type { Timed } from './plan';

export type Ctx = { t: TestApp; c: Centre; tok: Tokens; now: Now };

const pick = <T>(items: T[], i: number): T | undefined => (items.length ? items[i % items.length] : undefined);
const live = (c: Centre) => c.students.filter((s) => s.status !== 'archived');
const openFreeze = (s: Student, today: string) => s.freezes.find((f) => f.endedOn === null && f.to >= today);
/**
 * The last frozen day of a freeze ended at `now`: the day before its start when it has not begun; today when a
 * lesson of one of the student's groups began today while frozen (it stays held without them); else yesterday.
 */
function freezeEnd(c: Centre, s: Student, from: string, now: Now): string {
  if (from > now.date) return addDays(from, -1);
  return lessonBegunToday(c, s, now) ? now.date : addDays(now.date, -1);
}

/** Whether a lesson of one of the student's groups has begun today. */
function lessonBegunToday(c: Centre, s: Student, now: Now): boolean {
  const groups = s.memberships.filter((m) => isMember(m, now.date)).map((m) => m.group);
  return c.groups.some((g) => groups.includes(g.id) && g.lessons.some((l) => l.date === now.date && begun(l, now)));
}
const moneyOf = (x: Ctx, s: Student) => balances(x.c, expectedCharges(x.c, x.now), s);

/** Carries out `a`; answers whether it applied. */
export async function perform(x: Ctx, a: Timed): Promise<boolean> {
  const { t, c, tok, now } = x;
  const today = now.date;
  // Joining and moving after the day's lessons take effect tomorrow, as the office books a late arrival.
  const effective = a.slot === 'evening' ? addDays(today, 1) : today;
  switch (a.kind) {
    case 'enrol': {
      const s = await newStudent(t, c, tok.admin);
      await join(t, tok.admin, s, c.groups[a.g % c.groups.length].id, effective);
      return true;
    }
    case 'join': {
      const s = pick(live(c), a.s);
      const g = c.groups[a.g % c.groups.length];
      if (!s || openGroups(s).includes(g.id)) return false;
      await join(t, tok.admin, s, g.id, effective);
      return true;
    }
    case 'pay': {
      const s = pick(live(c), a.s);
      if (!s) return false;
      const desk = c.desks[a.desk % c.desks.length];
      const known = [...new Set(s.memberships.map((m) => m.group))];
      const group = a.g === null ? null : known[a.g % known.length];
      const amount = a.amount * 100;
      const parts = group === null ? splitPayment(amount, moneyOf(x, s), openGroups(s)) : [{ group, amount }];
      if (!parts.length) return false;
      const body = { casher: desk.id, action: 'income', method: a.method, amount: text(amount), student: s.id, group };
      const res = await must(t, 201, tok.admin, 'POST', '/api/finance/', body);
      const got = (res.allocation as { group: { id: number }; amount: string; entry: number }[]).map((p) => ({ group: p.group.id, amount: cents(p.amount), entry: p.entry }));
      if (JSON.stringify(got.map(({ group: g, amount: v }) => ({ group: g, amount: v }))) !== JSON.stringify(parts))
        throw new Error(`payment of ${text(amount)} for student ${s.id} split ${JSON.stringify(got)}, expected ${JSON.stringify(parts)}`);
      for (const p of got) {
        book(s, p.group, p.amount);
        s.payments.push({ entry: p.entry, group: p.group, amount: p.amount, desk: desk.id, method: a.method, reversed: false });
      }
      desk.balance[a.method] += amount;
      return true;
    }
    case 'reverse': {
      const s = pick(c.students.filter((q) => q.payments.some((r) => !r.reversed)), a.s);
      const p = s && pick(s.payments.filter((q) => !q.reversed), a.nth);
      const desk = p && c.desks.find((d) => d.id === p.desk)!;
      if (!s || !p || !desk || desk.balance[p.method] < p.amount) return false;
      await must(t, 201, tok.admin, 'POST', `/api/finance/${p.entry}/reverse/`, { comment: 'Xato kiritilgan' });
      p.reversed = true;
      book(s, p.group, -p.amount);
      desk.balance[p.method] -= p.amount;
      return true;
    }
    case 'freeze': {
      const s = pick(live(c).filter((q) => q.status === 'active' && !openFreeze(q, today)), a.s);
      if (!s) return false;
      const asked = addDays(today, a.start);
      const to = addDays(asked, a.days - 1);
      // Asked for today after one of the student's lessons began: the freeze begins tomorrow (or has no day left).
      const from = asked === today && lessonBegunToday(c, s, now) ? addDays(today, 1) : asked;
      if (from > to) {
        await must(t, 409, tok.admin, 'POST', `/api/api/v2/students/${s.id}/freeze`, { from_date: asked, to_date: to, reason: 'Safar' });
        return false;
      }
      await must(t, 200, tok.admin, 'POST', `/api/api/v2/students/${s.id}/freeze`, { from_date: asked, to_date: to, reason: 'Safar' });
      s.freezes.push({ from, to, endedOn: null });
      if (from <= today) s.status = 'frozen';
      return true;
    }
    case 'unfreeze': {
      const s = pick(live(c).filter((q) => openFreeze(q, today)), a.s);
      const f = s && openFreeze(s, today);
      if (!s || !f) return false;
      await must(t, 200, tok.admin, 'POST', `/api/api/v2/students/${s.id}/unfreeze`, {});
      f.endedOn = freezeEnd(c, s, f.from, now);
      s.status = 'active';
      return true;
    }
    case 'transfer': {
      const s = pick(live(c).filter((q) => openGroups(q).length), a.s);
      const from = s?.memberships.find((m) => m.leftOn === null);
      const to = c.groups[a.g % c.groups.length];
      if (!s || !from || openGroups(s).includes(to.id)) return false;
      await must(t, 200, tok.admin, 'POST', '/api/add-group/groups/update/', { student: s.id, group_id: from.group, new_group_id: to.id, date: effective });
      from.leftOn = addDays(effective, -1);
      s.memberships.push({ group: to.id, joinedOn: effective, leftOn: null });
      return true;
    }
    case 'archive':
      return archive(x, a);
    case 'voucher': {
      const s = pick(live(c), a.s);
      const m = s?.memberships.at(-1);
      if (!s || !m) return false;
      const v = await must(t, 201, tok.accountant, 'POST', '/api/finance/voucher/student/', { student: s.id, group: m.group, amount: text(a.amount * 100), reason: 'Olimpiada' });
      s.vouchers.push({ id: v.id, group: m.group, amount: a.amount * 100, cancelled: false });
      book(s, m.group, a.amount * 100);
      return true;
    }
    case 'cancelVoucher': {
      const s = pick(live(c).filter((q) => q.vouchers.some((v) => !v.cancelled)), a.s);
      const v = s?.vouchers.find((q) => !q.cancelled);
      if (!s || !v) return false;
      await must(t, 200, tok.accountant, 'DELETE', `/api/finance/voucher/student/${v.id}/`);
      v.cancelled = true;
      book(s, v.group, -v.amount);
      return true;
    }
    case 'sale': {
      const s = pick(live(c), a.s);
      const m = s?.memberships.find((q) => q.leftOn === null && q.joinedOn <= today && !s.sales.some((r) => r.group === q.group && r.endedOn === null));
      const sale = c.sales[a.sale % c.sales.length];
      if (!s || !m) return false;
      const body = { student: s.id, group: m.group, sale: sale.id, from_date: today, reason: 'Aka-uka' };
      const created = await must(t, 201, tok.accountant, 'POST', '/api/finance/sale-student/', body);
      s.sales.push({ id: created.id, group: m.group, kind: sale.kind, value: sale.value, from: today, endedOn: null });
      return true;
    }
    case 'endSale': {
      const s = pick(live(c).filter((q) => q.sales.some((r) => r.endedOn === null)), a.s);
      const sale = s?.sales.find((r) => r.endedOn === null);
      if (!s || !sale) return false;
      await must(t, 200, tok.accountant, 'DELETE', `/api/finance/sale/student/${sale.id}/`, {});
      sale.endedOn = sale.from <= today ? today : addDays(sale.from, -1);
      return true;
    }
    case 'expense': {
      const desk = c.desks[a.desk % c.desks.length];
      const amount = a.amount * 100;
      if (desk.balance.cash < amount) return false;
      await must(t, 201, tok.accountant, 'POST', '/api/finance/', { casher: desk.id, action: 'expense', kind: c.expenseKind, method: 'cash', amount: text(amount) });
      desk.balance.cash -= amount;
      return true;
    }
    case 'payOnline': {
      const s = pick(live(c), a.s);
      return s ? payOnline(t, tok.accountant, c.filial, s, moneyOf(x, s), openGroups(s), a) : false;
    }
    case 'handover': {
      const from = c.desks[a.desk % c.desks.length];
      const to = c.desks[(a.desk + 1) % c.desks.length];
      const amount = a.amount * 100;
      if (from.balance.cash < amount) return false;
      await must(t, 201, tok.accountant, 'POST', '/api/finance/handover', { from_casher: from.id, to_casher: to.id, method: 'cash', amount: text(amount) });
      from.balance.cash -= amount;
      to.balance.cash += amount;
      return true;
    }
  }
}

/**
 * Archiving: memberships end on the last day a lesson of their group had begun (today once one began, else
 * yesterday), a freeze ends as an unfreeze would; then a positive balance is refunded from a desk that holds it in
 * cash, largest credit first, or kept as credit.
 */
async function archive(x: Ctx, a: Extract<Timed, { kind: 'archive' }>): Promise<boolean> {
  const { t, c, tok, now } = x;
  const s = pick(live(c), a.s);
  if (!s) return false;
  const today = now.date;
  const f = openFreeze(s, today);
  if (f) f.endedOn = freezeEnd(c, s, f.from, now);
  for (const m of s.memberships.filter((q) => q.leftOn === null)) {
    const g = c.groups.find((q) => q.id === m.group)!;
    m.leftOn = g.lessons.some((l) => l.date === today && begun(l, now)) ? today : addDays(today, -1);
  }
  s.status = 'archived';
  const bal = moneyOf(x, s);
  const sum = total(bal);
  const desk = c.desks[a.desk % c.desks.length];
  const refund = sum > 0 && a.refund && desk.balance.cash >= sum;
  const body = { is_archived: true, reason: 'Ko‘chib ketdi', ...(sum > 0 ? { balance_action: refund ? 'refund' : 'keep', casher: refund ? desk.id : undefined, method: 'cash', amount: text(sum) } : {}) };
  const res = await must(t, 200, tok.admin, 'PATCH', `/api/add-group/${s.id}/`, body);
  if (refund) {
    const parts = splitRefund(sum, bal);
    const got = (res.settlement.entries as { group: { id: number }; amount: string }[]).map((e) => ({ group: e.group.id, amount: cents(e.amount) }));
    if (JSON.stringify(got) !== JSON.stringify(parts)) throw new Error(`refund of ${text(sum)} to student ${s.id} split ${JSON.stringify(got)}, expected ${JSON.stringify(parts)}`);
    for (const p of parts) book(s, p.group, -p.amount);
    desk.balance.cash -= sum;
  } else if (sum > 0 && res.settlement?.action !== 'keep') throw new Error(`archiving student ${s.id} with ${text(sum)} did not keep it: ${JSON.stringify(res.settlement)}`);
  return true;
}
