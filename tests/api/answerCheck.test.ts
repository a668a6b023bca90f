// The answer check of the API tests can fail: an answer that breaks its declared schema throws, naming the
// operation and the place in the body; a matching one, an undeclared route and an error answer pass through.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { App } from '../../server/app';
import { answers, answersFile } from '../../server/http/answers';
import { call } from './harness';
import { operationFor, patternOf } from './answerCheck';

const row = z.object({ id: z.number(), name: z.string(), tags: z.array(z.string()) });

function sampleApp() {
  const api = new Hono({ strict: false })
    .get('/rows/:id{[0-9]+}', answers(row), (c) => c.json({ id: Number(c.req.param('id')), name: 'a', tags: c.req.query('bad') ? ['x', 7] : ['x'] }))
    .get('/rows/special', answers(row), (c) => c.json({ id: 1, name: 2, tags: [] }))
    .post('/rows', answers(row, { status: 201 }), (c) => c.json({ id: 1, name: 'a', tags: [] }, 200))
    .get('/file', answersFile('xlsx'), (c) => c.json({ id: 1 }))
    .get('/refused', answers(row), (c) => c.json({ detail: 'no' }, 403))
    .get('/free', (c) => c.json({ anything: true }));
  return new Hono({ strict: false }).route('/api', api) as unknown as App;
}

describe('the answer check', () => {
  const app = sampleApp();

  it('passes an answer that matches its schema', async () => {
    expect((await call(app, 'GET', '/api/rows/3/')).json).toEqual({ id: 3, name: 'a', tags: ['x'] });
  });

  it('fails a mismatching answer, naming the operation and the place in the body', async () => {
    await expect(call(app, 'GET', '/api/rows/3?bad=1')).rejects.toThrow(/GET \/api\/rows\/:id\{\[0-9\]\+\} answered 200 .*\n {2}at tags\.1: /);
    await expect(call(app, 'GET', '/api/rows/special')).rejects.toThrow(/at name: /);
  });

  it('fails an answer with a status or a media type the route does not declare', async () => {
    await expect(call(app, 'POST', '/api/rows', { body: {} })).rejects.toThrow('POST /api/rows answered 200; it declares 201');
    await expect(call(app, 'GET', '/api/file')).rejects.toThrow(/declares application\/vnd\.openxml/);
  });

  it('leaves refusals and routes without a declaration alone', async () => {
    expect((await call(app, 'GET', '/api/refused')).status).toBe(403);
    expect((await call(app, 'GET', '/api/free')).json).toEqual({ anything: true });
  });

  it('finds the route Hono would run: the first registered that matches', () => {
    expect(operationFor(app, 'GET', '/api/rows/special')?.path).toBe('/api/rows/special');
    expect(operationFor(app, 'GET', '/api/rows/12?x=1')?.path).toBe('/api/rows/:id{[0-9]+}');
    expect(patternOf('/api/a/:id/b').test('/api/a/5/b/')).toBe(true);
    expect(patternOf('/api/a/:id{[0-9]+}').test('/api/a/x')).toBe(false);
  });
});
