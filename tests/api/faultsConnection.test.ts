// The PostgreSQL connection lost and back: while the app runs on PostgreSQL its connections are terminated
// (pg_terminate_backend) and the database refuses new ones for a few seconds (allow_connections false). Meanwhile
// requests answer 503 {detail, code} in the request's language, at once rather than hanging, and write nothing;
// afterwards the same app (no restart) answers and writes again. A database host gone silent answers 503 after the
// pool's connection timeout. Also the rule that tells connection errors apart.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { postgresHandle } from '../../server/db/client';
import { isConnectionError } from '../../server/db/connectionErrors';
import { rowsOf } from '../faults/crashSetup';
import { REAL_LOCALES } from './catalogueSupport';
import { ledgerCaller, memberships, newKey } from './financeLedgerSupport';
import { backends, call, testConfig, useTestApp } from './harness';
import { ADMIN_URL, adminQuery } from './templates';

describe('isConnectionError', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it('knows lost and refused connections, also under a wrapper', () => {
    for (const err of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      pgError('ECONNREFUSED'),
      pgError('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      pgError('55000', 'database "x" is not currently accepting connections'),
      new Error('Failed query: select 1', { cause: pgError('57P01') }),
    ])
      expect(isConnectionError(err), String(err)).toBe(true);
  });
  it('leaves every other error alone', () => {
    for (const err of [pgError('23505'), pgError('23514'), pgError('55000', 'lock not available'), new Error('boom'), new Error('Failed query', { cause: pgError('22P02') }), null, 'text'])
      expect(isConnectionError(err), String(err)).toBe(false);
  });
});

const pgOnly = backends().filter((b) => b === 'postgres');
const EN = { 'accept-language': 'en' };
const UZ = { 'accept-language': 'uz' };

describe.each(pgOnly)('database connection lost on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const { as, token } = ledgerCaller(t);

  it('answers 503 while PostgreSQL refuses connections and recovers without a restart', async () => {
    const [{ name }] = rowsOf<{ name: string }>(await t.db.execute(sql`select current_database() as name`));
    const terminate = () => adminQuery(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
    const [member] = await memberships(t, 'Chilonzor', 1);
    const [cashier] = (await as('DIRECTOR', 'GET', '/api/finance/casher/no-pg')).json as { id: number }[];
    const payment = (amount: string) => ({ casher: cashier.id, action: 'income', method: 'cash', amount, student: member.student, group: member.group });
    await token('DIRECTOR');
    expect((await as('DIRECTOR', 'GET', '/api/lid/')).status).toBe(200);

    // 1. Connections killed, the database still open: the pool reconnects; nothing answers 500.
    await terminate();
    const afterKill = await Promise.all(Array.from({ length: 6 }, () => as('DIRECTOR', 'GET', '/api/lid/')));
    for (const res of afterKill) expect([200, 503], res.text).toContain(res.status);
    expect((await as('DIRECTOR', 'GET', '/api/lid/')).status).toBe(200);

    // 2. The database refuses connections for a while.
    await adminQuery(`alter database ${name} allow_connections false`);
    try {
      await terminate();
      const started = Date.now();
      const reads = await Promise.all([as('DIRECTOR', 'GET', '/api/lid/'), as('DIRECTOR', 'GET', '/api/finance/casher/no-pg', { headers: UZ })]);
      const write = await as('DIRECTOR', 'POST', '/api/finance/', { body: payment('777.77'), headers: { 'Idempotency-Key': newKey(), ...EN } });
      const signIn = await t.call('POST', '/api/auth/token', { body: { phone: t.demo('DIRECTOR').phone, password: t.demo('DIRECTOR').password }, headers: EN });
      expect(Date.now() - started).toBeLessThan(15_000);
      for (const res of [...reads, write, signIn]) {
        expect(res.status, res.text).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(res.json.code).toBe('errors.databaseUnavailable');
      }
      expect(reads[0].json.detail).toBe('The database cannot be reached right now; try again in a few seconds');
      expect(reads[1].json.detail).toMatch(/^Maʼlumotlar bazasiga/);
      expect(write.json.detail).toBe(reads[0].json.detail);
    } finally {
      await adminQuery(`alter database ${name} allow_connections true`);
    }

    // 3. Back: the same app reads and writes again, and the refused payment was never written.
    expect((await as('DIRECTOR', 'GET', '/api/lid/')).status).toBe(200);
    const key = newKey();
    const paid = await as('DIRECTOR', 'POST', '/api/finance/', { body: payment('888.88'), headers: { 'Idempotency-Key': key } });
    expect(paid.status, paid.text).toBe(201);
    const rows = rowsOf<{ amount: string }>(await t.db.execute(sql`select amount::text as amount from finance_entries where amount in (777.77, 888.88)`));
    expect(rows.map((r) => r.amount)).toEqual(['888.88']);
  });
});

