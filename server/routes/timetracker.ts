// Time tracking (issue 6): read with the employees_att or employees page; writes by the attendance manager, the
// director and the branch manager (403 for other roles). Mounted at /timetracker.
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { bulkBody, fixedQuery, recordCorrection, statisticsQuery, timelineQuery, bulkResult, fixedRow, statisticsRow, timeRecord, timeRecordEdit } from '../../contract/timetracker';
import { bulkUpsert, correctRecord, fixedDay, monthStatistics, recordEdits, timeline } from '../domain/timetracker/timetracker';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { nowOf } from '../http/actor';
import { answers } from '../http/answers';
import { z } from 'zod';

export function timetrackerRoutes(deps: AppDeps) {
  const read = requirePage('employees_att', 'employees');
  return new Hono<AppEnv>({ strict: false })
    .get('/all/fixed', read, validate('query', fixedQuery), answers(z.array(fixedRow)), async (c) => c.json(await fixedDay(deps.db, c.get('user'), c.req.valid('query'))))
    .get('/statistics', read, validate('query', statisticsQuery), answers(z.array(statisticsRow)), async (c) => c.json(await monthStatistics(await deps.heavyReads(c.get('user').id), c.get('user'), c.req.valid('query'), nowOf(c))))
    .get('/timeline', read, validate('query', timelineQuery), answers(z.array(timeRecord)), async (c) => c.json(await timeline(deps.db, c.get('user'), c.req.valid('query'))))
    .post('/timeline/bulk', read, validate('json', bulkBody), answers(bulkResult, { status: 201 }), async (c) => c.json(await bulkUpsert(deps.db, actorOf(c), c.req.valid('json')), 201))
    .get('/timeline/:id/edits', read, validate('param', idParam), answers(z.array(timeRecordEdit)), async (c) => c.json(await recordEdits(deps.db, c.get('user'), c.req.valid('param').id)))
    .put('/timeline/:id', read, validate('param', idParam), validate('json', recordCorrection), answers(timeRecord), async (c) =>
      c.json(await correctRecord(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .put('/:id', read, validate('param', idParam), validate('json', recordCorrection), answers(timeRecord), async (c) =>
      c.json(await correctRecord(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    );
}
