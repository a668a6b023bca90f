// Spec section 7, "Students": GET /results/student/ (id, start_date, end_date), on the results page key.
import { Hono } from 'hono';
import { resultsQuery } from '../../contract/results';
import { studentResults } from '../domain/students/results';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { nowOf } from '../http/actor';

export function resultRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false }).get('/student', requirePage('results'), validate('query', resultsQuery), async (c) =>
    c.json(await studentResults(deps.db, c.get('user'), c.req.valid('query'), nowOf(c))),
  );
}
