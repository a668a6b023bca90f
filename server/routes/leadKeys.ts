// The public lead form's keys of a branch (issue 18 §3), the director's alone: GET/POST /filial/{id}/lead_keys/,
// PATCH (label, origins) and DELETE (revoke) /filial/{id}/lead_keys/{key_id}/.
import { Hono } from 'hono';
import { z } from 'zod';
import { idParam } from '../../contract/common';
import { createdLeadKey, leadKey, leadKeyCreateBody, leadKeyParam, leadKeyPatchBody } from '../../contract/leadCapture';
import { ROLES } from '../../contract/roles';
import { createLeadKey, listLeadKeys, patchLeadKey, revokeLeadKey } from '../domain/leads/leadKeys';
import { actorOf } from '../http/actor';
import { answers, answersNothing } from '../http/answers';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePageExcept } from '../http/requirePage';
import { validate } from '../http/validate';

const directors = requirePageExcept(
  ROLES.filter((r) => r !== 'DIRECTOR'),
  'control',
);

export function leadKeyRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/:id/lead_keys', directors, validate('param', idParam), answers(z.array(leadKey)), async (c) =>
      c.json(await listLeadKeys(deps.db, c.get('user'), c.req.valid('param').id)),
    )
    .post('/:id/lead_keys', directors, validate('param', idParam), validate('json', leadKeyCreateBody), answers(createdLeadKey, { status: 201 }), async (c) =>
      c.json(await createLeadKey(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .patch('/:id/lead_keys/:key_id', directors, validate('param', leadKeyParam), validate('json', leadKeyPatchBody), answers(leadKey), async (c) => {
      const { id, key_id } = c.req.valid('param');
      return c.json(await patchLeadKey(deps.db, actorOf(c), id, key_id, c.req.valid('json')));
    })
    .delete('/:id/lead_keys/:key_id', directors, validate('param', leadKeyParam), answersNothing(), async (c) => {
      const { id, key_id } = c.req.valid('param');
      await revokeLeadKey(deps.db, actorOf(c), id, key_id);
      return c.body(null, 204);
    });
}
