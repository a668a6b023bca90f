// Spec section 7, "Students": GET /results/student/ (id, start_date, end_date), on the results page key.
import { Hono } from 'hono';
import { resultsQuery, studentResults as studentResultsAnswer } from '../../contract/results';
import { studentResults } from '../domain/students/results';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { nowOf } from '../http/actor';
import { answers } from '../http/answers';

export function resultRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false }).get('/student', requirePage('results'), validate('query', resultsQuery), answers(studentResultsAnswer), async (c) =>
    c.json(await studentResults(deps.db, c.get('user'), c.req.valid('query'), nowOf(c))),
  );
}
