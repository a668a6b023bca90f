// GET /reports/admin/: the leads created in a period (stage now, source, operator, the funnel to an order and to a
// student) and the students who joined and left, for one branch or every branch the user sees. The rules of each
// figure are in contract/adminReport.ts. Days are the centre's (Asia/Tashkent): the period runs from start_date
// 00:00 to end_date 24:00 there; dates (joined_on, left_on) compare as they are.
import { inArray, sql } from 'drizzle-orm';
import type { AdminReport, AdminReportQuery, Funnel } from '../../../contract/adminReport';
import { LEAD_STAGES, type LeadStage } from '../../../contract/leadStages';
import type { DbOrTx } from '../../db/client';
import { employees, marketingSources } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { resolveFilial, type FilialScope } from '../core/scope';
import { rowsOf } from '../../db/rows';
import { TZ, dayAfter, dayStart, monthsBetween, scopeBranches, scopeSql } from './period';

type LeadGroup = { source: number | null; operator: number | null; stage: LeadStage; archived: boolean } & Funnel;

/** The period's leads grouped by source, operator, stage and archived, with how many reached an order or joined. */
async function leadGroups(q: DbOrTx, scope: FilialScope, start: string, end: string): Promise<LeadGroup[]> {
  const result = await q.execute(sql`
    with l as (
      select l.source_id, l.operator_id, l.stage, l.is_archived,
        (l.stage = 'JOINED' or l.student_id is not null) as joined,
        (l.stage in ('ORDER_CREATED', 'JOINED') or l.student_id is not null
          or exists (select 1 from lead_logs g where g.lead_id = l.id and g.to_stage in ('ORDER_CREATED', 'JOINED'))) as ordered
      from leads l
      where l.created_at >= ${dayStart(start)} and l.created_at < ${dayAfter(end)} and ${scopeSql(sql`l.filial_id`, scope)}
    )
    select source_id, operator_id, stage, is_archived, count(*)::int as created,
      (count(*) filter (where ordered))::int as ordered, (count(*) filter (where joined))::int as joined
    from l group by source_id, operator_id, stage, is_archived`);
  return rowsOf(result).map((r) => ({
    source: r.source_id == null ? null : Number(r.source_id),
    operator: r.operator_id == null ? null : Number(r.operator_id),
    stage: r.stage as LeadStage,
    archived: Boolean(r.is_archived),
    created: Number(r.created),
    ordered: Number(r.ordered),
    joined: Number(r.joined),
  }));
}

type Movement = { filial: number; month: string; joined: number; left: number; memberships_ended: number };

/** Students joined (first membership), left (archived) and memberships ended (not by a move), per branch and month. */
async function movements(q: DbOrTx, scope: FilialScope, start: string, end: string): Promise<Movement[]> {
  // Each part counted per branch and month before the month is written as text: formatting every row cost more
  // than the counting (a chain's month is some 20,000 rows).
  const result = await q.execute(sql`
    with m as (
      -- A student joined in the period when their first membership began in it (students.first_joined_on, kept
      -- by the database: migration 0030).
      select s.filial_id, date_trunc('month', s.first_joined_on::timestamp) as month, count(*) as joined, 0 as left, 0 as ended
      from students s
      where s.first_joined_on between ${start}::date and ${end}::date and ${scopeSql(sql`s.filial_id`, scope)}
      group by 1, 2
      union all
      select s.filial_id, date_trunc('month', s.archived_at at time zone ${TZ}), 0, count(*), 0
      from students s
      where s.archived_at >= ${dayStart(start)} and s.archived_at < ${dayAfter(end)} and ${scopeSql(sql`s.filial_id`, scope)}
      group by 1, 2
      union all
      select g.filial_id, date_trunc('month', sg.left_on::timestamp), 0, 0, count(*)
      from student_groups sg join groups g on g.id = sg.group_id
      where sg.left_on between ${start}::date and ${end}::date and sg.end_reason is distinct from 'moved'
        and ${scopeSql(sql`g.filial_id`, scope)}
      group by 1, 2
    )
    select filial_id, to_char(month, 'YYYY-MM') as month, sum(joined)::int as joined, sum(m.left)::int as left, sum(ended)::int as ended
    from m group by filial_id, m.month order by filial_id, m.month`);
  return rowsOf(result).map((r) => ({ filial: Number(r.filial_id), month: String(r.month), joined: Number(r.joined), left: Number(r.left), memberships_ended: Number(r.ended) }));
}

