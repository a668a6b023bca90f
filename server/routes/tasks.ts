// Tasks (issue 6, page key `tasks`): GET /tasks/no-pg/, GET /tasks/all/{id}/ (an employee's tasks, paged),
// GET /tasks/{id}/, POST /tasks/, PUT and PATCH /tasks/{id}/.
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { employeeTasksQuery, taskCreate, taskUpdate, tasksQuery, task, taskPage } from '../../contract/tasks';
import { createTask, employeeTasks, getTask, listTasks, updateTask } from '../domain/tasks/tasks';
import { actorOf, nowOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers } from '../http/answers';
import { z } from 'zod';

export function taskRoutes(deps: AppDeps) {
  const page = requirePage('tasks');
  return new Hono<AppEnv>({ strict: false })
    .get('/no-pg', page, validate('query', tasksQuery), answers(z.array(task)), async (c) => c.json(await listTasks(deps.db, c.get('user'), c.req.valid('query'), nowOf(c))))
    .get('/all/:id', page, validate('param', idParam), validate('query', employeeTasksQuery), answers(taskPage), async (c) =>
      c.json(await employeeTasks(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query'), c.req.url, nowOf(c))),
    )
    .get('/:id', page, validate('param', idParam), answers(task), async (c) => c.json(await getTask(deps.db, c.get('user'), c.req.valid('param').id, nowOf(c))))
    .post('/', page, validate('json', taskCreate), answers(task, { status: 201 }), async (c) =>
      c.json(await createTask(deps.db, actorOf(c), deps.config.localesDir, c.req.valid('json')), 201),
    )
    .put('/:id', page, validate('param', idParam), validate('json', taskUpdate), answers(task), async (c) =>
      c.json(await updateTask(deps.db, actorOf(c), deps.config.localesDir, c.req.valid('param').id, c.req.valid('json'))),
    )
    .patch('/:id', page, validate('param', idParam), validate('json', taskUpdate), answers(task), async (c) =>
      c.json(await updateTask(deps.db, actorOf(c), deps.config.localesDir, c.req.valid('param').id, c.req.valid('json'))),
    );
}
