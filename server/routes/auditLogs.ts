// GET /logs/ answers two readers. With `lead` (spec section 7, "Leads"): that lead's history, newest first, for
// the lead pages. Without it (the control area): the audit log with filters, for the control page.
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { auditLogEntry, auditLogQuery } from '../../contract/auditLog';
import { paged } from '../../contract/common';
import { leadLog, leadLogsQuery } from '../../contract/leads';
import { listAuditLog } from '../domain/audit/log';
import { listLeadLogs } from '../domain/leads/leadLogs';
import { answers } from '../http/answers';
import type { AppDeps, AppEnv } from '../http/context';
import { fieldKeys } from '../domain/core/errors';
import { fieldErrors, requestLang, zodErrorMap } from '../http/i18n';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';

const leadPages = requirePage('new_leads', 'orders', 'archived_leads');

/** The query parsed like validate('query', schema) does: 400 `{field: [message]}` in the request's language. */
async function parseQuery<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const lang = requestLang(c);
  const result = await schema.safeParseAsync(c.req.query(), { error: zodErrorMap(lang) });
  if (!result.success) throw fieldKeys(fieldErrors(result.error.issues, c.get('config').localesDir, lang));
  return result.data;
}

export function logRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false }).get(
    '/',
    // The audit log, or a lead's history (paged either way).
    answers(paged(auditLogEntry).or(paged(leadLog))),
    // A lead's history whenever the query names `lead` (an empty `lead=` answers 400 as before).
    async (c, next) => {
      if (c.req.query('lead') === undefined) return next();
      await leadPages(c, async () => {});
      return c.json(await listLeadLogs(deps.db, c.get('user'), await parseQuery(c, leadLogsQuery), c.req.url));
    },
    requirePage('control'),
    validate('query', auditLogQuery),
    async (c) => c.json(await listAuditLog(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
  );
}
