// GET /logs/ without `lead` (page control): the audit trail every write leaves (server/domain/audit/record.ts), newest
// first, with filters. With `lead` the same address answers a lead's history (contract/leads.ts leadLogsQuery).
import { z } from 'zod';
import { optionalQuery, pageQuery, queryId, queryIsoDate } from './common';

export const AUDIT_TEXT_MAX = 100;

export const auditLogQuery = pageQuery.extend({
  /** The employee who acted. */
  actor: queryId,
  /** Exact ('finance.entry_create') or, ending in '.', a prefix ('finance.'). */
  action: optionalQuery(z.string().trim().max(AUDIT_TEXT_MAX)),
  /** What was changed: 'filial', 'lead', 'student'... */
  entity: optionalQuery(z.string().trim().max(AUDIT_TEXT_MAX)),
  /** The changed object's id (the log keeps it as text). */
  object_id: optionalQuery(z.string().trim().max(AUDIT_TEXT_MAX)),
  /** Centre days (Asia/Tashkent), both ends included. */
  start_date: queryIsoDate,
  end_date: queryIsoDate,
  /** Rows that name this branch (404 outside the reader's scope). */
  filial: queryId,
});
/** What a client sends (the schema's input is `unknown` where it preprocesses). */
export type AuditLogQuery = {
  page?: number;
  page_size?: number;
  actor?: number;
  action?: string;
  entity?: string;
  object_id?: string;
  start_date?: string;
  end_date?: string;
  filial?: number;
};

export const auditLogEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  object_id: z.string().nullable(),
  filial: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

/** A prefix filter ends with a dot: 'finance.' matches 'finance.entry_create'. */
export function isActionPrefix(action: string): boolean {
  return action.endsWith('.');
}
