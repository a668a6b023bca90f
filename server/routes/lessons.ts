// Lessons (spec section 7, "Groups": POST /lessons/group-extra/ and /lessons/extra/; the list, one lesson and
// PATCH are our own): reading needs the groups or schedule page (teachers and assistants see their own
// lessons only); cancelling, moving and extra lessons need the groups page and are office work.
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { extraLesson, groupExtraLesson, lessonPatch, lessonsNoPgQuery, lessonsQuery, lessonDetail, lessonItem, lessonPage, myDay as myDayAnswer } from '../../contract/lessons';
import { changeLesson } from '../domain/lessons/changes';
import { addExtraLesson, addGroupExtraLesson } from '../domain/lessons/extra';
import { getLesson, listLessons, listLessonsPlain } from '../domain/lessons/read';
import { myDay } from '../domain/lessons/myDay';
import { actorOf, nowOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers } from '../http/answers';
import { z } from 'zod';

const read = requirePage('groups', 'schedule');
const write = requirePage('groups');

export function lessonRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/no-pg', read, validate('query', lessonsNoPgQuery), answers(z.array(lessonItem)), async (c) =>
      c.json(await listLessonsPlain(deps.db, c.get('user'), c.req.valid('query'))),
    )
    .get('/', read, validate('query', lessonsQuery), answers(lessonPage), async (c) =>
      c.json(await listLessons(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    // Before /:id, which would take "my-day" for an id.
    .get('/my-day', read, answers(myDayAnswer), async (c) => c.json(await myDay(deps.db, c.get('user'), nowOf(c))))
    .post('/group-extra', write, validate('json', groupExtraLesson), answers(lessonDetail, { status: 201 }), async (c) =>
      c.json(await addGroupExtraLesson(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .post('/extra', write, validate('json', extraLesson), answers(lessonDetail, { status: 201 }), async (c) =>
      c.json(await addExtraLesson(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .get('/:id', read, validate('param', idParam), answers(lessonDetail), async (c) =>
      c.json(await getLesson(deps.db, c.get('user'), c.req.valid('param').id, nowOf(c))),
    )
    .patch('/:id', write, validate('param', idParam), validate('json', lessonPatch), answers(lessonDetail), async (c) =>
      c.json(await changeLesson(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    );
}
