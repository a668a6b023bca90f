// Spec section 7, "Rooms" (mounted at /groups): /groups/room and /groups/room/{id}/. Reading needs one of the
// education scheduling pages (a group form picks rooms); writing needs `rooms`.
import { Hono } from 'hono';
import { idParam, paged } from '../../contract/common';
import { roomBody, roomsNoPgQuery, roomsQuery, room } from '../../contract/rooms';
import { archiveRoom, createRoom, listRooms, listRoomsNoPg, updateRoom } from '../domain/rooms/rooms';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { requireLookup, requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers, answersNothing } from '../http/answers';
import { z } from 'zod';

const read = requirePage('rooms', 'groups', 'schedule');
const write = requirePage('rooms');

export function roomRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/room/no-pg', requireLookup('rooms'), validate('query', roomsNoPgQuery), answers(z.array(room)), async (c) =>
      c.json(await listRoomsNoPg(deps.db, c.get('user'), c.req.valid('query'))),
    )
    .get('/room', read, validate('query', roomsQuery), answers(paged(room)), async (c) =>
      c.json(await listRooms(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    .post('/room', write, validate('json', roomBody), answers(room, { status: 201 }), async (c) =>
      c.json(await createRoom(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .put('/room/:id', write, validate('param', idParam), validate('json', roomBody), answers(room), async (c) =>
      c.json(await updateRoom(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/room/:id', write, validate('param', idParam), answersNothing(), async (c) => {
      await archiveRoom(deps.db, actorOf(c), c.req.valid('param').id);
      return c.body(null, 204);
    });
}
