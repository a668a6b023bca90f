// The idempotency middleware (server/http/idempotency.ts) on a small app over the real idempotency_keys table:
// replay of the first answer, 422 for a reused key with another request, 409 while the first is in flight,
// 5xx not stored, 24-hour expiry, keys per employee.
import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_KEYS } from '../../contract/roles';
import type { Db } from '../../server/db/client';
import { idempotencyKeys } from '../../server/db/schema';
import type { AppEnv } from '../../server/http/context';
import { invalid } from '../../server/domain/core/errors';
import { handleError } from '../../server/http/handleError';
import { REPLAYED_HEADER, idempotent, requestHash } from '../../server/http/idempotency';
import { backends, openSeededTestDb } from './harness';

describe.each(backends())('idempotency middleware on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  let runs = 0;
  let gate: Promise<void> | undefined;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    const opened = await openSeededTestDb(backend);
    db = opened.handle.db;
    drop = opened.drop;
    app = new Hono<AppEnv>({ strict: false })
      .use('*', async (c, next) => {
        c.set('user', { id: Number(c.req.header('x-user') ?? 1), role: 'DIRECTOR', filialIds: [], pages: new Set(PAGE_KEYS) });
        await next();
      })
      .post('/things', idempotent({ db }), async (c) => {
        runs += 1;
        if (gate) await gate;
        const body = await c.req.json();
        if (body.bad) throw invalid('bad thing');
        if (body.boom) throw new Error('boom');
        // The write commits, then the process "dies" before the answer is stored (as a crash would).
        if (body.commitThenBoom) {
          await db.transaction(async (tx) => {
            await tx.execute(sql`select 1`);
          });
          throw new Error('died after commit');
        }
        return c.json({ run: runs, echo: body }, 201);
      })
      .get('/things', idempotent({ db }), (c) => {
        runs += 1;
        return c.json({ run: runs });
      });
    app.onError(handleError);
  });
  afterAll(() => drop?.());

  let n = 0;
  const newKey = () => `key-${backend}-${process.pid}-${++n}-abcdef`;
  const post = (body: unknown, key?: string, user = 1) =>
    app.request('/things/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': String(user), ...(key ? { 'Idempotency-Key': key } : {}) },
      body: JSON.stringify(body),
    });

  it('runs every time without the header', async () => {
    const before = runs;
    expect((await post({ a: 1 })).status).toBe(201);
    expect((await post({ a: 1 })).status).toBe(201);
    expect(runs).toBe(before + 2);
  });

  it('replays the first answer for the same key and body, once written', async () => {
    const key = newKey();
    const first = await post({ a: 2 }, key);
    const firstBody = await first.json();
    const before = runs;
    const again = await post({ a: 2 }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(runs).toBe(before);
    // The trailing slash does not make it another request.
    const noSlash = await app.request('/things', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ a: 2 }),
    });
    expect(await noSlash.json()).toEqual(firstBody);
    expect(runs).toBe(before);
  });

  it('answers 422 for the same key with another body; another employee has their own keys', async () => {
    const key = newKey();
    await post({ a: 3 }, key);
    const other = await post({ a: 4 }, key);
    expect(other.status).toBe(422);
    expect((await other.json()).detail).toMatch(/Idempotency-Key/);
    const before = runs;
    const otherUser = await post({ a: 4 }, key, 2);
    expect(otherUser.status).toBe(201);
    expect(runs).toBe(before + 1);
  });

  it('replays a 4xx answer too, but not a 5xx one', async () => {
    const key = newKey();
    expect((await post({ bad: true }, key)).status).toBe(400);
    const before = runs;
    const again = await post({ bad: true }, key);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ detail: 'bad thing' });
    expect(runs).toBe(before);

    const boomKey = newKey();
    const silence = console.error;
    console.error = () => {};
    try {
      expect((await post({ boom: true }, boomKey)).status).toBe(500);
      expect((await post({ boom: true }, boomKey)).status).toBe(500);
    } finally {
      console.error = silence;
    }
    expect(runs).toBe(before + 2);
    const rows = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, boomKey));
    expect(rows).toEqual([]);
  });

  it('answers 409 while the first request with the key is in flight, then replays it', async () => {
    const key = newKey();
    const before = runs;
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = post({ a: 5 }, key);
    // Wait until the first request has claimed the key (its handler is then held at the gate).
    for (let i = 0; i < 200 && runs === before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(runs).toBe(before + 1);
    const second = await post({ a: 5 }, key);
    expect(second.status).toBe(409);
    open();
    gate = undefined;
    const firstRes = await first;
    expect(firstRes.status).toBe(201);
    const third = await post({ a: 5 }, key);
    expect(third.status).toBe(201);
    expect(await third.json()).toEqual(await firstRes.json());
  });

  it('forgets keys after 24 hours and refuses a malformed key', async () => {
    const key = newKey();
    await post({ a: 6 }, key);
    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.employeeId, 1), eq(idempotencyKeys.key, key)));
    const before = runs;
    const again = await post({ a: 6 }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get(REPLAYED_HEADER)).toBeNull();
    expect(runs).toBe(before + 1);
    expect((await post({ a: 7 }, 'short')).status).toBe(400);
    // The employee's other old keys are swept by their next claim; a fresh one stays.
    const old = newKey();
    const fresh = newKey();
    await post({ a: 8 }, old);
    await post({ a: 9 }, fresh);
    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(idempotencyKeys.employeeId, 1), eq(idempotencyKeys.key, old)));
    await post({ a: 10 }, newKey());
    const kept = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.employeeId, 1));
    expect(kept.map((k) => k.key)).not.toContain(old);
    expect(kept.map((k) => k.key)).toContain(fresh);
  });

  it('never runs a write again whose transaction committed before its answer was stored', async () => {
    const key = newKey();
    const silence = console.error;
    console.error = () => {};
    try {
      expect((await post({ commitThenBoom: true }, key)).status).toBe(500);
    } finally {
      console.error = silence;
    }
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row.status).toBe(1);
    const before = runs;
    const retry = await post({ commitThenBoom: true }, key);
    expect(retry.status).toBe(409);
    expect((await retry.json()).code).toBe('errors.idempotencyOutcomeUnknown');
    // Long after the 5 minutes that free a pending key, a written one still refuses to run twice.
    await db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '10 minutes'` }).where(eq(idempotencyKeys.key, key));
    expect((await post({ commitThenBoom: true }, key)).status).toBe(409);
    expect(runs).toBe(before);
  });

  it('takes over a key left pending for 5 minutes by a request that committed nothing', async () => {
    const key = newKey();
    const body = JSON.stringify({ a: 8 });
    await db.insert(idempotencyKeys).values({
      employeeId: 1, key, method: 'POST', path: '/things', requestHash: requestHash('POST', '/things', body), status: 0, body: null,
      createdAt: sql`now() - interval '6 minutes'`,
    });
    const before = runs;
    const res = await post({ a: 8 }, key);
    expect(res.status).toBe(201);
    expect(runs).toBe(before + 1);
  });

  it('lets reads through untouched', async () => {
    const before = runs;
    await app.request('/things/', { headers: { 'Idempotency-Key': newKey() } });
    expect(runs).toBe(before + 1);
  });
});
