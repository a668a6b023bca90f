// GET /logs/?lead={id} (spec section 7, "Leads"): a lead's history, newest first. Needs one of the lead pages.
import { Hono } from 'hono';
import { leadLogsQuery } from '../../contract/leads';
import { listLeadLogs } from '../domain/leads/leadLogs';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';

export function logRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false }).get(
    '/',
    requirePage('new_leads', 'orders', 'archived_leads'),
    validate('query', leadLogsQuery),
    async (c) => c.json(await listLeadLogs(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
  );
}
