// Student status moves and reads under /api/v2/students (issue 4): POST {id}/freeze, {id}/unfreeze,
// {id}/activate, {id}/unarchive (our paths; archiving is PATCH /add-group/{id}/, enrolling is joining a group),
// GET stats/{id} and {id}/history. Any student page key lets a person in; teachers, assistants and call
// operators cannot move a status (403, statusMoves.ts).
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { emptyBody, freezeBody, historyQuery, historyPage, statusMoveAnswer, studentStats as studentStatsAnswer } from '../../contract/studentStatusApi';
import { freezeStudent } from '../domain/students/freezes';
import { moveStudentStatus } from '../domain/students/statusMoves';
import { studentHistory, studentStats } from '../domain/students/studentStats';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { STUDENT_PAGES } from './groupMembers';
import { nowOf } from '../http/actor';
import { centreToday } from '../domain/lessons/dates';
import { answers } from '../http/answers';

const studentPage = requirePage(...STUDENT_PAGES);

export function studentStatusRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/stats/:id', studentPage, validate('param', idParam), answers(studentStatsAnswer), async (c) =>
      c.json(await studentStats(deps.db, c.get('user'), c.req.valid('param').id, centreToday(nowOf(c)))),
    )
    .get('/:id/history', studentPage, validate('param', idParam), validate('query', historyQuery), answers(historyPage), async (c) =>
      c.json(await studentHistory(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query'), c.req.url)),
    )
    .post('/:id/freeze', studentPage, validate('param', idParam), validate('json', freezeBody), answers(statusMoveAnswer), async (c) =>
      c.json(await freezeStudent(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/:id/unfreeze', studentPage, validate('param', idParam), validate('json', emptyBody), answers(statusMoveAnswer), async (c) =>
      c.json(await moveStudentStatus(deps.db, actorOf(c), c.req.valid('param').id, { type: 'unfreeze' })),
    )
    .post('/:id/activate', studentPage, validate('param', idParam), validate('json', emptyBody), answers(statusMoveAnswer), async (c) =>
      c.json(await moveStudentStatus(deps.db, actorOf(c), c.req.valid('param').id, { type: 'activate' })),
    )
    .post('/:id/unarchive', studentPage, validate('param', idParam), validate('json', emptyBody), answers(statusMoveAnswer), async (c) =>
      c.json(await moveStudentStatus(deps.db, actorOf(c), c.req.valid('param').id, { type: 'unarchive' })),
    );
}
