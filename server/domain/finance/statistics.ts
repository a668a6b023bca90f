// Money over a period: a cashier's movement (/finance/casher/stats/{id}), totals per payment method
// (/finance/method-amount/) and the payment statistics (/finance/payment_statistics/, /finance/payment_casher/{id}).
//
// The same rules as the finance report (server/domain/finance/report.ts), so the screens agree with it:
// - handovers are moves between the centre's own cashiers: left out of income and expense (a cashier's stats show
//   them apart, as handed_over and received);
// - a reversing entry counts on the side and kind of the entry it reverses, negatively (a reversed payment lowers
//   the income of its period instead of adding an expense);
// - days are the centre's (Asia/Tashkent): start_date 00:00 to end_date 24:00 there.
// The entry list's totals (GET /finance/) are different on purpose: plain sums of the listed rows by action.
import { and, sql, type SQL } from 'drizzle-orm';
import { PAYMENT_METHODS, type CashierStats, type MethodAmountAnswer, type PaymentMethod, type PaymentStatistics } from '../../../contract/finance';
import { fromCents, toCents } from '../../../contract/money';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { shiftCloses } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { centreToday } from '../lessons/dates';
import { resolveFilial, type FilialScope } from '../core/scope';
import { getCashier } from './cashiers';
import { MAX_STATISTICS_DAYS, TZ, checkPeriod, currentMonth, dayAfter, dayStart, daysBetween } from './ledgerSql';
import { selectCloses } from './shiftCloses';

const cents = (v: unknown) => toCents(String(v ?? '0'));

type Filter = { scope?: FilialScope; cashierId?: number; start?: string; end?: string };

/** Conditions on finance_entries `e`. */
function entryWhere(f: Filter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.scope && f.scope !== 'all') parts.push(f.scope.length ? sql`e.filial_id = any(${`{${f.scope.join(',')}}`}::int[])` : sql`false`);
  if (f.cashierId != null) parts.push(sql`e.cashier_id = ${f.cashierId}`);
  if (f.start) parts.push(sql`e.created_at >= ${dayStart(f.start)}`);
  if (f.end) parts.push(sql`e.created_at < ${dayAfter(f.end)}`);
  return sql.join(parts, sql` and `);
}

/** The period's entries other than handovers: side (the reversed entry's for a reversal) and signed amount. */
const movements = (f: Filter) => sql`
  select e.method, e.kind_id,
    case when e.reverses_id is null then e.action when e.action = 'income' then 'expense' else 'income' end as side,
    case when e.reverses_id is null then e.amount else -e.amount end as signed,
    to_char(e.created_at at time zone ${TZ}, 'YYYY-MM-DD') as day
  from finance_entries e
  where ${entryWhere(f)} and e.handover_id is null`;

type Sides = { income: bigint; expense: bigint };

async function byMethod(q: DbOrTx, f: Filter): Promise<Map<PaymentMethod, Sides>> {
  const rows = rowsOf(await q.execute(sql`select method, side, sum(signed)::text as amount from (${movements(f)}) m group by method, side`));
  const out = new Map<PaymentMethod, Sides>(PAYMENT_METHODS.map((m) => [m, { income: 0n, expense: 0n }]));
  for (const r of rows) {
    const sides = out.get(r.method as PaymentMethod);
    if (sides) sides[r.side as keyof Sides] += cents(r.amount);
  }
  return out;
}

function methodRows(map: Map<PaymentMethod, Sides>): MethodAmountAnswer {
  const rows = PAYMENT_METHODS.map((method) => {
    const s = map.get(method)!;
    return { method, income: fromCents(s.income), expense: fromCents(s.expense), net: fromCents(s.income - s.expense) };
  });
  const income = [...map.values()].reduce((a, s) => a + s.income, 0n);
  const expense = [...map.values()].reduce((a, s) => a + s.expense, 0n);
  return { rows, total: { income: fromCents(income), expense: fromCents(expense), net: fromCents(income - expense) } };
}

export async function methodAmounts(
  db: DbOrTx,
  user: AuthUser,
  query: { filial?: number; casher_id?: number; start_date?: string; end_date?: string },
): Promise<MethodAmountAnswer> {
  checkPeriod(query.start_date, query.end_date);
  const scope = resolveFilial(user, query.filial);
  if (query.casher_id != null) await getCashier(db, user, query.casher_id, query.filial);
  return methodRows(await byMethod(db, { scope, cashierId: query.casher_id, start: query.start_date, end: query.end_date }));
}

/** Sum of a cashier's entries (income +, expense −) before an instant, or of all of them. */
async function balanceBefore(q: DbOrTx, cashierId: number, before?: SQL): Promise<bigint> {
  const rows = rowsOf(
    await q.execute(sql`
      select coalesce(sum(case when action = 'income' then amount else -amount end), 0)::text as total
      from finance_entries where cashier_id = ${cashierId} ${before ? sql`and created_at < ${before}` : sql``}`),
  );
  return cents(rows[0]?.total);
}

