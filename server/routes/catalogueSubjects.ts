// Spec section 7, "Subjects, themes, homework": subjects, their levels and themes, and the spreadsheet import.
// Reading is open to every education screen; writing needs `materials`.
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { IMPORT_LIMITS, importResult } from '../../contract/catalogueImport';
import {
  levelCreate,
  levelsQuery,
  levelUpdate,
  subjectCreate,
  subjectsNoPgQuery,
  subjectsQuery,
  subjectUpdate,
  themeCreate,
  themePatch,
  themesPagedQuery,
  themeUpdate,
} from '../../contract/catalogue';
import { importCatalogue } from '../domain/catalogue/import';
import { createLevel, getLevel, listLevels, updateLevel } from '../domain/catalogue/levels';
import { createSubject, getSubject, listSubjects, listSubjectsNoPg, updateSubject } from '../domain/catalogue/subjects';
import { createTheme, getTheme, listThemesPage, updateTheme } from '../domain/catalogue/themes';
import type { AppDeps, AppEnv } from '../http/context';
import { requestLang } from '../http/i18n';
import { spreadsheetUpload } from '../http/spreadsheetUpload';
import { validate } from '../http/validate';
import { actorOf } from '../http/actor';
import { canRead, canReadLevels, canReadSubjects, canWrite } from './catalogueAccess';
import { answers } from '../http/answers';
import { z } from 'zod';
import { level, subject, subjectPage, theme, themePage } from '../../contract/catalogue';

export function subjectRoutes(deps: AppDeps) {
  const { db } = deps;
  return (
    new Hono<AppEnv>({ strict: false })
      .get('/no-pg', canReadSubjects, validate('query', subjectsNoPgQuery), answers(z.array(subject)), async (c) => c.json(await listSubjectsNoPg(db, c.req.valid('query'))))
      .post('/import', canWrite, spreadsheetUpload(deps, IMPORT_LIMITS), answers(importResult), async (c) => {
        const upload = c.get('spreadsheet');
        const messages = { lang: requestLang(c), localesDir: c.get('config').localesDir };
        const result = await importCatalogue(db, actorOf(c), upload, messages);
        return c.json(result, result.rejected.length ? 400 : 200);
      })
      // Levels.
      .get('/level/no-pg', canReadLevels, validate('query', levelsQuery), answers(z.array(level)), async (c) => c.json(await listLevels(db, c.req.valid('query'))))
      .get('/level/:id', canRead, validate('param', idParam), answers(level), async (c) => c.json(await getLevel(db, c.req.valid('param').id)))
      .post('/level', canWrite, validate('json', levelCreate), answers(level, { status: 201 }), async (c) => c.json(await createLevel(db, actorOf(c), c.req.valid('json')), 201))
      .patch('/level/:id', canWrite, validate('param', idParam), validate('json', levelUpdate), answers(level), async (c) =>
        c.json(await updateLevel(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
      )
      // Themes.
      .get('/theme', canRead, validate('query', themesPagedQuery), answers(themePage), async (c) => c.json(await listThemesPage(db, c.req.valid('query'), c.req.url)))
      .post('/theme', canWrite, validate('json', themeCreate), answers(theme, { status: 201 }), async (c) => c.json(await createTheme(db, actorOf(c), c.req.valid('json')), 201))
      .get('/theme/:id', canRead, validate('param', idParam), answers(theme), async (c) => c.json(await getTheme(db, c.req.valid('param').id)))
      .put('/theme/:id', canWrite, validate('param', idParam), validate('json', themeUpdate), answers(theme), async (c) => {
        // PUT replaces the whole theme: a description left out is an empty one.
        const body = c.req.valid('json');
        return c.json(await updateTheme(db, actorOf(c), c.req.valid('param').id, { ...body, description: body.description ?? '' }));
      })
      .patch('/theme/:id', canWrite, validate('param', idParam), validate('json', themePatch), answers(theme), async (c) =>
        c.json(await updateTheme(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
      )
      // Subjects themselves, after the fixed paths above so `/:id` never shadows them.
      .get('/', canRead, validate('query', subjectsQuery), answers(subjectPage), async (c) => c.json(await listSubjects(db, c.req.valid('query'), c.req.url)))
      .post('/', canWrite, validate('json', subjectCreate), answers(subject, { status: 201 }), async (c) => c.json(await createSubject(db, actorOf(c), c.req.valid('json')), 201))
      .get('/:id', canRead, validate('param', idParam), answers(subject), async (c) => c.json(await getSubject(db, c.req.valid('param').id)))
      .patch('/:id', canWrite, validate('param', idParam), validate('json', subjectUpdate), answers(subject), async (c) =>
        c.json(await updateSubject(db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
      )
  );
}
