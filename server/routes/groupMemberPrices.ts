// Spec section 7, "Groups": POST /api/v2/studentgroups/price and GET /api/v2/studentgroups/stats (filial).
import { Hono } from 'hono';
import { studentGroupPrice, studentGroupStatsQuery, membership, studentGroupStats as studentGroupStatsAnswer } from '../../contract/membership';
import { studentGroupStats } from '../domain/lessons/groupStats';
import { setStudentGroupPrice } from '../domain/groups/membership';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { STUDENT_PAGES } from './groupMembers';
import { nowOf } from '../http/actor';
import { answers } from '../http/answers';
import { z } from 'zod';

export function studentGroupsV2Routes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .post('/price', requirePage('groups', ...STUDENT_PAGES), validate('json', studentGroupPrice), answers(membership), async (c) =>
      c.json(await setStudentGroupPrice(deps.db, actorOf(c), c.req.valid('json'))),
    )
    .get('/stats', requirePage('groups'), validate('query', studentGroupStatsQuery), answers(z.array(studentGroupStatsAnswer)), async (c) =>
      c.json(await studentGroupStats(deps.db, c.get('user'), nowOf(c), c.req.valid('query').filial)),
    );
}
