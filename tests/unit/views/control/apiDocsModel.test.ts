// The API reference page's model: operations of an OpenAPI document as rows with readable types, searched and
// grouped by area.
import { describe, expect, it } from 'vitest';
import { openApiDoc } from '../../../../src/api/apiDocs';
import { endpointsOf, groupByTag, matchesSearch, typeOf } from '../../../../src/views/control/apiDocs/apiDocsModel';

const doc = openApiDoc.parse({
  openapi: '3.1.0',
  info: { title: 'Markaz API', version: '1.2.3' },
  paths: {
    '/api/groups/{id}': {
      get: {
        operationId: 'get_group',
        tags: ['groups'],
        security: [{ bearerAuth: [] }],
        'x-markaz-pages': [{ anyOf: ['groups', 'schedule'], refusedRoles: [] }],
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'day', in: 'query', schema: { type: 'string', format: 'date' } },
        ],
        responses: { '200': { description: 'ok' }, '404': { $ref: '#/components/responses/NotFound' } },
      },
      delete: { operationId: 'delete_group', tags: ['groups'], security: [{ bearerAuth: [] }], responses: { '204': { description: 'done' } } },
    },
    '/api/auth/token': {
      post: {
        operationId: 'sign_in',
        tags: ['auth'],
        security: [],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { phone: { type: 'string' }, password: { type: 'string' }, kind: { enum: ['a', 'b'] } }, required: ['phone', 'password'] } } },
        },
        responses: { '200': { description: 'ok' }, '429': { description: 'slow down' } },
      },
    },
    '/api/bonus/bulk': {
      post: {
        operationId: 'bulk',
        tags: ['bonus'],
        security: [{ bearerAuth: [] }],
        'x-markaz-pages': [{ anyOf: ['add_bonus'], refusedRoles: ['TEACHER'] }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Items' } } } },
        responses: { '201': { description: 'ok' } },
      },
    },
  },
  components: { schemas: { Items: { type: 'array', items: { anyOf: [{ type: 'integer' }, { type: 'null' }] } } } },
});

describe('endpointsOf', () => {
  const rows = endpointsOf(doc);
  const find = (method: string, path: string) => rows.find((r) => r.method === method && r.path === path)!;

  it('lists every operation, by path and then method', () => {
    expect(rows.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/auth/token', 'POST /api/bonus/bulk', 'GET /api/groups/{id}', 'DELETE /api/groups/{id}']);
  });

  it('reads access, page guards, parameters, body fields and answers', () => {
    const group = find('GET', '/api/groups/{id}');
    expect(group).toMatchObject({ tag: 'groups', auth: true, guards: [{ anyOf: ['groups', 'schedule'], refusedRoles: [] }], statuses: ['200', '404'] });
    expect(group.params).toEqual([
      { name: 'id', type: 'integer', required: true, where: 'path' },
      { name: 'day', type: 'string (date)', required: false, where: 'query' },
    ]);
    const token = find('POST', '/api/auth/token');
    expect(token.auth).toBe(false);
    expect(token.body).toEqual([
      { name: 'phone', type: 'string', required: true, where: 'body' },
      { name: 'password', type: 'string', required: true, where: 'body' },
      { name: 'kind', type: '"a" | "b"', required: false, where: 'body' },
    ]);
  });

  it('describes a body that is not an object by its type, following references', () => {
    expect(find('POST', '/api/bonus/bulk')).toMatchObject({ body: [], bodyType: 'array<integer | null>' });
    expect(find('DELETE', '/api/groups/{id}')).toMatchObject({ body: [], bodyType: null, params: [] });
  });

  it('names types without a type keyword as any, and ends reference cycles', () => {
    const cyclic = openApiDoc.parse({ ...doc, components: { schemas: { Node: { $ref: '#/components/schemas/Node' } } } });
    expect(typeOf({ $ref: '#/components/schemas/Node' }, cyclic)).toBe('Node');
    expect(typeOf({}, doc)).toBe('any');
    expect(typeOf({ type: ['string', 'null'] }, doc)).toBe('string | null');
  });
});

describe('search and grouping', () => {
  const rows = endpointsOf(doc);
  const shown = (q: string) => rows.filter((r) => matchesSearch(r, q)).map((r) => `${r.method} ${r.path}`);

  it('matches every word in the method, path, area, pages and field names, case-insensitively', () => {
    expect(shown('')).toHaveLength(4);
    expect(shown('GROUPS delete')).toEqual(['DELETE /api/groups/{id}']);
    expect(shown('password')).toEqual(['POST /api/auth/token']);
    expect(shown('add_bonus')).toEqual(['POST /api/bonus/bulk']);
    expect(shown('schedule')).toEqual(['GET /api/groups/{id}']);
    expect(shown('nothing-like-this')).toEqual([]);
  });

  it('groups by area in alphabetical order', () => {
    expect(groupByTag(rows).map((g) => [g.tag, g.endpoints.length])).toEqual([
      ['auth', 1],
      ['bonus', 1],
      ['groups', 2],
    ]);
  });
});
