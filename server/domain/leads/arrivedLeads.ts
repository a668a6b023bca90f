// A lead that arrives by itself — from the public lead form or the Telegram bot — lands in its branch's new
// leads with its source, no operator and no author; the branch's call operators hear of it in the bell. The
// caller's transaction holds it all, so a failure leaves neither the lead nor a notification behind.
import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employeeFilials, employees, leads, marketingSources, subjects } from '../../db/schema';
import { audit } from '../audit/record';
import { fieldError } from '../core/errors';
import { notify } from '../notifications/notifications';
import { writeLeadLog } from './leadLogs';

export type ArrivedLead = {
  filialId: number;
  fullName: string;
  phone: string;
  subjectId: number | null;
  sourceId: number | null;
  comment: string;
  /** Where it came from, for the audit log: `form` (with the key's id) or `telegram`. */
  via: { kind: 'form'; keyId: number } | { kind: 'telegram'; chatId: number };
  ip?: string | null;
};

/** Active call operators who work in the branch (their branch list holds it, or is empty: every branch). */
async function operatorsOf(tx: DbOrTx, filialId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.role, 'CALL_OPERATOR'),
        eq(employees.isArchived, false),
        or(
          sql`exists (select 1 from ${employeeFilials} f where f.employee_id = ${employees.id} and f.filial_id = ${filialId})`,
          sql`not exists (select 1 from ${employeeFilials} f where f.employee_id = ${employees.id})`,
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/** A message key in the centre's language (the bell's texts are stored as text: Uzbek, as the tasks' ones). */
export type CentreText = (key: string, params: Record<string, unknown>) => string;

export async function takeArrivedLead(tx: DbOrTx, text: CentreText, lead: ArrivedLead): Promise<number> {
  const [row] = await tx
    .insert(leads)
    .values({ filialId: lead.filialId, fullName: lead.fullName, phone: lead.phone, subjectId: lead.subjectId, sourceId: lead.sourceId, comment: lead.comment })
    .returning({ id: leads.id });
  await writeLeadLog(tx, { leadId: row.id, actorId: null, action: 'create', toStage: 'YANGI_LEAD', comment: lead.comment });
  await audit(tx, {
    actorId: null,
    action: 'lead.create',
    entity: 'lead',
    entityId: row.id,
    filialId: lead.filialId,
    after: { id: row.id, full_name: lead.fullName, phone: lead.phone, subject: lead.subjectId, source: lead.sourceId, via: lead.via },
    ip: lead.ip ?? null,
  });
  const key = lead.via.kind === 'form' ? 'leads.arrived.form' : 'leads.arrived.telegram';
  const said = text(key, { name: lead.fullName, phone: lead.phone });
  const comment = said === key ? `${lead.fullName} ${lead.phone}` : said;
  const link = `/leads/lead_info?id=${row.id}`;
  await notify(tx, (await operatorsOf(tx, lead.filialId)).map((userId) => ({ userId, comment, filialId: lead.filialId, link })));
  return row.id;
}

/**
 * A subject or a source named by id (unknown: 400 on the field) or by name (matched without case among the active
 * ones; an unknown name is no reason to lose the lead: null, and the caller keeps the text in the comment).
 */
export async function resolveNamed(tx: DbOrTx, kind: 'subject' | 'source', value: number | string | undefined): Promise<{ id: number | null; unmatched?: string }> {
  if (value === undefined) return { id: null };
  const table = kind === 'subject' ? subjects : marketingSources;
  const match = typeof value === 'number' ? eq(table.id, value) : sql`lower(${table.name}) = lower(${value})`;
  const [row] = await tx.select({ id: table.id }).from(table).where(and(match, eq(table.isArchived, false))).orderBy(table.id).limit(1);
  if (row) return { id: row.id };
  if (typeof value === 'number') throw fieldError(kind, 'validation.notFound');
  return { id: null, unmatched: value };
}

/** The active marketing source named `name` (any case), made when there is none (the bot's "Telegram"). */
export async function sourceNamed(tx: DbOrTx, name: string): Promise<number> {
  const found = await resolveNamed(tx, 'source', name);
  if (found.id !== null) return found.id;
  const [made] = await tx.insert(marketingSources).values({ name }).returning({ id: marketingSources.id });
  return made.id;
}

