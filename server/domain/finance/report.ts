// GET /finance/report/: income and expense of a period for one branch or every branch the user sees.
//
// The sums come from the ledger's rollups (finance_monthly, finance_daily; see ledgerSums), with these rules:
// - handovers (kind handover, or an entry of a handover) are moves between the centre's own cashiers: left out;
// - a reversing entry counts on the side and kind of the entry it reverses, negatively: a reversed payment of
//   100 000 lowers the income of "student payment" by 100 000 in the period the reversal was made;
// - days are the centre's (Asia/Tashkent): the period runs from start_date 00:00 to end_date 24:00 there.
// The debt at the end is the sum of negative balances per student and group at the end of end_date, counted over
// the groups of the covered branches (see debtAtEnd).
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../contract/finance';
import type { FinanceReport, FinanceReportQuery, ReportKind } from '../../../contract/financeReport';
import { fromCents, toCents } from '../../../contract/money';
import type { DbOrTx } from '../../db/client';
import { cashiers, debtAtEndCache, debtCacheGeneration, financeKinds } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { centreToday } from '../lessons/dates';
import { rowsOf } from '../../db/rows';
import { dayAfter, monthsBetween, scopeBranches, scopeSql } from '../reports/period';
import { resolveFilial, type FilialScope } from '../core/scope';
import { splitPeriod } from './periodSplit';

// The shared report pieces (server/domain/reports/period.ts); monthsBetween stays exported here for its callers.
export { monthsBetween };
const inScope = scopeSql;

const minus = (a: string, b: string) => fromCents(toCents(a) - toCents(b));

type Sums = { income: string; expense: string };
type Grouped = { dim: string; key: string; filial: number | null } & Sums;

/**
 * The period's sums by kind, method, cashier, branch and month, read off the ledger rollups (the whole months from
 * finance_monthly, the edge days from finance_daily: a few hundred rows for a chain's month instead of every
 * entry). The rollups keep each entry under its own action and kind; the report's rules follow from two facts the
 * ledger holds: an entry's action is its kind's (entries.ts refuses any other, and a kind's action never changes),
 * and a reversal keeps the kind of what it reverses with the opposite action. So a row against its kind's action
 * is a reversal, counted negatively on the kind's side; handovers are the rows of the handover kind.
 */
async function ledgerSums(q: DbOrTx, scope: FilialScope, start: string, end: string): Promise<Grouped[]> {
  const money = (side: 'income' | 'expense') => sql.raw(`coalesce(sum(signed) filter (where side = '${side}'), 0)::numeric(22,2)::text as ${side}`);
  const sums = sql`${money('income')}, ${money('expense')}`;
  const split = splitPeriod(start, end);
  const parts: SQL[] = [];
  const columns = sql`filial_id, cashier_id, kind_id, method, action, amount`;
  if (split.months) {
    const { from, before } = split.months;
    parts.push(sql`select ${columns}, to_char(month, 'YYYY-MM') as month from finance_monthly
      where month >= ${from}::date and month < ${before}::date and ${inScope(sql`filial_id`, scope)}`);
  }
  for (const days of split.days) {
    parts.push(sql`select ${columns}, to_char(day, 'YYYY-MM') as month from finance_daily
      where day >= ${days.from}::date and day <= ${days.to}::date and ${inScope(sql`filial_id`, scope)}`);
  }
  const result = await q.execute(sql`
    with e as (
      select r.filial_id, r.cashier_id, r.method, r.kind_id, k.action as side,
        case when r.action = k.action then r.amount else -r.amount end as signed, r.month
      from (${sql.join(parts, sql` union all `)}) r
      join finance_kinds k on k.id = r.kind_id
      where k.system_key is distinct from 'handover'
    )
    select case g when 15 then 'kind' when 23 then 'method' when 25 then 'cashier' when 29 then 'filial' when 30 then 'month' else 'total' end as dim,
      case g when 15 then kind_id::text when 23 then method when 25 then cashier_id::text when 29 then filial_id::text when 30 then month else '' end as key,
      case g when 25 then filial_id end as filial, income, expense
    from (
      -- grouping() sets a bit per column left out of the row's set: kind_id 16, method 8, cashier_id 4, filial_id 2, month 1.
      select grouping(kind_id, method, cashier_id, filial_id, month) as g, kind_id, method, cashier_id, filial_id, month, ${sums}
      from e group by grouping sets ((kind_id), (method), (cashier_id, filial_id), (filial_id), (month), ())
    ) grouped`);
  return rowsOf(result).map((r) => ({
    dim: String(r.dim),
    key: String(r.key),
    filial: r.filial === null || r.filial === undefined ? null : Number(r.filial),
    income: String(r.income),
    expense: String(r.expense),
  }));
}

