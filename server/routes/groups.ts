// Spec section 7, "Groups" (mounted at /groups, and the list again at /api/v2/groups): lists, detail, the
// group's schedule, create and update with clash checks, secondary groups, weekdays, and the scheduling
// assistant GET /groups/availability. Reading needs `groups` or `schedule`; writing needs `groups` and a role
// other than TEACHER or ASSISTANT (they read their own groups only).
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { idParam, msg, paged } from '../../contract/common';
import {
  WEEK_DAY_LIST,
  availabilityQuery,
  groupBody,
  groupPatch,
  groupsNoPgQuery,
  groupsQuery,
  secondaryGroupBody,
  secondaryGroupPut,
  secondaryGroupsQuery,
  idInBody,
  idInQuery,
} from '../../contract/groups';
import { availability } from '../domain/groups/availability';
import { fieldError, forbidden } from '../domain/core/errors';
import {
  OWN_GROUPS_ROLES,
  getGroup,
  getGroupSchedule,
  listGroups,
  listGroupsNoPg,
  listSecondaryGroups,
  listSecondaryGroupsNoPg,
} from '../domain/groups/groupQueries';
import {
  archiveSecondaryGroup,
  createGroup,
  createSecondaryGroup,
  updateGroup,
  updateSecondaryGroup,
} from '../domain/groups/groupWrites';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requireLookup, requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { nowOf } from '../http/actor';
import { answers, answersNothing } from '../http/answers';
import { z } from 'zod';
import { group, groupSchedule, weekDay, availability as availabilityAnswer } from '../../contract/groups';

const read = requirePage('groups', 'schedule');
/** The lead pages read a group too: an order names a group and its first lesson day. */
const readForOrders = requirePage('groups', 'schedule', 'new_leads', 'orders');
/** The branch's groups as a look-up (order dialogs, student filters...): contract/lookups.ts. */
const readList = requireLookup('groups');
const groupsPage = requirePage('groups');
const write: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (OWN_GROUPS_ROLES.includes(c.get('user').role)) throw forbidden();
  await next();
};

/** JSON body when there is one (DELETE may carry one), else {}; never throws. */
async function optionalJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    const text = await c.req.text();
    return text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return {};
  }
}

/**
 * The object id of PUT/PATCH /groups/, PUT and DELETE /groups/secondary/: `?id=` or `{"id": ...}` in the body.
 * A bad id in the query answers 400 on the query validator; a missing one here.
 */
async function idFromQueryOrBody(c: Context<AppEnv>, query: { id?: number }): Promise<number> {
  const body = idInBody.safeParse(await optionalJson(c));
  const id = query.id ?? (body.success ? body.data.id : undefined);
  if (id == null) throw fieldError('id', msg.required);
  return id;
}

export function groupRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/days/no-pg', answers(z.array(weekDay)), (c) => c.json(WEEK_DAY_LIST))
    .get('/availability', groupsPage, validate('query', availabilityQuery), answers(availabilityAnswer), async (c) =>
      c.json(await availability(deps.db, c.get('user'), c.req.valid('query'))),
    )
    .get('/no-pg', readList, validate('query', groupsNoPgQuery), answers(z.array(group)), async (c) =>
      c.json(await listGroupsNoPg(deps.db, c.get('user'), c.req.valid('query'), nowOf(c))),
    )
    .get('/secondary/no-pg', read, validate('query', secondaryGroupsQuery.omit({ page: true, page_size: true })), answers(z.array(group)), async (c) =>
      c.json(await listSecondaryGroupsNoPg(deps.db, c.get('user'), c.req.valid('query'), nowOf(c))),
    )
    .get('/secondary', read, validate('query', secondaryGroupsQuery), answers(paged(group)), async (c) =>
      c.json(await listSecondaryGroups(deps.db, c.get('user'), c.req.valid('query'), c.req.url, nowOf(c))),
    )
    .post('/secondary', groupsPage, write, validate('json', secondaryGroupBody), answers(group, { status: 201 }), async (c) => {
      return c.json(await createSecondaryGroup(deps.db, actorOf(c), c.req.valid('json')), 201);
    })
    .put('/secondary', groupsPage, write, validate('query', idInQuery), validate('json', secondaryGroupPut), answers(group), async (c) => {
      const id = c.req.valid('query').id ?? c.req.valid('json').id;
      if (id == null) throw fieldError('id', msg.required);
      return c.json(await updateSecondaryGroup(deps.db, actorOf(c), id, c.req.valid('json')));
    })
    .delete('/secondary', groupsPage, write, validate('query', idInQuery), answersNothing(), async (c) => {
      await archiveSecondaryGroup(deps.db, actorOf(c), await idFromQueryOrBody(c, c.req.valid('query')));
      return c.body(null, 204);
    })
    .get('/', read, validate('query', groupsQuery), answers(paged(group)), async (c) =>
      c.json(await listGroups(deps.db, c.get('user'), c.req.valid('query'), c.req.url, nowOf(c))),
    )
    .post('/', groupsPage, write, validate('json', groupBody), answers(group, { status: 201 }), async (c) => {
      return c.json(await createGroup(deps.db, actorOf(c), c.req.valid('json')), 201);
    })
    // PUT and PATCH /groups/ name the group by ?id= or a body id (spec section 7); /groups/{id}/ by the path.
    .put('/', groupsPage, write, validate('query', idInQuery), validate('json', groupBody), answers(group), async (c) => {
      const id = await idFromQueryOrBody(c, c.req.valid('query'));
      return c.json(await updateGroup(deps.db, actorOf(c), id, c.req.valid('json')));
    })
    .patch('/', groupsPage, write, validate('query', idInQuery), validate('json', groupPatch), answers(group), async (c) => {
      const id = await idFromQueryOrBody(c, c.req.valid('query'));
      return c.json(await updateGroup(deps.db, actorOf(c), id, c.req.valid('json')));
    })
    .get('/:id{[0-9]+}/schedule', read, validate('param', idParam), answers(groupSchedule), async (c) =>
      c.json(await getGroupSchedule(deps.db, c.get('user'), c.req.valid('param').id, nowOf(c))),
    )
    .get('/:id{[0-9]+}', readForOrders, validate('param', idParam), answers(group), async (c) => c.json(await getGroup(deps.db, c.get('user'), c.req.valid('param').id, nowOf(c))))
    .put('/:id{[0-9]+}', groupsPage, write, validate('param', idParam), validate('json', groupBody), answers(group), async (c) =>
      c.json(await updateGroup(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .patch('/:id{[0-9]+}', groupsPage, write, validate('param', idParam), validate('json', groupPatch), answers(group), async (c) =>
      c.json(await updateGroup(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    );
}

/** GET /api/v2/groups/: the same list as GET /groups/. */
export function v2GroupRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/', read, validate('query', groupsQuery), answers(paged(group)), async (c) =>
      c.json(await listGroups(deps.db, c.get('user'), c.req.valid('query'), c.req.url, nowOf(c))),
    );
}
