// The endpoint catalogue reads schemas and page guards back from the registered routes, including guards added
// with use('*') and routes of sub-apps with their own onError (which Hono wraps).
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answers } from '../../../server/http/answers';
import { declareAuthGate } from '../../../server/http/declare';
import { listEndpoints, openApiPath, passesGuards } from '../../../server/http/endpoints';
import { requirePage, requirePageExcept } from '../../../server/http/requirePage';
import { validate } from '../../../server/http/validate';
import { undeclaredOperations } from '../../../server/openapi/coverage';
import { buildOpenApiDocument } from '../../../server/openapi/document';

const body = z.object({ name: z.string() });
const gate = declareAuthGate(async (_c: unknown, next: () => Promise<void>) => next());
const room = z.object({ id: z.number() });

function sampleApp() {
  const rooms = new Hono({ strict: false })
    .onError((_e, c) => c.text('x', 500))
    .get('/room/:id', requirePage('rooms'), validate('param', z.object({ id: z.coerce.number() })), answers(room), (c) => c.text('ok'))
    .post('/room', requirePageExcept(['TEACHER'], 'rooms', 'groups'), validate('json', body), (c) => c.text('ok'));
  const tests = new Hono({ strict: false }).use('*', requirePage('test')).get('/:id{[0-9]+}', (c) => c.text('ok'));
  const api = new Hono({ strict: false })
    .post('/auth/token', validate('json', body), (c) => c.text('ok'))
    .use('*', gate)
    .route('/groups', rooms)
    .route('/tests', tests);
  return new Hono().route('/api', api);
}

describe('listEndpoints', () => {
  const endpoints = listEndpoints(sampleApp());
  const find = (method: string, path: string) => endpoints.find((e) => e.method === method && e.path === path)!;

  it('lists each method and path once, public ones before the auth gate', () => {
    expect(endpoints.map((e) => `${e.method} ${e.path} ${e.auth}`)).toEqual([
      'POST /api/auth/token false',
      'GET /api/groups/room/:id true',
      'POST /api/groups/room true',
      'GET /api/tests/:id{[0-9]+} true',
    ]);
  });

  it('reads validators and guards through the wrapper of a sub-app with its own onError', () => {
    expect(Object.keys(find('GET', '/api/groups/room/:id').schemas)).toEqual(['param']);
    expect(find('POST', '/api/groups/room').schemas.json).toBe(body);
    expect(find('POST', '/api/groups/room').guards).toEqual([{ pages: ['rooms', 'groups'], refusedRoles: ['TEACHER'] }]);
  });

  it("applies a use('*') guard to the routes behind it", () => {
    expect(find('GET', '/api/tests/:id{[0-9]+}').guards).toEqual([{ pages: ['test'], refusedRoles: [] }]);
    expect(find('POST', '/api/auth/token').guards).toEqual([]);
  });

  it('reads the declared answers, with their check', async () => {
    const [answer] = find('GET', '/api/groups/room/:id').answers;
    expect(answer).toMatchObject({ status: 200, media: 'application/json' });
    expect(await answer.validate!({ id: 1 })).toEqual({ value: { id: 1 } });
    expect(((await answer.validate!({ id: 'x' })) as { issues: unknown[] }).issues).toHaveLength(1);
    expect(find('POST', '/api/groups/room').answers).toEqual([]);
  });

  it('decides guards as the middlewares do', () => {
    const post = find('POST', '/api/groups/room');
    expect(passesGuards(post, 'ADMINISTRATOR', new Set(['groups']))).toBe(true);
    expect(passesGuards(post, 'TEACHER', new Set(['groups']))).toBe(false);
    expect(passesGuards(post, 'ADMINISTRATOR', new Set(['new_leads']))).toBe(false);
  });

  it('writes OpenAPI paths without Hono patterns', () => {
    expect(openApiPath('/api/tests/:id{[0-9]+}/x/:student')).toBe('/api/tests/{id}/x/{student}');
  });

  it('generates the document from the declarations, and names the operations that declare no answer', async () => {
    const doc = await buildOpenApiDocument(sampleApp(), { version: 't' });
    expect(undeclaredOperations(doc).sort()).toEqual(['GET /api/tests/{id}', 'POST /api/auth/token', 'POST /api/groups/room']);
    const room = doc.paths['/api/groups/room/{id}'].get;
    expect(room.security).toEqual([{ bearerAuth: [] }]);
    expect(room['x-markaz-pages']).toEqual([{ anyOf: ['rooms'], refusedRoles: [] }]);
    expect(room.operationId).toBe('get_api_groups_room_id');
    expect(room.responses['200']).toMatchObject({ content: { 'application/json': { schema: { type: 'object', required: ['id'] } } } });
    expect(doc.paths['/api/tests/{id}'].get['x-markaz-pages']).toEqual([{ anyOf: ['test'], refusedRoles: [] }]);
  });
});
