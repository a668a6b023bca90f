// Reads of /lid/: the paged and plain lists, one lead, and the statistic (counts per stage and per source).
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { LEAD_STAGES, LEADS_NO_PG_LIMIT, type Lead, type LeadStage, type LeadStatistic, type leadStatisticQuery, type leadsNoPgQuery, type leadsQuery } from '../../../contract/leads';
import type { Db } from '../../db/client';
import { leads, marketingSources } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { allowedFilials, resolveFilial } from '../core/scope';
import { filtersWhere, periodWhere, scopeWhere, selectLeads } from './leadRows';

export async function listLeads(db: Db, user: AuthUser, query: z.output<typeof leadsQuery>, url: string): Promise<Page<Lead>> {
  const where = and(scopeWhere(resolveFilial(user, query.filial)), filtersWhere(query));
  // The count and the page are independent: side by side on the pool.
  const [[{ n }], results] = await Promise.all([
    db.select({ n: count() }).from(leads).where(where),
    selectLeads(db, where, { limit: query.page_size, offset: pageOffset(query) }),
  ]);
  return toPage(url, query, n, results);
}

export async function listLeadsNoPg(db: Db, user: AuthUser, query: z.output<typeof leadsNoPgQuery>): Promise<Lead[]> {
  const where = and(
    scopeWhere(resolveFilial(user, query.filial)),
    filtersWhere(query),
    query.ordered_stages ? eq(leads.stage, 'ORDER_CREATED') : undefined,
  );
  return selectLeads(db, where, { limit: LEADS_NO_PG_LIMIT, offset: 0 });
}

export async function getLead(db: Db, user: AuthUser, id: number): Promise<Lead> {
  const [row] = await selectLeads(db, and(eq(leads.id, id), scopeWhere(allowedFilials(user))));
  if (!row) throw notFound('Lead not found');
  return row;
}

/** Leads created in the period: active ones per stage, archived ones apart, and every one per source. */
export async function leadStatistic(db: Db, user: AuthUser, query: z.output<typeof leadStatisticQuery>): Promise<LeadStatistic> {
  const where = and(scopeWhere(resolveFilial(user, query.filial)), periodWhere(query.start_date, query.end_date));
  const stageRows = await db
    .select({ stage: leads.stage, archived: leads.isArchived, n: count() })
    .from(leads)
    .where(where)
    .groupBy(leads.stage, leads.isArchived);
  const by_stage = Object.fromEntries(LEAD_STAGES.map((s) => [s, 0])) as Record<LeadStage, number>;
  let archived = 0;
  let total = 0;
  for (const r of stageRows) {
    total += r.n;
    if (r.archived) archived += r.n;
    else by_stage[r.stage] += r.n;
  }
  const sourceRows = await db
    .select({ id: marketingSources.id, name: marketingSources.name, n: count() })
    .from(leads)
    .leftJoin(marketingSources, eq(marketingSources.id, leads.sourceId))
    .where(where)
    .groupBy(marketingSources.id, marketingSources.name)
    .orderBy(sql`count(*) desc`, marketingSources.name);
  const by_source = sourceRows.map((r) => ({ source: r.id == null || r.name == null ? null : { id: r.id, name: r.name }, count: r.n }));
  return { total, archived, by_stage, by_source };
}
