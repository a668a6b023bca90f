// What must hold on the database after a crash and a restart, read with SQL while no server runs:
// - every acknowledged write is there (payments by entry id and key, handovers by id, lead moves by stage + log),
//   and no keyed write is there twice (retries with the key after the restart);
// - nothing is half-written: a handover has exactly its two entries, a lead at its new stage has its log row and
//   audit entry (and the reverse), every entry and handover of the burst has its audit entry (and the reverse);
// - cashier_balances equals the ledger per cashier and method and none is negative; student_balances equals
//   payments − refunds + vouchers − charges per student and group.
// Returns the violations (empty when all holds) and figures about writes in flight at the kill.
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { Outcome } from './crashLoad';
import { rowsOf, type Baseline } from './crashSetup';

export type CrashFigures = {
  acked: number;
  inFlight: number;
  /** In-flight writes found committed after the restart. */
  inFlightCommitted: number;
  /** In-flight payments/handovers committed while their Idempotency-Key row stayed pending: must be 0 (also a violation). */
  committedWithPendingKey: number;
};

/** `(v1, v2, ...)` as parameters; `(NULL)` for none, which matches nothing. */
const list = (values: (number | string)[]) => (values.length ? sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})` : sql`(NULL)`);

export async function checkAfterCrash(db: Db, base: Baseline, outcomes: Outcome[], testLeads: number[]): Promise<{ violations: string[]; figures: CrashFigures }> {
  const violations: string[] = [];
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
  const flag = (what: string, rows: unknown[]) => {
    if (rows.length) violations.push(`${what}: ${JSON.stringify(rows.slice(0, 5))}${rows.length > 5 ? ` (+${rows.length - 5})` : ''}`);
  };

  // 1. Acknowledged writes are all there, as acknowledged.
  const acked = outcomes.filter((o) => o.state === 'acked');
  const payments = acked.filter((o) => o.op.kind === 'payment');
  const paymentRows = await q<{ id: number; cashier_id: number; amount: string; student_id: number; group_id: number; comment: string }>(
    sql`select id, cashier_id, amount::text as amount, student_id, group_id, comment from finance_entries where id in ${list(payments.map((o) => o.id!))}`,
  );
  const byId = new Map(paymentRows.map((r) => [r.id, r]));
  flag(
    'acknowledged payment missing or different',
    payments.flatMap((o) => {
      if (o.op.kind !== 'payment') return [];
      const r = byId.get(o.id!);
      const b = o.op.body;
      return r && r.cashier_id === b.casher && r.amount === b.amount && r.student_id === b.student && r.group_id === b.group && r.comment === o.op.key ? [] : [{ id: o.id, key: o.op.key, found: r ?? null }];
    }),
  );
  const handoverAcks = acked.filter((o) => o.op.kind === 'handover');
  const handoverRows = await q<{ id: number; amount: string; comment: string }>(
    sql`select id, amount::text as amount, comment from handovers where id in ${list(handoverAcks.map((o) => o.id!))}`,
  );
  const handoverById = new Map(handoverRows.map((r) => [r.id, r]));
  flag(
    'acknowledged handover missing or different',
    handoverAcks.flatMap((o) => (o.op.kind === 'handover' && handoverById.get(o.id!)?.amount === o.op.body.amount && handoverById.get(o.id!)?.comment === o.op.key ? [] : [{ id: o.id }])),
  );
  const leadAcks = acked.flatMap((o) => (o.op.kind === 'lead' ? [o.op.lead] : []));
  flag(
    'acknowledged lead move missing',
    await q(sql`select l.id, l.stage from leads l where l.id in ${list(leadAcks)} and (l.stage <> 'KUTULMOQDA'
      or not exists (select 1 from lead_logs g where g.lead_id = l.id and g.action = 'stage' and g.to_stage = 'KUTULMOQDA'))`),
  );
  const ackedKeys = acked.flatMap((o) => (o.op.kind === 'lead' ? [] : [o.op.key]));
  if (ackedKeys.length) {
    const keys = await q<{ key: string; status: number }>(sql`select key, status from idempotency_keys where key in ${list(ackedKeys)}`);
    const stored = new Map(keys.map((k) => [k.key, k.status]));
    flag('acknowledged write without its stored answer', ackedKeys.filter((k) => stored.get(k) !== 201));
  }

  // 2. Nothing half-written.
  flag(
    'handover without exactly its two entries',
    await q(sql`select h.id, count(e.id)::int as entries from handovers h left join finance_entries e on e.handover_id = h.id
      where h.id > ${base.handover} group by h.id, h.amount, h.from_cashier_id, h.to_cashier_id
      having count(e.id) <> 2
        or count(*) filter (where e.action = 'expense' and e.cashier_id = h.from_cashier_id and e.amount = h.amount) <> 1
        or count(*) filter (where e.action = 'income' and e.cashier_id = h.to_cashier_id and e.amount = h.amount) <> 1`),
  );
  flag(
    'handover entry without its handover',
    await q(sql`select e.id from finance_entries e join finance_kinds k on k.id = e.kind_id
      where e.id > ${base.entry} and k.system_key = 'handover' and e.handover_id is null`),
  );
  flag(
    'entry without its audit entry',
    await q(sql`select e.id from finance_entries e where e.id > ${base.entry} and e.handover_id is null
      and not exists (select 1 from audit_log a where a.action in ('finance_entry.create', 'finance_entry.reverse') and a.entity_id = e.id::text)`),
  );
  flag(
    'handover without its audit entry',
    await q(sql`select h.id from handovers h where h.id > ${base.handover}
      and not exists (select 1 from audit_log a where a.action = 'handover.create' and a.entity_id = h.id::text)`),
  );
  flag(
    'audit entry without its change',
    await q(sql`select a.id, a.action, a.entity_id from audit_log a where a.id > ${base.audit} and (
         (a.action = 'finance_entry.create' and not exists (select 1 from finance_entries e where e.id::text = a.entity_id))
      or (a.action = 'handover.create' and not exists (select 1 from handovers h where h.id::text = a.entity_id))
      or (a.action = 'lead.stage' and not exists (select 1 from leads l where l.id::text = a.entity_id and l.stage = 'KUTULMOQDA')))`),
  );
  flag(
    'lead move without its log row or audit entry, or the reverse',
    await q(sql`select l.id, l.stage,
        (select count(*) from lead_logs g where g.lead_id = l.id and g.action = 'stage')::int as logs,
        (select count(*) from audit_log a where a.action = 'lead.stage' and a.entity_id = l.id::text)::int as audits
      from leads l where l.id in ${list(testLeads)} and (
        (l.stage = 'KUTULMOQDA') <> exists (select 1 from lead_logs g where g.lead_id = l.id and g.action = 'stage' and g.to_stage = 'KUTULMOQDA')
        or (l.stage = 'KUTULMOQDA') <> exists (select 1 from audit_log a where a.action = 'lead.stage' and a.entity_id = l.id::text)
        or (select count(*) from lead_logs g where g.lead_id = l.id and g.action = 'stage') > 1)`),
  );

  flag(
    'idempotent write committed more than once',
    await q(sql`select comment, count(*)::int as n from finance_entries where id > ${base.entry} and comment like 'crash-%' and handover_id is null group by comment having count(*) > 1
      union all select comment, count(*)::int from handovers where id > ${base.handover} and comment like 'crash-%' group by comment having count(*) > 1`),
  );

  // 3. Balances equal their rows; no cashier below zero.
  flag(
    'cashier balance differs from its entries or is negative',
    await q(sql`with ledger as (
        select cashier_id, method, sum(case when action = 'income' then amount else -amount end) as sum from finance_entries group by cashier_id, method)
      select coalesce(b.cashier_id, l.cashier_id) as cashier, coalesce(b.method, l.method) as method, b.balance::text as balance, l.sum::text as ledger
      from cashier_balances b full join ledger l on l.cashier_id = b.cashier_id and l.method = b.method
      where coalesce(b.balance, 0) <> coalesce(l.sum, 0) or b.balance < 0`),
  );
  flag(
    'student balance differs from its rows',
    await q(sql`with parts as (
        select student_id, group_id, case when action = 'income' then amount else -amount end as amount from finance_entries where student_id is not null and group_id is not null
        union all select student_id, group_id, -amount from student_charges
        union all select student_id, group_id, amount from vouchers where cancelled_at is null),
      sums as (select student_id, group_id, sum(amount) as sum from parts group by student_id, group_id)
      select coalesce(b.student_id, s.student_id) as student, coalesce(b.group_id, s.group_id) as "group", b.balance::text as balance, s.sum::text as rows
      from student_balances b full join sums s on s.student_id = b.student_id and s.group_id = b.group_id
      where coalesce(b.balance, 0) <> coalesce(s.sum, 0)`),
  );

  // 4. Figures about the writes that had no answer.
  const inFlight = outcomes.filter((o) => o.state === 'unknown');
  const keyed = inFlight.flatMap((o) => (o.op.kind === 'lead' ? [] : [o.op.key]));
  const committed = new Set(
    keyed.length
      ? (
          await q<{ comment: string }>(sql`select comment from finance_entries where comment in ${list(keyed)} union select comment from handovers where comment in ${list(keyed)}`)
        ).map((r) => r.comment)
      : [],
  );
  const pending = new Set(keyed.length ? (await q<{ key: string }>(sql`select key from idempotency_keys where key in ${list(keyed)} and status = 0`)).map((r) => r.key) : []);
  // The write's own commit marks its key written (status 1): a pending key beside a committed write would let a
  // retry after 5 minutes run the payment a second time.
  flag('committed writes whose idempotency key stayed pending', [...committed].filter((k) => pending.has(k)));
  const movedLeads = inFlight.flatMap((o) => (o.op.kind === 'lead' ? [o.op.lead] : []));
  const moved = movedLeads.length ? await q(sql`select id from leads where id in ${list(movedLeads)} and stage = 'KUTULMOQDA'`) : [];
  return {
    violations,
    figures: {
      acked: acked.length,
      inFlight: inFlight.length,
      inFlightCommitted: committed.size + moved.length,
      committedWithPendingKey: [...committed].filter((k) => pending.has(k)).length,
    },
  };
}
