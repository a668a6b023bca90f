// Idempotent writes (money issue): a write sent with an `Idempotency-Key` header runs once per employee and key;
// a repeat (a double click, a retry after a lost answer) gets the first answer's status and JSON back, marked with
// `Idempotent-Replayed: true`, without running again.
//
// How it holds under concurrency, on PGlite and on PostgreSQL alike (idempotency_keys, PK employee_id + key):
// 1. Before the handler runs, one autocommitted INSERT ... ON CONFLICT DO NOTHING claims the key with a pending
//    row (status 0). Only one request can win that insert.
// 2. A request that finds the key taken compares method, path and body hash: different → 422 {detail}; still
//    pending (the first request is in flight) → 409 {detail} at once (we do not wait: the client retries with the
//    same key and then gets the replay); finished → the stored answer.
// 3. Every transaction the handler commits also marks the row "written" (status 1), in that same commit
//    (db/transactionHooks.ts). A process that dies between its commit and storing the answer thus leaves a
//    written row, never a pending one: a retry is told the outcome is unknown (409) instead of paying twice.
// 4. After the handler: a 2xx or 4xx answer with a JSON (or empty) body is stored on the row; anything else (5xx,
//    a file) deletes a row that is still pending, so a retry runs the write afresh.
// Rows older than 24 hours are ignored and deleted (per employee, when they next send a key); a pending row older
// than 5 minutes belongs to a request that died with its process before committing anything and is taken over.
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { IDEMPOTENCY_HEADER, idempotencyKey } from '../../contract/finance';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { idempotencyKeys } from '../db/schema';
import type { AppEnv } from './context';
import { withTransactionHook } from '../db/transactionHooks';
import { conflict, conflictMessage, fieldKeys } from '../domain/core/errors';

const KEEP_HOURS = 24;
const PENDING_STALE_MINUTES = 5;
const PENDING = 0;
/** Committed by the handler's transaction, answer not stored yet (or lost with the process). */
const WRITTEN = 1;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Requests already handled by an idempotent() higher up (a route may meet the middleware twice). */
const handled = new WeakSet<Request>();

export const REPLAYED_HEADER = 'Idempotent-Replayed';

export function requestHash(method: string, path: string, body: string): string {
  return createHash('sha256').update(`${method}\n${path}\n${body}`).digest('hex');
}

/** Path without a trailing slash: `/finance/` and `/finance` are the same write. */
const normalPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

function replay(status: number, body: unknown): Response {
  const headers = { [REPLAYED_HEADER]: 'true' };
  if (body === null || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), { status, headers: { ...headers, 'content-type': 'application/json' } });
}

type Claim = { kind: 'claimed' } | { kind: 'answer'; response: Response };

async function claim(db: Db, employeeId: number, key: string, method: string, path: string, hash: string): Promise<Claim> {
  const stale = sql`now() - make_interval(hours => ${KEEP_HOURS})`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const insert = db
      .insert(idempotencyKeys)
      .values({ employeeId, key, method, path, requestHash: hash, status: PENDING, body: null })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    // The employee's old keys go in the same statement as the first claim (one round trip). Its own key, if old,
    // may still block that claim (both parts see the same snapshot): the look-up below finds it gone and retries.
    const sweep = sql`with swept as (delete from ${idempotencyKeys} where ${idempotencyKeys.employeeId} = ${employeeId} and ${idempotencyKeys.createdAt} < ${stale}) `;
    const inserted = attempt === 0 ? rowsOf(await db.execute(sql`${sweep}${insert.getSQL()}`)) : await insert;
    if (inserted.length) return { kind: 'claimed' };
    const [row] = await db
      .select({
        method: idempotencyKeys.method,
        path: idempotencyKeys.path,
        requestHash: idempotencyKeys.requestHash,
        status: idempotencyKeys.status,
        body: idempotencyKeys.body,
        expired: sql<boolean>`${idempotencyKeys.createdAt} < ${stale}`,
        abandoned: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(mins => ${PENDING_STALE_MINUTES})`,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.employeeId, employeeId), eq(idempotencyKeys.key, key)));
    if (!row) continue; // deleted in between (the first request failed): try to claim it again
    if (row.expired || (row.status === PENDING && row.abandoned)) {
      await db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.employeeId, employeeId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.status, row.status)));
      continue;
    }
    if (row.method !== method || row.path !== path || row.requestHash !== hash) {
      const detail = 'This Idempotency-Key was already used for a different request';
      return { kind: 'answer', response: Response.json({ detail }, { status: 422 }) };
    }
    if (row.status === PENDING) {
      throw conflict('A request with this Idempotency-Key is still being processed; retry shortly');
    }
    if (row.status === WRITTEN) throw conflictMessage('errors.idempotencyOutcomeUnknown');
    return { kind: 'answer', response: replay(row.status, row.body) };
  }
  throw conflict('A request with this Idempotency-Key is still being processed; retry shortly');
}

/** The stored form of an answer, or undefined when it must not be replayed (5xx, not JSON). */
async function storable(res: Response): Promise<{ status: number; body: unknown } | undefined> {
  if (res.status < 200 || res.status >= 500 || (res.status >= 300 && res.status < 400)) return undefined;
  const text = await res.clone().text();
  if (text === '') return { status: res.status, body: null };
  if (!/json/i.test(res.headers.get('content-type') ?? '')) return undefined;
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * Hono middleware for writes behind requireAuth (place it after the page check and before validation, so a 400
 * is replayed too): `.post('/', write, idempotent(deps), validate('json', body), handler)`. Reads, and writes
 * without the header, pass straight through. Key: 8-100 characters, else 400.
 */
export function idempotent(deps: Db | { db: Db }): MiddlewareHandler<AppEnv> {
  const db: Db = 'select' in deps ? deps : deps.db;
  return async (c: Context<AppEnv>, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key === undefined || !WRITES.has(c.req.method) || handled.has(c.req.raw)) return next();
    const parsed = idempotencyKey.safeParse(key);
    if (!parsed.success) throw fieldKeys({ [IDEMPOTENCY_HEADER]: ['validation.invalid'] });
    handled.add(c.req.raw);
    const employeeId = c.get('user').id;
    const method = c.req.method;
    const path = normalPath(c.req.path);
    const body = await c.req.text();
    const claimed = await claim(db, employeeId, parsed.data, method, path, requestHash(method, path, body));
    if (claimed.kind === 'answer') return claimed.response;

    const where = and(eq(idempotencyKeys.employeeId, employeeId), eq(idempotencyKeys.key, parsed.data));
    const stillPending = and(where, eq(idempotencyKeys.status, PENDING));
    const markWritten = async (tx: Tx) => {
      await tx.update(idempotencyKeys).set({ status: WRITTEN }).where(stillPending);
    };
    try {
      await withTransactionHook(markWritten, () => next());
    } catch (err) {
      await db.delete(idempotencyKeys).where(stillPending);
      throw err;
    }
    const answer = await storable(c.res);
    if (answer) await db.update(idempotencyKeys).set({ status: answer.status, body: answer.body }).where(where);
    else await db.delete(idempotencyKeys).where(stillPending);
  };
}
