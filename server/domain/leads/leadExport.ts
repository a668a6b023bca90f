// The rows behind the lead downloads: the lists with GET /lid/'s filters (no paging, capped), and one lead with
// its branch and ordered group's price for a document. Branch scope as everywhere: outside it is 404.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { LEADS_EXCEL_LIMIT } from '../../../contract/leadDownloads';
import type { Lead, leadsQuery } from '../../../contract/leads';
import type { Db } from '../../db/client';
import { filials, groups } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { resolveFilial } from '../core/scope';
import { getLead } from './leadQueries';
import { filtersWhere, scopeWhere, selectLeads } from './leadRows';

export type LeadExport = { rows: Lead[]; filialNames: Map<number, string> };

async function filialNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.select({ id: filials.id, name: filials.name }).from(filials);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The leads GET /lid/ would list under the same filters, every page at once; `archived` overrides is_archived. */
export async function exportLeads(db: Db, user: AuthUser, query: z.output<typeof leadsQuery>, archived: boolean): Promise<LeadExport> {
  const where = and(scopeWhere(resolveFilial(user, query.filial)), filtersWhere({ ...query, is_archived: archived }));
  const rows = await selectLeads(db, where, { limit: LEADS_EXCEL_LIMIT, offset: 0 });
  return { rows, filialNames: await filialNames(db) };
}

export type LeadDocumentData = {
  lead: Lead;
  filial: { name: string; address: string | null; phone: string | null };
  /** The ordered group's monthly price (NUMERIC as a string), when the lead has an order. */
  price: string | null;
};

export async function leadDocumentData(db: Db, user: AuthUser, id: number): Promise<LeadDocumentData> {
  // getLead answers 404 outside the caller's branches.
  const lead = await getLead(db, user, id);
  const [filial] = await db.select({ name: filials.name, address: filials.address, phone: filials.phone }).from(filials).where(eq(filials.id, lead.filial));
  let price: string | null = null;
  if (lead.order_group) {
    const [group] = await db.select({ price: groups.price }).from(groups).where(eq(groups.id, lead.order_group.id));
    price = group?.price ?? null;
  }
  return { lead, filial, price };
}
