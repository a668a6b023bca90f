// The charge sync: student_charges made to match what the billing rule (contract/billing.ts) says for the held
// regular lessons of a scope that have begun by `now` (the caller's clock; a lesson is never charged ahead of its
// start, Tashkent time), for the students on their rosters (lessons/roster.ts: members that day, not frozen). Called inside the transaction of every write that changes the answer (attendance,
// a cancelled lesson, a freeze, a membership change, a sale, the branch's excused switch) and by the safety-net
// job (server/jobs/billing.ts). Idempotent: a second run over the same data finds nothing to change. Balances
// follow by trigger (migration 0004), in the same statement.
import { sql, type SQL } from 'drizzle-orm';
import { isChargeable, lessonCharge, priceAfterSale, type AttendanceMark, type Sale } from '../../../contract/billing';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { centreWallClock } from '../../../contract/lessonClock';
import { onRosterSql } from '../lessons/roster';

/**
 * Which charges to recompute. Every field narrows; dates are widened to whole calendar months, because a
 * lesson's charge depends on its place among the month's lessons. No dates: all of history.
 */
export type ChargeScope = {
  studentId?: number;
  groupIds?: number[];
  filialId?: number;
  from?: string;
  to?: string;
  /** Only this lesson's charges (its month still sets its place and count): a register's save changes no other. */
  lessonId?: number;
};

export type SyncResult = { inserted: number; updated: number; deleted: number };

import { firstOfMonth, lastOfMonth } from '../../../contract/centreDay';

export { firstOfMonth, lastOfMonth };


/** One chargeable candidate: a member of the group on the day of a held lesson. */
export type Candidate = {
  lesson_id: number;
  group_id: number;
  filial_id: number;
  date: string;
  pos: number;
  n: number;
  student_id: number;
  joined_on: string;
  left_on: string | null;
  price: string;
  attendance: AttendanceMark;
  charge_excused: boolean;
  frozen: boolean;
  sale_kind: Sale['kind'] | null;
  sale_value: string | null;
};

export type DesiredCharge = {
  studentId: number;
  groupId: number;
  lessonId: number;
  filialId: number;
  date: string;
  amount: string;
  monthlyPrice: string;
};

/** The pure half: which candidates are charged and how much. */
export function desiredCharges(candidates: readonly Candidate[]): DesiredCharge[] {
  const out: DesiredCharge[] = [];
  for (const c of candidates) {
    const chargeable = isChargeable({
      date: c.date,
      joinedOn: c.joined_on,
      leftOn: c.left_on,
      frozen: c.frozen,
      attendance: c.attendance,
      chargeExcused: c.charge_excused,
    });
    if (!chargeable) continue;
    const sale = c.sale_kind && c.sale_value ? { kind: c.sale_kind, value: c.sale_value } : null;
    const monthlyPrice = priceAfterSale(c.price, sale);
    out.push({
      studentId: c.student_id,
      groupId: c.group_id,
      lessonId: c.lesson_id,
      filialId: c.filial_id,
      date: c.date,
      amount: lessonCharge(monthlyPrice, c.pos, c.n),
      monthlyPrice,
    });
  }
  return out;
}

function bounds(scope: ChargeScope) {
  return { from: scope.from ? firstOfMonth(scope.from) : null, to: scope.to ? lastOfMonth(scope.to) : null };
}

/** The scope's months, branch and groups, on a table of `alias` with date, filial_id and group_id (lessons, charges). */
function monthsAndGroups(scope: ChargeScope, alias: string): SQL[] {
  const { from, to } = bounds(scope);
  const a = sql.raw(alias);
  const parts: SQL[] = [];
  if (from) parts.push(sql`${a}.date >= ${from}::date`);
  if (to) parts.push(sql`${a}.date <= ${to}::date`);
  if (scope.filialId !== undefined) parts.push(sql`${a}.filial_id = ${scope.filialId}`);
  if (scope.groupIds) parts.push(scope.groupIds.length ? sql`${a}.group_id = any(${intArray(scope.groupIds)})` : sql`false`);
  return parts;
}

function lessonWhere(scope: ChargeScope, alias: string): SQL {
  const a = sql.raw(alias);
  const parts: SQL[] = [sql`${a}.kind = 'regular'`, sql`${a}.group_id is not null`, sql`${a}.status <> 'cancelled'`, ...monthsAndGroups(scope, alias)];
  if (scope.studentId !== undefined)
    parts.push(sql`${a}.group_id in (select m.group_id from student_groups m where m.student_id = ${scope.studentId})`);
  return sql.join(parts, sql` and `);
}

