// Issue 19 §2: heavy reads on a real streaming replica. The test makes its own primary (initdb, wal_level=replica)
// and standby (pg_basebackup -R) on spare ports and runs a real server process with DATABASE_URL and
// DATABASE_REPLICA_URL. pg_stat_statements on both clusters counts where each statement ran: a statistics read
// runs on the replica; after the reader's own write, with the replica held behind it, it runs on the primary; with
// the replica gone, on the primary. PostgreSQL only by design (PGlite has no replica).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, postgresHandle } from '../../server/db/client';
import { DEMO_SIGN_INS, seedDemoIfEmpty } from '../../server/seed/demo';
import { startPrimaryAndStandby, type ClusterPair } from '../support/pgClusters';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';
import { TEST_SCRYPT_N } from './templates';

const PRIMARY_PORT = 55436;
const STANDBY_PORT = 55437;
const SERVER_PORT = 4542;
const DB = 'markaz';
const STATISTICS = '/api/finance/payment_statistics/';

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Calls per statement of the app's database on one cluster, leaving out this test's and the replica check's own. */
async function statementCalls(url: string): Promise<Map<string, number>> {
  const rows = await query<{ query: string; calls: string }>(
    url,
    `select s.query, s.calls from pg_stat_statements s join pg_database d on d.oid = s.dbid
     where d.datname = '${DB}' and s.query not ilike '%pg_stat_statements%' and s.query not ilike '%pg_last_wal_replay_lsn%'`,
  );
  return new Map(rows.map((r) => [r.query, Number(r.calls)]));
}

/** The statements that ran (more calls) between two snapshots. */
const ran = (before: Map<string, number>, after: Map<string, number>) => [...after].filter(([q, n]) => n > (before.get(q) ?? 0)).map(([q]) => q);

describe('heavy reads on a streaming replica', () => {
  let clusters: ClusterPair;
  let server: ServerProcess;
  const primaryUrl = () => clusters.primary.url(DB);
  const standbyUrl = () => clusters.standby.url(DB);

  beforeAll(async () => {
    const started = Date.now();
    clusters = await startPrimaryAndStandby(PRIMARY_PORT, STANDBY_PORT, async (primary) => {
      await query(primary.url('postgres'), `create database ${DB}`);
      await query(primary.url(DB), 'create extension pg_stat_statements');
      const handle = postgresHandle(primary.url(DB));
      try {
        await migrate(handle.db);
        await seedDemoIfEmpty(handle.db, TEST_SCRYPT_N);
      } finally {
        await handle.close();
      }
    });
    server = await startServerProcess(SERVER_PORT, { DATABASE_URL: primaryUrl(), DATABASE_REPLICA_URL: standbyUrl(), SCRYPT_N: String(TEST_SCRYPT_N), TRUST_PROXY: '1' });
    console.log(`replica test: clusters and server ready in ${Date.now() - started} ms`);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await clusters?.stop();
  });

  const send = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as any };
  };
  const signIn = async (account: (typeof DEMO_SIGN_INS)[number]) => {
    const res = await fetch(`${server.url}/api/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: account.phone, password: account.password }) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  /** Waits until the standby has replayed everything the primary has written; logs how long that took. */
  const caughtUp = async () => {
    const started = Date.now();
    const [{ lsn }] = await query<{ lsn: string }>(primaryUrl(), 'select pg_current_wal_insert_lsn()::text as lsn');
    for (let waited = 0; waited < 20_000; waited += 10) {
      const [{ done }] = await query<{ done: boolean }>(standbyUrl(), `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`);
      if (done) return console.log(`replica test: standby caught up in ${Date.now() - started} ms`);
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the standby did not catch up');
  };
  /** Runs `read` and tells which cluster ran statements of the app's database for it. */
  const where = async (read: () => Promise<{ status: number }>) => {
    const [p0, s0] = await Promise.all([statementCalls(primaryUrl()), statementCalls(standbyUrl())]);
    expect((await read()).status).toBe(200);
    const [p1, s1] = await Promise.all([statementCalls(primaryUrl()), statementCalls(standbyUrl())]);
    return { primary: ran(p0, p1), replica: ran(s0, s1) };
  };

  it('sends a statistics read to the replica, and the reader’s next read after a write to the primary', async () => {
    const director = await signIn(DEMO_SIGN_INS[0]);
    await caughtUp();
    const onReplica = await where(() => send('GET', STATISTICS, director));
    // The statistics' statements ran on the replica and none of them on the primary (which only looked up the
    // session and the reader's last write).
    expect(onReplica.replica.length).toBeGreaterThan(0);
    for (const statement of onReplica.replica) expect(onReplica.primary).not.toContain(statement);
    // So do the reports and their exports.
    const month = new Date().toISOString().slice(0, 7);
    for (const path of [`/api/finance/report/?start_date=${month}-01&end_date=${month}-28`, `/api/finance/report/excel/?start_date=${month}-01&end_date=${month}-28`]) {
      const report = await where(() => send('GET', path, director));
      expect(report.replica.length, path).toBeGreaterThan(0);
      for (const statement of report.replica) expect(report.primary).not.toContain(statement);
    }
    // A past month's report is read on the replica too; its computed debt at the month's end is kept on the
    // primary (the replica refuses writes), and reaches the replica from there.
    const past = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 7);
    const pastReport = await where(() => send('GET', `/api/finance/report/?start_date=${past}-01&end_date=${past}-28`, director));
    expect(pastReport.replica.length).toBeGreaterThan(0);
    expect(pastReport.primary.some((statement) => statement.includes('insert into debt_at_end_cache'))).toBe(true);
    expect(await query(primaryUrl(), `select 1 from debt_at_end_cache where day = '${past}-28'`)).toHaveLength(1);

    // The replica stops replaying, so it cannot have the director's next write.
    await query(standbyUrl(), 'select pg_wal_replay_pause()');
    const kind = await send('POST', '/api/finance/kind/', director, { name: 'Replica check', action: 'expense' });
    expect(kind.status).toBe(201);
    const afterWrite = await where(() => send('GET', STATISTICS, director));
    expect(afterWrite.replica).toEqual([]);
    for (const statement of onReplica.replica) expect(afterWrite.primary).toContain(statement);
    // The director reads their write (the kind list is an ordinary read, always on the primary).
    const kinds = await send('GET', '/api/finance/kind/', director);
    expect(kinds.json.map((k: { name: string }) => k.name)).toContain('Replica check');

    // Someone who wrote nothing keeps reading the (slightly stale) replica meanwhile.
    let other: string | undefined;
    for (const account of DEMO_SIGN_INS.slice(1)) {
      const token = await signIn(account);
      if ((await send('GET', STATISTICS, token)).status === 200) {
        other = token;
        break;
      }
    }
    expect(other).toBeDefined();
    const others = await where(() => send('GET', STATISTICS, other!));
    expect(others.replica.length).toBeGreaterThan(0);

    // Replay resumes: once the replica has the write, the director's reads return to it.
    await query(standbyUrl(), 'select pg_wal_replay_resume()');
    await caughtUp();
    const back = await where(() => send('GET', STATISTICS, director));
    expect(back.replica.length).toBeGreaterThan(0);
  }, 60_000);

  it('reads from the primary when the replica is down', async () => {
    const director = await signIn(DEMO_SIGN_INS[0]);
    await clusters.standby.stop();
    const started = Date.now();
    const res = await send('GET', STATISTICS, director);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.output()).toMatch(/Read replica unavailable, reading from the primary/);
  }, 30_000);
});