/**
 * The sum of negative balances per student and group at the end of `end` (negative or "0.00") and how many
 * students owe, over the groups of the covered branches. When `end` is today or later the trigger-kept
 * student_balances already are that state (charges are only made for lessons held, so none lies ahead). For a past
 * day the balance is the trigger-kept one less what moved it after the day ended: entries made later, vouchers
 * made later and not cancelled, vouchers cancelled later, charges for later lessons ('backward'); or it is rebuilt
 * from every row before the day ends ('forward'). Both give the same sum (student_balances is the sum of all the
 * rows); each reads only its side of the day, so the shorter side is taken: at 100,000 students a recent month
 * end reads a month of rows instead of millions of charges, an old one the history before it.
 */
export async function debtAtEnd(
  q: DbOrTx,
  scope: FilialScope,
  end: string,
  today: string,
  options: { direction?: 'forward' | 'backward'; keepOn?: DbOrTx } = {},
): Promise<{ debt: string; debtors: number }> {
  const { direction, keepOn = q } = options;
  if (end >= today || direction) return computeDebtAtEnd(q, scope, end, today, direction);
  return rememberedDebt(q, keepOn, scope, end, () => computeDebtAtEnd(q, scope, end, today));
}

/**
 * A past day's debt, computed once per day and scope and kept in debt_at_end_cache until a write moves a balance
 * at or before that day (the triggers of migration 0023 delete it). Kept only when no backdated write committed
 * while it was computed: the generation read before must still be the one under a share lock at the insert.
 * `keep` is where the cache is written: the primary, when `q` is a read replica (reports may be read there). A
 * replica that has not replayed a backdated write has read an older generation than the primary's, so what it
 * computed is not kept.
 */
async function rememberedDebt(q: DbOrTx, keep: DbOrTx, scope: FilialScope, day: string, compute: () => Promise<Debt>): Promise<Debt> {
  const key = scope === 'all' ? 'all' : [...scope].sort((a, b) => a - b).join(',');
  const [kept] = await q.select({ debt: debtAtEndCache.debt, debtors: debtAtEndCache.debtors }).from(debtAtEndCache).where(and(eq(debtAtEndCache.day, day), eq(debtAtEndCache.scope, key)));
  if (kept) return { debt: String(kept.debt), debtors: kept.debtors };
  const [gen] = await q.select({ generation: debtCacheGeneration.generation }).from(debtCacheGeneration).where(eq(debtCacheGeneration.id, 1));
  const value = await compute();
  if (gen) {
    await keep.execute(sql`insert into debt_at_end_cache (day, scope, debt, debtors)
      select ${day}, ${key}, ${value.debt}, ${value.debtors}
      where (select generation from debt_cache_generation where id = 1 for share) = ${gen.generation}
      on conflict do nothing`);
  }
  return value;
}

type Debt = { debt: string; debtors: number };

async function computeDebtAtEnd(q: DbOrTx, scope: FilialScope, end: string, today: string, direction?: 'forward' | 'backward'): Promise<Debt> {
  const groupScope = inScope(sql`g.filial_id`, scope);
  const after = dayAfter(end);
  const way = end >= today ? 'kept' : (direction ?? (await shorterSide(q, end, today)));
  const balances =
    way === 'kept'
      ? sql`select student_id, group_id, balance from student_balances`
      : way === 'forward'
        ? sql`select student_id, group_id, sum(delta) as balance from (
          select student_id, group_id, case when action = 'income' then amount else -amount end as delta
            from finance_entries where student_id is not null and group_id is not null and created_at < ${after}
          union all
          select student_id, group_id, amount from vouchers
            where created_at < ${after} and (cancelled_at is null or cancelled_at >= ${after})
          union all
          select student_id, group_id, amount from opening_balances where created_at < ${after}
          union all
          select student_id, group_id, -amount from student_charges where date <= ${end}::date
        ) x group by student_id, group_id`
        : sql`select sb.student_id, sb.group_id, sb.balance - coalesce(later.delta, 0) as balance
        from student_balances sb
        left join (
          select student_id, group_id, sum(delta) as delta from (
            select student_id, group_id, case when action = 'income' then amount else -amount end as delta
              from finance_entries where student_id is not null and group_id is not null and created_at >= ${after}
            union all
            select student_id, group_id, amount from vouchers where created_at >= ${after} and cancelled_at is null
            union all
            select student_id, group_id, -amount from vouchers where created_at < ${after} and cancelled_at >= ${after}
            union all
            select student_id, group_id, amount from opening_balances where created_at >= ${after}
            union all
            select student_id, group_id, -amount from student_charges where date > ${end}::date
          ) x group by student_id, group_id
        ) later on later.student_id = sb.student_id and later.group_id = sb.group_id`;
  const result = await q.execute(sql`
    select coalesce(sum(b.balance), 0)::numeric(22,2)::text as debt, count(distinct b.student_id)::int as debtors
    from (${balances}) b join groups g on g.id = b.group_id
    where b.balance < 0 and ${groupScope}`);
  const [row] = rowsOf(result);
  return { debt: String(row.debt), debtors: Number(row.debtors) };
}