/** The charges the scope holds, on student_charges as `c`. */
function chargeWhere(scope: ChargeScope): SQL {
  const parts: SQL[] = [sql`true`, ...monthsAndGroups(scope, 'c')];
  if (scope.studentId !== undefined) parts.push(sql`c.student_id = ${scope.studentId}`);
  if (scope.lessonId !== undefined) parts.push(sql`c.lesson_id = ${scope.lessonId}`);
  return sql.join(parts, sql` and `);
}

const intArray = (ids: number[]) => sql`array[${sql.join(ids.map((id) => sql`${id}::int`), sql`, `)}]::int[]`;

type Existing = { id: number; key: string; amount: string; monthlyPrice: string; date: string };

/**
 * The chargeable candidates of `scope` at `now` and the charges it holds, in one statement: the two halves of a
 * UNION ALL told apart by `side`, each filling its own columns (the rest null).
 */
async function candidatesAndCharges(q: DbOrTx, scope: ChargeScope, now: Date): Promise<{ candidates: Candidate[]; charges: Existing[] }> {
  const studentFilter = scope.studentId !== undefined ? sql`and sg.student_id = ${scope.studentId}` : sql``;
  const wall = centreWallClock(now);
  const result = await q.execute(sql`
    with month_lessons as (
      select l.id, l.group_id, l.filial_id, l.date, l.start_time, l.status,
        row_number() over (partition by l.group_id, date_trunc('month', l.date) order by l.date, l.id) as pos,
        count(*) over (partition by l.group_id, date_trunc('month', l.date)) as n
      from lessons l
      where ${lessonWhere(scope, 'l')}
    )
    select 'candidate' as side, ml.id as lesson_id, ml.group_id, ml.filial_id, ml.date::text as date, ml.pos::int as pos, ml.n::int as n,
      sg.student_id, sg.joined_on::text as joined_on, sg.left_on::text as left_on,
      coalesce(sg.price, g.price)::text as price,
      a.status as attendance, f.charge_excused, false as frozen,
      sale.kind as sale_kind, sale.value::text as sale_value,
      null::int as charge_id, null::text as amount, null::text as monthly_price
    from month_lessons ml
    join groups g on g.id = ml.group_id
    join filials f on f.id = ml.filial_id
    join student_groups sg on sg.group_id = ml.group_id and ${onRosterSql('sg', sql`ml.date`)} ${studentFilter}
    left join attendance a on a.lesson_id = ml.id and a.student_id = sg.student_id
    left join lateral (
      select sa.kind, sa.value from student_sales ss join sales sa on sa.id = ss.sale_id
      where ss.student_id = sg.student_id and ss.group_id = ml.group_id and ss.from_date <= ml.date
        and (ss.ended_on is null or ss.ended_on >= ml.date)
      order by ss.from_date desc, ss.id desc limit 1
    ) sale on true
    where ml.status = 'held' ${scope.lessonId !== undefined ? sql`and ml.id = ${scope.lessonId}::int` : sql``}
      and (ml.date < ${wall.date}::date or (ml.date = ${wall.date}::date and ml.start_time <= ${wall.time}::time))
    union all
    select 'charge', c.lesson_id, c.group_id, null, c.date::text, null, null, c.student_id, null, null, null, null, null, null, null, null,
      c.id, c.amount::text, c.monthly_price::text
    from student_charges c where ${chargeWhere(scope)}`);
  const candidates: Candidate[] = [];
  const charges: Existing[] = [];
  for (const r of rowsOf(result)) {
    if (r.side === 'charge') {
      charges.push({
        id: Number(r.charge_id),
        key: `${r.student_id}:${r.group_id}:${r.lesson_id}`,
        amount: String(r.amount),
        monthlyPrice: String(r.monthly_price),
        date: String(r.date),
      });
      continue;
    }
    candidates.push({
      lesson_id: Number(r.lesson_id),
      group_id: Number(r.group_id),
      filial_id: Number(r.filial_id),
      date: String(r.date),
      pos: Number(r.pos),
      n: Number(r.n),
      student_id: Number(r.student_id),
      joined_on: String(r.joined_on),
      left_on: r.left_on == null ? null : String(r.left_on),
      price: String(r.price),
      attendance: (r.attendance ?? null) as AttendanceMark,
      charge_excused: r.charge_excused === true || r.charge_excused === 't',
      frozen: r.frozen === true || r.frozen === 't',
      sale_kind: (r.sale_kind ?? null) as Sale['kind'] | null,
      sale_value: r.sale_value == null ? null : String(r.sale_value),
    });
  }
  return { candidates, charges };
}

