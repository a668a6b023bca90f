// Spec section 7, "Courses and branches": the switcher's list (/filial/no-pg/, every signed-in user) and the
// control area's branch screen: GET /filial/ (page control), POST /filial/ and PUT /filial/{id}/ (the director).
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { filialBody, filialListQuery, filial, filialDetail } from '../../contract/filial';
import { createFilial, listFilialDetails, listFilials, updateFilial } from '../domain/branches/branches';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers } from '../http/answers';
import { z } from 'zod';

const control = requirePage('control');

export function filialRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/no-pg', answers(z.array(filial)), async (c) => c.json(await listFilials(deps.db, c.get('user'))))
    .get('/', control, validate('query', filialListQuery), answers(z.array(filialDetail)), async (c) => c.json(await listFilialDetails(deps.db, c.get('user'), c.req.valid('query'))))
    .post('/', control, validate('json', filialBody), answers(filialDetail, { status: 201 }), async (c) => c.json(await createFilial(deps.db, actorOf(c), c.req.valid('json')), 201))
    .put('/:id', control, validate('param', idParam), validate('json', filialBody), answers(filialDetail), async (c) =>
      c.json(await updateFilial(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    );
}
