// Placement and progress tests (our own paths; the spec names only the /edu/test/create screen): /tests/...
// on the `test` page key.
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { testArchivePatch, testBody, testSitting, testsQuery, testDetail, testPage, testResult } from '../../contract/placementTests';
import { createTest, getTest, listTests, setTestArchived, submitTestResult, updateTest } from '../domain/placementTests/placementTests';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers } from '../http/answers';

export function placementTestRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .use('*', requirePage('test'))
    .get('/', validate('query', testsQuery), answers(testPage), async (c) => c.json(await listTests(deps.db, c.get('user'), c.req.valid('query'), c.req.url)))
    .post('/', validate('json', testBody), answers(testDetail, { status: 201 }), async (c) =>
      c.json(await createTest(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .get('/:id', validate('param', idParam), answers(testDetail), async (c) => c.json(await getTest(deps.db, c.get('user'), c.req.valid('param').id)))
    .put('/:id', validate('param', idParam), validate('json', testBody), answers(testDetail), async (c) =>
      c.json(await updateTest(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .patch('/:id', validate('param', idParam), validate('json', testArchivePatch), answers(testDetail), async (c) =>
      c.json(await setTestArchived(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json').is_archived)),
    )
    .post('/:id/results', validate('param', idParam), validate('json', testSitting), answers(testResult, { status: 201 }), async (c) =>
      c.json(await submitTestResult(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
    );
}
