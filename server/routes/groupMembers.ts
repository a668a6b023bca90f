// Spec section 7, "Groups" and "Students": /add-group/... Students join, move between and leave groups;
// PATCH /add-group/{id}/ archives a student. GET /add-group/group/{id}/ (our own path) lists a group's current
// members with their attendance for the group page. Reads and writes need the groups page or a student page;
// teachers and assistants only read their own groups.
import { Hono } from 'hono';
import { z } from 'zod';
import { idParam } from '../../contract/common';
import {
  addToGroup as addToGroupBody,
  archiveStudent as archiveStudentBody,
  membershipsQuery,
  moveToGroup,
  secondaryQuery,
  secondaryUpdate,
} from '../../contract/membership';
import { groupMembers } from '../domain/lessons/attendance';
import { addToGroup, listSecondary, listStudentMemberships, moveStudent, setSecondaryGroups } from '../domain/groups/membership';
import { archiveStudent } from '../domain/students/archiveMove';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { idempotent } from '../http/idempotency';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import type { PageKey } from '../../contract/roles';
import { nowOf } from '../http/actor';
import { answers } from '../http/answers';
import { archivedStudent, groupMember, membership, moveResult, secondaryPage } from '../../contract/membership';

/** The student lists' page keys (spec section 3): any of them lets a person work with a student's groups. */
export const STUDENT_PAGES: PageKey[] = ['all_students', 'active_students', 'new_students', 'archived_students', 'testing_students'];

const members = requirePage('groups', ...STUDENT_PAGES);
const studentParam = z.object({ student: idParam.shape.id });

export function addGroupRoutes(deps: AppDeps) {
  const once = idempotent(deps);
  return new Hono<AppEnv>({ strict: false })
    .get('/student/:id', members, validate('param', idParam), validate('query', membershipsQuery), answers(z.array(membership)), async (c) =>
      c.json(await listStudentMemberships(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query'), nowOf(c))),
    )
    .get('/group/:id', requirePage('groups'), validate('param', idParam), answers(z.array(groupMember)), async (c) =>
      c.json(await groupMembers(deps.db, c.get('user'), c.req.valid('param').id, nowOf(c))),
    )
    .get('/secondary/web', members, validate('query', secondaryQuery), answers(secondaryPage), async (c) =>
      c.json(await listSecondary(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    .put('/secondary/update/:student', members, validate('param', studentParam), validate('json', secondaryUpdate), answers(z.array(membership)), async (c) =>
      c.json(await setSecondaryGroups(deps.db, actorOf(c), c.req.valid('param').student, c.req.valid('json').groups)),
    )
    .post('/groups/update', members, validate('json', moveToGroup), answers(moveResult), async (c) =>
      c.json(await moveStudent(deps.db, actorOf(c), c.req.valid('json'))),
    )
    .post('/', members, validate('json', addToGroupBody), answers(membership, { status: 201 }), async (c) =>
      c.json(await addToGroup(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    // Archiving may refund money from a desk: idempotent like every money write.
    .patch('/:id', members, once, validate('param', idParam), validate('json', archiveStudentBody), answers(archivedStudent), async (c) =>
      c.json(await archiveStudent(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    );
}
