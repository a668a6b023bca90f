// Spec section 7, "Courses and branches": the courses a branch offers. Reading is open to every education
// screen, the plain list to every page that picks a course (contract/lookups.ts); writing needs `materials`.
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { courseCreate, coursePatch, coursesNoPgQuery, coursesQuery, courseUpdate, course, coursePage } from '../../contract/catalogue';
import { createCourse, getCourse, listCourses, listCoursesNoPg, updateCourse } from '../domain/catalogue/courses';
import type { AppDeps, AppEnv } from '../http/context';
import { validate } from '../http/validate';
import { actorOf } from '../http/actor';
import { canRead, canReadCourses, canWrite } from './catalogueAccess';
import { answers } from '../http/answers';
import { z } from 'zod';

export function courseRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/no-pg', canReadCourses, validate('query', coursesNoPgQuery), answers(z.array(course)), async (c) =>
      c.json(await listCoursesNoPg(db, c.get('user'), c.req.valid('query'))),
    )
    .get('/', canRead, validate('query', coursesQuery), answers(coursePage), async (c) =>
      c.json(await listCourses(db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    .post('/', canWrite, validate('json', courseCreate), answers(course, { status: 201 }), async (c) => c.json(await createCourse(db, actorOf(c), c.req.valid('json')), 201))
    .get('/:id', canRead, validate('param', idParam), answers(course), async (c) => c.json(await getCourse(db, c.get('user'), c.req.valid('param').id)))
    .put('/:id', canWrite, validate('param', idParam), validate('json', courseUpdate), answers(course), async (c) =>
      c.json(await updateCourse(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .patch('/:id', canWrite, validate('param', idParam), validate('json', coursePatch), answers(course), async (c) =>
      c.json(await updateCourse(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    );
}
