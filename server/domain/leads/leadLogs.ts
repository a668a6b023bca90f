// A lead's history (lead_logs): written beside every change to a lead, listed newest first by GET /logs/.
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { LeadLog, LeadStage, leadLogsQuery } from '../../../contract/leads';
import type { Db, DbOrTx } from '../../db/client';
import { employees, leadLogs, leads } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { readPage, type Page } from '../catalogue/paging';
import { actorColumns, personRef } from '../core/people';
import { allowedFilials, inScope } from '../core/scope';

export type LeadLogAction = 'create' | 'update' | 'stage' | 'order' | 'reorder' | 'join' | 'archive' | 'restore';

export type LeadLogEntry = {
  leadId: number;
  /** null: the lead arrived by itself (the public form, the bot). */
  actorId: number | null;
  action: LeadLogAction;
  fromStage?: LeadStage | null;
  toStage?: LeadStage | null;
  comment?: string;
};

export async function writeLeadLog(tx: DbOrTx, e: LeadLogEntry): Promise<void> {
  await tx.insert(leadLogs).values({
    leadId: e.leadId,
    actorId: e.actorId,
    action: e.action,
    fromStage: e.fromStage ?? null,
    toStage: e.toStage ?? null,
    comment: e.comment ?? '',
  });
}

export async function listLeadLogs(db: Db, user: AuthUser, query: z.output<typeof leadLogsQuery>, url: string): Promise<Page<LeadLog>> {
  const [owner] = await db.select({ filial: leads.filialId }).from(leads).where(eq(leads.id, query.lead));
  if (!owner || !inScope(allowedFilials(user), owner.filial)) throw notFound('Lead not found');
  const where = eq(leadLogs.leadId, query.lead);
  const rows = db
    .select({
      id: leadLogs.id,
      lead: leadLogs.leadId,
      action: leadLogs.action,
      from_stage: leadLogs.fromStage,
      to_stage: leadLogs.toStage,
      comment: leadLogs.comment,
      ...actorColumns,
      created_at: leadLogs.createdAt,
    })
    .from(leadLogs)
    .leftJoin(employees, eq(employees.id, leadLogs.actorId))
    .where(where)
    .orderBy(desc(leadLogs.createdAt), desc(leadLogs.id));
  return readPage(url, query, db.select({ n: count() }).from(leadLogs).where(where), rows, ({ actorId, actorName, created_at, ...r }) => ({
    ...r,
    actor: personRef(actorId, actorName),
    created_at: created_at.toISOString(),
  }));
}
