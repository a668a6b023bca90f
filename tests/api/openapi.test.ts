// GET /api/openapi.json: a valid OpenAPI 3.1 document of every endpoint the app registers, public, built once.
import { describe, expect, it } from 'vitest';
import { listEndpoints, openApiPath } from '../../server/http/endpoints';
import { areaOf } from '../../server/openapi/document';
import { backends, useTestApp } from './harness';
import { collectRefs, openApi31, resolvePointer } from './openApiShape';

describe.each(backends())('OpenAPI document on %s', (backend) => {
  const t = useTestApp(backend);
  const fetchDoc = async (path = '/api/openapi.json') => {
    const res = await t.call('GET', path);
    expect(res.status, res.text.slice(0, 200)).toBe(200);
    return res.json;
  };

  it('answers without a token, with and without a trailing slash, the same document each time', async () => {
    const a = await fetchDoc();
    const b = await fetchDoc('/api/openapi.json/');
    expect(b).toEqual(a);
    expect(a.openapi).toBe('3.1.0');
    expect(a.info.title).toBe('Markaz API');
  });

  it('keeps the structure of OpenAPI 3.1', async () => {
    const doc = await fetchDoc();
    const checked = openApi31.safeParse(doc);
    expect(checked.success, checked.success ? '' : JSON.stringify(checked.error.issues.slice(0, 5), null, 1)).toBe(true);
  });

  it('lists every registered endpoint with its method, and nothing else', async () => {
    const doc = await fetchDoc();
    const endpoints = listEndpoints(t.app);
    expect(endpoints.length).toBeGreaterThan(200);
    const expected = new Set(endpoints.map((e) => `${e.method.toLowerCase()} ${openApiPath(e.path)}`));
    const listed = new Set(Object.entries(doc.paths as Record<string, object>).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`)));
    expect([...expected].filter((k) => !listed.has(k))).toEqual([]);
    expect([...listed].filter((k) => !expected.has(k))).toEqual([]);
    expect(listed.has('get /api/openapi.json')).toBe(true);
  });

  it('declares every path parameter, and gives operation ids once', async () => {
    const doc = await fetchDoc();
    const ids = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item)) {
        const inPath = (op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name).sort();
        expect(inPath, `${method} ${path}`).toEqual(names);
        expect(ids.has(op.operationId), op.operationId).toBe(false);
        ids.add(op.operationId);
      }
    }
  });

  it('resolves every $ref inside the document', async () => {
    const doc = await fetchDoc();
    const refs = [...new Set(collectRefs(doc))];
    expect(refs.length).toBeGreaterThan(5);
    expect(refs.filter((r) => resolvePointer(doc, r) === undefined)).toEqual([]);
  });

  it('marks token-guarded operations with the bearer scheme, lists page guards and error answers', async () => {
    const doc = await fetchDoc();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    for (const e of listEndpoints(t.app)) {
      const op = doc.paths[openApiPath(e.path)][e.method.toLowerCase()];
      expect(op.security, `${e.method} ${e.path}`).toEqual(e.auth ? [{ bearerAuth: [] }] : []);
      expect(op['x-markaz-pages']).toEqual(e.guards.map((g) => ({ anyOf: g.pages, refusedRoles: g.refusedRoles })));
      expect(op.tags).toEqual([areaOf(e.path)]);
      if (e.auth) expect(op.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    }
    const token = doc.paths['/api/auth/token'].post;
    expect(token.security).toEqual([]);
    expect(token.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
    expect(token.requestBody.content['application/json'].schema.required).toEqual(['phone', 'password']);
    expect(token.responses['200'].content['application/json'].schema.properties).toHaveProperty('access_token');
    expect(doc.components.schemas.FieldErrors.additionalProperties).toEqual({ type: 'array', items: { type: 'string' } });
    for (const code of ['400', '401', '403', '404', '409', '429']) {
      expect(Object.values(doc.paths).some((item: any) => Object.values(item).some((op: any) => code in op.responses)), code).toBe(true);
    }
  });

  it('turns path, query and body validators into parameters and bodies', async () => {
    const doc = await fetchDoc();
    const charges = doc.paths['/api/students/{id}/charges'].get;
    expect(charges.parameters.find((p: any) => p.in === 'path')).toMatchObject({ name: 'id', required: true, schema: { type: 'integer' } });
    const query = charges.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name);
    expect(query).toEqual(expect.arrayContaining(['page', 'page_size']));
    const withBody = listEndpoints(t.app).filter((e) => e.schemas.json);
    expect(withBody.length).toBeGreaterThan(50);
    for (const e of withBody) expect(doc.paths[openApiPath(e.path)][e.method.toLowerCase()].requestBody, `${e.method} ${e.path}`).toBeDefined();
    expect(doc.tags.map((tag: any) => tag.name)).toEqual(expect.arrayContaining(['auth', 'groups', 'students', 'finance', 'employees']));
  });
});
