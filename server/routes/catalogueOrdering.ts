// Spec section 7, "Subjects, themes, homework": the /api/v2 calls (theme list without paging, reordering).
import { Hono } from 'hono';
import { levelsReorder, themesQuery, themesReorder } from '../../contract/catalogue';
import { reorderLevels } from '../domain/catalogue/levels';
import { listThemes, reorderThemes } from '../domain/catalogue/themes';
import type { AppDeps, AppEnv } from '../http/context';
import { validate } from '../http/validate';
import { actorOf } from '../http/actor';
import { canRead, canWrite } from './catalogueAccess';

export function v2SubjectRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/themes/no-pg', canRead, validate('query', themesQuery), async (c) => c.json(await listThemes(db, c.req.valid('query'))))
    .patch('/levels/reorder', canWrite, validate('json', levelsReorder), async (c) => c.json(await reorderLevels(db, actorOf(c), c.req.valid('json'))))
    .patch('/themes/reorder', canWrite, validate('json', themesReorder), async (c) => c.json(await reorderThemes(db, actorOf(c), c.req.valid('json'))));
}
