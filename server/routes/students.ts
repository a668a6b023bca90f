// Spec section 7, "Students": /students/... For now the picker list GET /students/no-pg/; the student pages'
// paged list, card and writes join this router. Reading needs the groups page (adding members) or a student page.
import { Hono } from 'hono';
import { studentsNoPgQuery } from '../../contract/students';
import { localizedErrors } from '../domain/groups/fieldError';
import { listStudentsForPicker } from '../domain/students/picker';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { STUDENT_PAGES } from './addGroup';

export function studentRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .onError(localizedErrors)
    .get('/no-pg', requirePage('groups', ...STUDENT_PAGES), validate('query', studentsNoPgQuery), async (c) =>
      c.json(await listStudentsForPicker(deps.db, c.get('user'), c.req.valid('query'))),
    );
}