/** 'forward' when the charges' history before `end` is shorter than the time from `end` to today. */
async function shorterSide(q: DbOrTx, end: string, today: string): Promise<'forward' | 'backward'> {
  // min(date) is one probe of student_charges_date_idx.
  const [row] = rowsOf(await q.execute(sql`select (${end}::date - min(date))::int as before, (${today}::date - ${end}::date)::int as after from student_charges`));
  return row.before == null || Number(row.before) < Number(row.after) ? 'forward' : 'backward';
}

/** `q` reads (the primary or a read replica); `keepOn` takes the kept past-day debt (the primary). */
export async function financeReport(q: DbOrTx, user: AuthUser, query: FinanceReportQuery, now: Date, keepOn: DbOrTx = q): Promise<FinanceReport> {
  const scope = resolveFilial(user, query.filial);
  const { start_date: start, end_date: end } = query;
  // Independent reads: on the pool they run side by side on their own connections (the two sums are the
  // report's heavy statements); inside a transaction or on the embedded database they simply queue.
  const [grouped, debt, branches] = await Promise.all([ledgerSums(q, scope, start, end), debtAtEnd(q, scope, end, centreToday(now), { keepOn }), scopeBranches(q, scope)]);
  const of = (dim: string) => grouped.filter((g) => g.dim === dim);
  const total = of('total')[0] ?? { income: '0.00', expense: '0.00' };

  const kindIds = of('kind').map((g) => Number(g.key));
  const kinds = kindIds.length ? await q.select().from(financeKinds).where(inArray(financeKinds.id, kindIds)) : [];
  const kindById = new Map(kinds.map((k) => [k.id, { id: k.id, name: k.name, system_key: k.systemKey ?? null, action: k.action } satisfies ReportKind]));
  const by_kind = of('kind')
    .map((g) => {
      const kind = kindById.get(Number(g.key))!;
      return { kind, amount: kind.action === 'income' ? g.income : g.expense };
    })
    .sort((a, b) => (a.kind.action === b.kind.action ? Number(toCents(b.amount) - toCents(a.amount)) : a.kind.action === 'income' ? -1 : 1));

  const methods = new Map(of('method').map((g) => [g.key as PaymentMethod, g]));
  const by_method = PAYMENT_METHODS.filter((m) => methods.has(m)).map((method) => ({ method, income: methods.get(method)!.income, expense: methods.get(method)!.expense }));

  const cashierIds = of('cashier').map((g) => Number(g.key));
  const cashierRows = cashierIds.length ? await q.select({ id: cashiers.id, name: cashiers.name }).from(cashiers).where(inArray(cashiers.id, cashierIds)) : [];
  const cashierName = new Map(cashierRows.map((c) => [c.id, c.name]));
  const by_cashier = of('cashier')
    .map((g) => ({ cashier: { id: Number(g.key), name: cashierName.get(Number(g.key)) ?? '' }, filial: g.filial!, income: g.income, expense: g.expense }))
    .sort((a, b) => a.filial - b.filial || a.cashier.name.localeCompare(b.cashier.name) || a.cashier.id - b.cashier.id);

  const perFilial = new Map(of('filial').map((g) => [Number(g.key), g]));
  // Archived branches only when they still moved money in the period.
  const covered = branches.filter((b) => !b.archived || perFilial.has(b.id));
  const by_filial = covered.map((b) => {
    const g = perFilial.get(b.id) ?? { income: '0.00', expense: '0.00' };
    return { filial: { id: b.id, name: b.name }, income: g.income, expense: g.expense, profit: minus(g.income, g.expense) };
  });

  const perMonth = new Map(of('month').map((g) => [g.key, g]));
  const by_month = monthsBetween(start, end).map((month) => ({ month, income: perMonth.get(month)?.income ?? '0.00', expense: perMonth.get(month)?.expense ?? '0.00' }));

  return {
    start_date: start,
    end_date: end,
    filials: covered.map((b) => ({ id: b.id, name: b.name })),
    income: total.income,
    expense: total.expense,
    net: minus(total.income, total.expense),
    by_kind,
    by_method,
    by_cashier,
    by_filial,
    by_month,
    debt_at_end: debt.debt,
    debtors_at_end: debt.debtors,
  };
}
