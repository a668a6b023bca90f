// Spec section 7, "Students": GET /api/first_lessons/leads/no-pg (mounted at /api/first_lessons), the orders whose
// first lesson is near, for the orders page. Needs the orders or new leads page.
import { Hono } from 'hono';
import { firstLessonsQuery, firstLesson } from '../../contract/firstLessons';
import { listFirstLessons } from '../domain/leads/firstLessons';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { nowOf } from '../http/actor';
import { centreToday } from '../domain/lessons/dates';
import { answers } from '../http/answers';
import { z } from 'zod';

export function firstLessonRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/leads/no-pg', requirePage('orders', 'new_leads'), validate('query', firstLessonsQuery), answers(z.array(firstLesson)), async (c) =>
      c.json(await listFirstLessons(deps.db, c.get('user'), c.req.valid('query'), centreToday(nowOf(c)))),
    );
}
