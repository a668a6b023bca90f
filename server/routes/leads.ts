// Spec section 7, "Leads" (mounted at /lid). Reading needs one of the lead pages (new leads, orders, archive);
// writing needs new_leads or orders.
import { Hono } from 'hono';
import { idParam, paged } from '../../contract/common';
import { leadCreateBody, leadOrderBody, leadPatchBody, leadStatisticQuery, leadsNoPgQuery, leadsQuery, lead, leadCreated, leadJoined, leadStatistic as leadStatisticAnswer } from '../../contract/leads';
import { joinLead } from '../domain/leads/joinLead';
import { getLead, leadStatistic, listLeads, listLeadsNoPg } from '../domain/leads/leadQueries';
import { changeOrder, createLead, createOrder, patchLead } from '../domain/leads/leadWrites';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { z } from 'zod';
import { answers } from '../http/answers';

const read = requirePage('new_leads', 'orders', 'archived_leads');
const write = requirePage('new_leads', 'orders');

export function leadRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/no-pg', read, validate('query', leadsNoPgQuery), answers(z.array(lead)), async (c) =>
      c.json(await listLeadsNoPg(deps.db, c.get('user'), c.req.valid('query'))),
    )
    .get('/statistic', read, validate('query', leadStatisticQuery), answers(leadStatisticAnswer), async (c) =>
      c.json(await leadStatistic(await deps.heavyReads(c.get('user').id), c.get('user'), c.req.valid('query'))),
    )
    .get('/', read, validate('query', leadsQuery), answers(paged(lead)), async (c) =>
      c.json(await listLeads(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    .post('/', write, validate('json', leadCreateBody), answers(leadCreated, { status: 201 }), async (c) =>
      c.json(await createLead(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .patch('/:id/create_order', write, validate('param', idParam), validate('json', leadOrderBody), answers(lead), async (c) =>
      c.json(await createOrder(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    // Ours: an ordered lead's group or first lesson changes in one write (no cancel-then-order in between).
    .patch('/:id/change_order', write, validate('param', idParam), validate('json', leadOrderBody), answers(lead), async (c) =>
      c.json(await changeOrder(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .get('/:id', read, validate('param', idParam), answers(lead), async (c) => c.json(await getLead(deps.db, c.get('user'), c.req.valid('param').id)))
    .patch('/:id', write, validate('param', idParam), validate('json', leadPatchBody), answers(leadJoined.or(lead)), async (c) => {
      const body = c.req.valid('json');
      const id = c.req.valid('param').id;
      // Stage JOINED makes the order a student: its own write, not an edit.
      if (body.stage === 'JOINED') return c.json(await joinLead(deps.db, actorOf(c), id, { student: body.student }));
      return c.json(await patchLead(deps.db, actorOf(c), id, body));
    });
}
