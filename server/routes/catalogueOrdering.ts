// Spec section 7, "Subjects, themes, homework": the /api/v2 calls (theme list without paging, reordering).
import { Hono } from 'hono';
import { levelsReorder, themesQuery, themesReorder, level, theme } from '../../contract/catalogue';
import { reorderLevels } from '../domain/catalogue/levels';
import { listThemes, reorderThemes } from '../domain/catalogue/themes';
import type { AppDeps, AppEnv } from '../http/context';
import { validate } from '../http/validate';
import { actorOf } from '../http/actor';
import { canRead, canWrite } from './catalogueAccess';
import { answers } from '../http/answers';
import { z } from 'zod';

export function v2SubjectRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/themes/no-pg', canRead, validate('query', themesQuery), answers(z.array(theme)), async (c) => c.json(await listThemes(db, c.req.valid('query'))))
    .patch('/levels/reorder', canWrite, validate('json', levelsReorder), answers(z.array(level)), async (c) => c.json(await reorderLevels(db, actorOf(c), c.req.valid('json'))))
    .patch('/themes/reorder', canWrite, validate('json', themesReorder), answers(z.array(theme)), async (c) => c.json(await reorderThemes(db, actorOf(c), c.req.valid('json'))));
}
