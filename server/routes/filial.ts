// Spec section 7, "Courses and branches": the branch list (create and update come with the control area).
import { Hono } from 'hono';
import { listFilials } from '../domain/filials';
import type { AppDeps, AppEnv } from '../http/context';

export function filialRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false }).get('/no-pg', async (c) => c.json(await listFilials(deps.db, c.get('user'))));
}
