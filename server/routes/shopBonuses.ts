// Issue 5, "Shop and bonuses" (mounted at /bonus): bonus coins. Awards (POST /bonus/, /bonus/bulk/) need the
// `add_bonus` page; the entries, a student's coins, the leaderboard and the dialogs' pickers are read with
// `add_bonus` or `shop` (the sell dialog shows the buyer's coins).
import { Hono } from 'hono';
import { bonusAwardBody, bonusBulkBody, bonusEntriesQuery, bonusGroupsQuery, bonusStudentsQuery, bonusTopQuery, bonusAwardResult, bonusBalance, bonusEntry, bonusGroup, bonusStudent, bonusTopRow } from '../../contract/bonuses';
import { idParam, paged } from '../../contract/common';
import { award, balanceOf, groupsForAwards, leaderboard, listEntries, studentsWithCoins } from '../domain/shop/bonuses';
import { actorOf } from '../http/actor';
import { idempotent } from '../http/idempotency';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers } from '../http/answers';
import { z } from 'zod';

const read = requirePage('add_bonus', 'shop');
const write = requirePage('add_bonus');

export function bonusRoutes(deps: AppDeps) {
  // Awards may carry an Idempotency-Key: a repeated award replays the first answer instead of paying twice.
  const once = idempotent(deps);
  return new Hono<AppEnv>({ strict: false })
    .get('/', read, validate('query', bonusEntriesQuery), answers(paged(bonusEntry)), async (c) =>
      c.json(await listEntries(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    .get('/balance/:id', read, validate('param', idParam), answers(bonusBalance), async (c) => c.json(await balanceOf(deps.db, c.get('user'), c.req.valid('param').id)))
    .get('/top', read, validate('query', bonusTopQuery), answers(z.array(bonusTopRow)), async (c) => c.json(await leaderboard(deps.db, c.get('user'), c.req.valid('query'))))
    .get('/students', read, validate('query', bonusStudentsQuery), answers(z.array(bonusStudent)), async (c) =>
      c.json(await studentsWithCoins(deps.db, c.get('user'), c.req.valid('query'))),
    )
    .get('/groups', write, validate('query', bonusGroupsQuery), answers(z.array(bonusGroup)), async (c) => c.json(await groupsForAwards(deps.db, c.get('user'), c.req.valid('query'))))
    .post('/', write, once, validate('json', bonusAwardBody), answers(bonusAwardResult, { status: 201 }), async (c) => {
      const body = c.req.valid('json');
      return c.json(await award(deps.db, actorOf(c), { students: [body.student], coins: body.coins, reason: body.reason }), 201);
    })
    .post('/bulk', write, once, validate('json', bonusBulkBody), answers(bonusAwardResult, { status: 201 }), async (c) => c.json(await award(deps.db, actorOf(c), c.req.valid('json')), 201));
}