const BATCH = 500;

/**
 * Two syncs of the same charges must run one after the other, not read each other's half-written month or lock
 * the same charge and balance rows in opposite orders. A sync of named groups (a lesson marked, the job's group, a
 * sale or a membership) locks those groups, in id order, under a shared chain-wide lock; any other sync (a
 * student's every group, a branch, everything) takes the chain-wide lock exclusively. Syncs of different groups
 * now run side by side: one lock for the whole chain held each marking transaction to its commit, and the
 * teachers of every branch queued on it (the capacity benchmark, docs/performance.md).
 */
async function lockChargeScope(q: DbOrTx, scope: ChargeScope): Promise<void> {
  if (!scope.groupIds || scope.filialId !== undefined) {
    await q.execute(sql`select pg_advisory_xact_lock(hashtext('markaz.charges'))`);
    return;
  }
  // One round trip: a select list is evaluated left to right, so the shared lock comes first, then the groups'.
  const groupLocks = [...new Set(scope.groupIds)]
    .sort((a, b) => a - b)
    .map((id) => sql`, pg_advisory_xact_lock(hashtext('markaz.charges.group'), ${id}::int)`);
  await q.execute(sql`select pg_advisory_xact_lock_shared(hashtext('markaz.charges'))${sql.join(groupLocks, sql``)}`);
}

/**
 * Makes student_charges of `scope` match the billing rule as of `now`; answers how many rows changed. A charge of
 * a lesson that has not begun by `now` (or is no longer held) is removed. Call it inside the writing transaction;
 * its locks (lockChargeScope) last until that transaction ends.
 */
export async function syncCharges(q: DbOrTx, scope: ChargeScope, now: Date): Promise<SyncResult> {
  await lockChargeScope(q, scope);
  const { candidates, charges } = await candidatesAndCharges(q, scope, now);
  const want = desiredCharges(candidates);
  // A fixed order, so row locks are always taken the same way round.
  want.sort((a, b) => a.studentId - b.studentId || a.groupId - b.groupId || a.lessonId - b.lessonId);
  const have = new Map(charges.map((c) => [c.key, c]));
  const upserts: DesiredCharge[] = [];
  let inserted = 0;
  let updated = 0;
  for (const w of want) {
    const key = `${w.studentId}:${w.groupId}:${w.lessonId}`;
    const old = have.get(key);
    have.delete(key);
    if (!old) inserted++;
    else if (old.amount !== w.amount || old.monthlyPrice !== w.monthlyPrice || old.date !== w.date) updated++;
    else continue;
    upserts.push(w);
  }
  for (let i = 0; i < upserts.length; i += BATCH) {
    const values = upserts
      .slice(i, i + BATCH)
      .map((w) => sql`(${w.studentId}::int, ${w.groupId}::int, ${w.lessonId}::int, ${w.filialId}::int, ${w.date}::date, ${w.amount}::numeric, ${w.monthlyPrice}::numeric)`);
    // ON CONFLICT keeps a concurrent sync of the same lesson from charging twice.
    await q.execute(sql`
      insert into student_charges (student_id, group_id, lesson_id, filial_id, date, amount, monthly_price)
      values ${sql.join(values, sql`, `)}
      on conflict (student_id, group_id, lesson_id) do update
        set amount = excluded.amount, monthly_price = excluded.monthly_price, date = excluded.date, filial_id = excluded.filial_id
        where (student_charges.amount, student_charges.monthly_price, student_charges.date)
          is distinct from (excluded.amount, excluded.monthly_price, excluded.date)`);
  }
  const stale = [...have.values()].map((c) => c.id).sort((a, b) => a - b);
  for (let i = 0; i < stale.length; i += BATCH) {
    await q.execute(sql`delete from student_charges where id = any(${intArray(stale.slice(i, i + BATCH))})`);
  }
  return { inserted, updated, deleted: stale.length };
}
