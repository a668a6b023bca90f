// Spec section 7, "Subjects, themes, homework": homework per theme, kept by each branch. Reading is open to
// every education screen; writing needs `materials`.
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { homeworkCreate, homeworkQuery, homeworkUpdate, homework, homeworkPage } from '../../contract/catalogue';
import { createHomework, listHomework, updateHomework } from '../domain/catalogue/homework';
import type { AppDeps, AppEnv } from '../http/context';
import { validate } from '../http/validate';
import { actorOf } from '../http/actor';
import { canRead, canWrite } from './catalogueAccess';
import { answers } from '../http/answers';

export function homeworkRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/', canRead, validate('query', homeworkQuery), answers(homeworkPage), async (c) =>
      c.json(await listHomework(db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    .post('/', canWrite, validate('json', homeworkCreate), answers(homework, { status: 201 }), async (c) => c.json(await createHomework(db, actorOf(c), c.req.valid('json')), 201))
    .put('/:id', canWrite, validate('param', idParam), validate('json', homeworkUpdate), answers(homework), async (c) =>
      c.json(await updateHomework(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    );
}