export async function cashierStats(db: DbOrTx, user: AuthUser, id: number, query: { start_date?: string; end_date?: string }): Promise<CashierStats> {
  checkPeriod(query.start_date, query.end_date);
  const cashier = await getCashier(db, user, id);
  const f: Filter = { cashierId: id, start: query.start_date, end: query.end_date };
  const opening = query.start_date ? await balanceBefore(db, id, dayStart(query.start_date)) : 0n;
  const closing = query.end_date ? await balanceBefore(db, id, dayAfter(query.end_date)) : toCents(cashier.balance);
  const methods = await byMethod(db, f);
  const [moves] = rowsOf(
    await db.execute(sql`
      select count(*)::int as n,
        coalesce(sum(e.amount) filter (where e.handover_id is not null and e.action = 'expense'), 0)::text as handed_over,
        coalesce(sum(e.amount) filter (where e.handover_id is not null and e.action = 'income'), 0)::text as received
      from finance_entries e where ${entryWhere(f)}`),
  );
  const [lastClose] = await selectCloses(
    db,
    and(sql`${shiftCloses.cashierId} = ${id}`, query.end_date ? sql`${shiftCloses.createdAt} < ${dayAfter(query.end_date)}` : undefined),
    { limit: 1, offset: 0 },
  );
  const side = (s: keyof Sides) => Object.fromEntries(PAYMENT_METHODS.map((m) => [m, fromCents(methods.get(m)![s])])) as Record<PaymentMethod, string>;
  const total = (s: keyof Sides) => fromCents([...methods.values()].reduce((a, v) => a + v[s], 0n));
  return {
    cashier: { id: cashier.id, name: cashier.name },
    start_date: query.start_date ?? null,
    end_date: query.end_date ?? null,
    opening: fromCents(opening),
    closing: fromCents(closing),
    income: total('income'),
    expense: total('expense'),
    income_by_method: side('income'),
    expense_by_method: side('expense'),
    handed_over: fromCents(cents(moves.handed_over)),
    received: fromCents(cents(moves.received)),
    entries_count: Number(moves.n),
    last_shift_close: lastClose ?? null,
  };
}

/**
 * Income and expense per day (every day of the period), method and kind. Without dates: the centre's current
 * month; with only one of them, the other defaults to the same month's end or start.
 */
export async function paymentStatistics(
  db: DbOrTx,
  user: AuthUser,
  query: { filial?: number; start_date?: string; end_date?: string },
  now: Date,
  cashierId?: number,
): Promise<PaymentStatistics> {
  const scope = resolveFilial(user, query.filial);
  if (cashierId != null) await getCashier(db, user, cashierId, query.filial);
  const month = currentMonth(query.start_date ?? query.end_date ?? centreToday(now));
  const start = query.start_date ?? month.start;
  const end = query.end_date ?? (query.start_date ? currentMonth(query.start_date).end : month.end);
  checkPeriod(start, end, MAX_STATISTICS_DAYS);
  const f: Filter = { scope, cashierId, start, end };
  const methods = await byMethod(db, f);
  const { rows: by_method, total } = methodRows(methods);
  const dayRows = rowsOf(await db.execute(sql`select day, side, sum(signed)::text as amount from (${movements(f)}) m group by day, side`));
  const days = new Map(daysBetween(start, end).map((d) => [d, { income: 0n, expense: 0n }]));
  for (const r of dayRows) {
    const day = days.get(String(r.day)) ?? { income: 0n, expense: 0n };
    day[r.side as keyof Sides] += cents(r.amount);
    days.set(String(r.day), day);
  }
  const kindRows = rowsOf(
    await db.execute(sql`
      select k.id, k.name, k.action, k.system_key, sum(m.signed)::text as amount
      from (${movements(f)}) m join finance_kinds k on k.id = m.kind_id
      group by k.id, k.name, k.action, k.system_key
      order by k.action desc, sum(m.signed) desc, k.id`),
  );
  const by_kind = kindRows
    .filter((r) => cents(r.amount) !== 0n)
    .map((r) => ({
      kind: { id: Number(r.id), name: String(r.name), action: r.action as 'income' | 'expense', system_key: (r.system_key ?? null) as PaymentStatistics['by_kind'][number]['kind']['system_key'] },
      amount: fromCents(cents(r.amount)),
    }));
  const studentPayments = kindRows.filter((r) => r.system_key === 'student_payment').reduce((a, r) => a + cents(r.amount), 0n);
  return {
    start_date: start,
    end_date: end,
    income: total.income,
    expense: total.expense,
    net: total.net,
    student_payments: fromCents(studentPayments),
    by_day: [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, s]) => ({ date, income: fromCents(s.income), expense: fromCents(s.expense) })),
    by_method,
    by_kind,
  };
}

