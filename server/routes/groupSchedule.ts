// GET /schedule/week: the week view of /edu/schedule (our own path; spec section 7 names none). Needs `schedule`.
import { Hono } from 'hono';
import { weekScheduleQuery, weekSchedule as weekScheduleAnswer } from '../../contract/weekSchedule';
import { weekSchedule } from '../domain/groups/weekSchedule';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers } from '../http/answers';

export function scheduleRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/week', requirePage('schedule'), validate('query', weekScheduleQuery), answers(weekScheduleAnswer), async (c) =>
      c.json(await weekSchedule(deps.db, c.get('user'), c.req.valid('query'))),
    );
}
