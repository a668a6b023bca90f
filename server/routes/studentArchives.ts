// The student archives (spec section 7, "Students"): GET /api/archives/ and /api/archives/stats (mounted at
// /archives), GET /archived/, /archived/frozen/ and /archived/students/?id= (mounted at /archived, beside the
// archived leads' spreadsheet). Any student page key lets a person read them.
import { Hono } from 'hono';
import { archiveStatsQuery, archivesQuery, frozenQuery, studentArchiveQuery, archivePage, frozenPage, archiveStats as archiveStatsAnswer, studentArchiveHistory as studentArchiveHistoryAnswer } from '../../contract/studentStatusApi';
import { archiveStats, listArchived, listArchives, listFrozen, studentArchiveHistory } from '../domain/students/archiveLists';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { STUDENT_PAGES } from './groupMembers';
import { nowOf } from '../http/actor';
import { answers } from '../http/answers';

const studentPage = requirePage(...STUDENT_PAGES);

/** Mounted at /api/archives: the spec names it /api/archives/, under the same /api prefix as every call. */
export function archiveRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/stats', studentPage, validate('query', archiveStatsQuery), answers(archiveStatsAnswer), async (c) =>
      c.json(await archiveStats(deps.db, c.get('user'), c.req.valid('query'), nowOf(c))),
    )
    .get('/', studentPage, validate('query', archivesQuery), answers(archivePage), async (c) =>
      c.json(await listArchives(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    );
}

export function archivedStudentRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/frozen', studentPage, validate('query', frozenQuery), answers(frozenPage), async (c) =>
      c.json(await listFrozen(deps.db, c.get('user'), c.req.valid('query'), c.req.url, nowOf(c))),
    )
    .get('/students', studentPage, validate('query', studentArchiveQuery), answers(studentArchiveHistoryAnswer), async (c) =>
      c.json(await studentArchiveHistory(deps.db, c.get('user'), c.req.valid('query').id)),
    )
    .get('/', studentPage, validate('query', archivesQuery), answers(archivePage), async (c) =>
      c.json(await listArchived(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    );
}
