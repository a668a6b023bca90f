// Spec section 7, "Marketing" (mounted at /marketing): sources at /marketing/ and /marketing/{id}/, their groups at
// /marketing/group/. A lead form picks a source, so the leads pages may read; writing needs `control`.
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { marketingGroupBody, marketingSourceBody, marketingSourcesQuery, marketingGroup, marketingSource } from '../../contract/marketing';
import { archiveSource, createGroup, createSource, listGroups, listSources, renameGroup, updateSource } from '../domain/marketing/sources';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requireLookup, requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers, answersNothing } from '../http/answers';
import { z } from 'zod';

const read = requirePage('new_leads', 'orders', 'archived_leads', 'control');
const write = requirePage('control');

export function marketingRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/no-pg', requireLookup('sources'), validate('query', marketingSourcesQuery), answers(z.array(marketingSource)), async (c) =>
      c.json(await listSources(deps.db, c.get('user'), c.req.valid('query'))),
    )
    .get('/group', read, answers(z.array(marketingGroup)), async (c) => c.json(await listGroups(deps.db)))
    .post('/group', write, validate('json', marketingGroupBody), answers(marketingGroup, { status: 201 }), async (c) =>
      c.json(await createGroup(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .put('/group/:id', write, validate('param', idParam), validate('json', marketingGroupBody), answers(marketingGroup), async (c) =>
      c.json(await renameGroup(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/', write, validate('json', marketingSourceBody), answers(marketingSource, { status: 201 }), async (c) =>
      c.json(await createSource(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .put('/:id', write, validate('param', idParam), validate('json', marketingSourceBody), answers(marketingSource), async (c) =>
      c.json(await updateSource(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/:id', write, validate('param', idParam), answersNothing(), async (c) => {
      await archiveSource(deps.db, actorOf(c), c.req.valid('param').id);
      return c.body(null, 204);
    });
}