/**
 * A TCP proxy to the test PostgreSQL that cuts a connection (both sides) when the client sends a statement matching
 * `cut` while it is set: a connection lost at an exact step of a transaction.
 */
async function cuttingProxy() {
  const target = new URL(ADMIN_URL);
  const sockets = new Set<Socket>();
  const proxy = { cut: undefined as RegExp | undefined, cuts: 0, port: 0, close: () => {} };
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (chunk) => {
      if (proxy.cut?.test(chunk.toString('latin1'))) {
        proxy.cuts += 1;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as AddressInfo).port;
  proxy.close = () => {
    for (const s of sockets) s.destroy();
    server.close();
  };
  return proxy;
}

describe.each(pgOnly)('a connection lost at BEGIN on %s', () => {
  it('gives the pool its connection back (a pool of one still serves the next query)', async () => {
    const proxy = await cuttingProxy();
    // The run's admin database: the statements below read and write nothing.
    const url = new URL(ADMIN_URL);
    url.host = `127.0.0.1:${proxy.port}`;
    const handle = postgresHandle(url.toString(), { max: 1, connectionTimeoutMillis: 3000 });
    try {
      expect(await handle.db.execute(sql`select 1 as one`)).toBeTruthy();
      proxy.cut = /begin/i;
      const failed = await handle.db.transaction(async (tx) => tx.execute(sql`select 1`)).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(proxy.cuts).toBe(1);
      expect(isConnectionError(failed), String(failed)).toBe(true);
      proxy.cut = undefined;
      // A leaked client would hold the only slot: this would wait for the connection timeout and fail.
      const again = await handle.db.transaction(async (tx) => rowsOf<{ one: number }>(await tx.execute(sql`select 1 as one`)));
      expect(again).toEqual([{ one: 1 }]);
    } finally {
      // pool.end() waits for every checked-out client: a leaked one would hold it forever.
      await Promise.race([handle.close().catch(() => {}), new Promise((r) => setTimeout(r, 2000))]);
      proxy.close();
    }
  });
});

describe('a database that does not answer', () => {
  it('answers 503 after the pool connection timeout instead of hanging', async () => {
    // A TCP listener that accepts and never speaks: a database host gone silent.
    const sockets: Socket[] = [];
    const silent = createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const handle = postgresHandle(`postgres://postgres@127.0.0.1:${(silent.address() as AddressInfo).port}/silent`);
    try {
      const app = createApp({ db: handle.db, config: testConfig(REAL_LOCALES) });
      const started = Date.now();
      const res = await call(app, 'POST', '/api/auth/token', { body: { phone: '+998900000001', password: 'director' }, headers: EN });
      const waited = Date.now() - started;
      expect(res.status, res.text).toBe(503);
      expect(res.json.detail).toBe('The database cannot be reached right now; try again in a few seconds');
      expect(waited).toBeGreaterThanOrEqual(4_500);
      expect(waited).toBeLessThan(10_000);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
      await handle.close().catch(() => {});
    }
  });
});
