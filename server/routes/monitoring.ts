// Monitoring (issue 6, /monitoring): GET /monitoring/today/?filial&at (the live state of a branch's day) and
// GET /monitoring/dropouts/?filial&page&page_size (the early-warning list). Readable with monitoring_page or
// monitoring; the branch must be in the reader's scope (404 otherwise).
import { Hono } from 'hono';
import { dropoutsQuery, monitoringTodayQuery, dropoutsPage, monitoringToday as monitoringTodayAnswer } from '../../contract/monitoring';
import { listDropouts } from '../domain/monitoring/dropouts';
import { monitoringToday } from '../domain/monitoring/today';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { nowOf } from '../http/actor';
import { centreToday } from '../domain/lessons/dates';
import { answers } from '../http/answers';

export function monitoringRoutes(deps: AppDeps) {
  const page = requirePage('monitoring_page', 'monitoring');
  return new Hono<AppEnv>({ strict: false })
    .get('/today', page, validate('query', monitoringTodayQuery), answers(monitoringTodayAnswer), async (c) => c.json(await monitoringToday(deps.db, c.get('user'), c.req.valid('query'), nowOf(c))))
    .get('/dropouts', page, validate('query', dropoutsQuery), answers(dropoutsPage), async (c) =>
      c.json(await listDropouts(deps.db, c.get('user'), c.req.valid('query'), c.req.url, centreToday(nowOf(c)))),
    );
}
