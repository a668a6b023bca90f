// PUT /lessons/{id}/attendance/ (our own path): the teacher's attendance sheet. Needs the groups page; teachers
// and assistants mark only their own lessons.
import { Hono } from 'hono';
import { attendanceBody } from '../../contract/attendance';
import { idParam } from '../../contract/common';
import { markAttendance } from '../domain/lessons/attendance';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers } from '../http/answers';
import { lessonDetail } from '../../contract/lessons';

export function attendanceRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .put('/:id/attendance', requirePage('groups'), validate('param', idParam), validate('json', attendanceBody), answers(lessonDetail), async (c) =>
      c.json(await markAttendance(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    );
}