const zero = (): Funnel => ({ created: 0, ordered: 0, joined: 0 });
const add = (into: Funnel, g: Funnel) => {
  into.created += g.created;
  into.ordered += g.ordered;
  into.joined += g.joined;
};
/** Most leads first, then by name; the unnamed (null) row last. */
const byCreated = <T extends Funnel>(rows: (T & { name: string | null })[]) =>
  rows.sort((a, b) => (a.name === null) !== (b.name === null) ? (a.name === null ? 1 : -1) : b.created - a.created || (a.name ?? '').localeCompare(b.name ?? ''));

function rollUp<K>(groups: LeadGroup[], keyOf: (g: LeadGroup) => K | null): Map<K | null, Funnel> {
  const out = new Map<K | null, Funnel>();
  for (const g of groups) {
    const key = keyOf(g);
    if (!out.has(key)) out.set(key, zero());
    add(out.get(key)!, g);
  }
  return out;
}

export async function adminReport(q: DbOrTx, user: AuthUser, query: AdminReportQuery): Promise<AdminReport> {
  const scope = resolveFilial(user, query.filial);
  const { start_date: start, end_date: end } = query;
  // Independent reads, side by side on the pool (queued inside a transaction or on the embedded database).
  const [groups, moves, branches] = await Promise.all([leadGroups(q, scope, start, end), movements(q, scope, start, end), scopeBranches(q, scope)]);

  const funnel = zero();
  for (const g of groups) add(funnel, g);
  const by_stage = LEAD_STAGES.map((stage) => ({ stage, count: groups.filter((g) => g.stage === stage && !g.archived).reduce((s, g) => s + g.created, 0) }));
  const archived = groups.filter((g) => g.archived).reduce((s, g) => s + g.created, 0);

  const sources = rollUp(groups, (g) => g.source);
  const sourceIds = [...sources.keys()].filter((id): id is number => id !== null);
  const sourceRows = sourceIds.length ? await q.select({ id: marketingSources.id, name: marketingSources.name }).from(marketingSources).where(inArray(marketingSources.id, sourceIds)) : [];
  const sourceName = new Map(sourceRows.map((s) => [s.id, s.name]));
  const by_source = byCreated([...sources].map(([id, f]) => ({ ...f, name: id === null ? null : (sourceName.get(id) ?? ''), id }))).map(({ id, name, ...f }) => ({
    source: id === null ? null : { id, name: name ?? '' },
    ...f,
  }));

  const operators = rollUp(groups, (g) => g.operator);
  const operatorIds = [...operators.keys()].filter((id): id is number => id !== null);
  const operatorRows = operatorIds.length ? await q.select({ id: employees.id, name: employees.fullName }).from(employees).where(inArray(employees.id, operatorIds)) : [];
  const operatorName = new Map(operatorRows.map((o) => [o.id, o.name]));
  const by_operator = byCreated([...operators].map(([id, f]) => ({ ...f, name: id === null ? null : (operatorName.get(id) ?? ''), id }))).map(({ id, name, ...f }) => ({
    operator: id === null ? null : { id, name: name ?? '' },
    ...f,
  }));

  const sum = (rows: Movement[]) => ({
    joined: rows.reduce((s, r) => s + r.joined, 0),
    left: rows.reduce((s, r) => s + r.left, 0),
    memberships_ended: rows.reduce((s, r) => s + r.memberships_ended, 0),
  });
  // Archived branches only when students still moved there in the period.
  const covered = branches.filter((b) => !b.archived || moves.some((m) => m.filial === b.id));
  return {
    start_date: start,
    end_date: end,
    filials: covered.map((b) => ({ id: b.id, name: b.name })),
    funnel,
    by_stage,
    archived,
    by_source,
    by_operator,
    students: sum(moves),
    by_filial: covered.map((b) => ({ filial: { id: b.id, name: b.name }, ...sum(moves.filter((m) => m.filial === b.id)) })),
    by_month: monthsBetween(start, end).map((month) => ({ month, ...sum(moves.filter((m) => m.month === month)) })),
    by_filial_month: moves,
  };
}
