// Issue 19 §2: two real server processes (server/main.ts, as `npm start` runs it) on one PostgreSQL database behave
// as one. PostgreSQL only by design: PGlite is one process per data directory (server/db/dataDirLock.ts), so there
// is no second process to agree with. Neither process is given JWT_SECRET: they must agree on the generated one.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskLink } from '../../contract/tasks';
import { migrate, postgresHandle, type DbHandle } from '../../server/db/client';
import { employees, financeKinds, jobRuns, notifications, studentFreezes, studentLogs, students, tasks } from '../../server/db/schema';
import { MAX_PAIR_FAILURES } from '../../server/auth/throttle';
import { centreToday, addDays } from '../../server/domain/lessons/dates';
import { claimPeriod, releaseRuns } from '../../server/jobs/runOnce';
import { DEMO_SIGN_INS, seedDemoIfEmpty } from '../../server/seed/demo';
import { startFakeEskiz, type FakeEskiz } from '../fakes/eskiz';
import { startServerProcess, type ServerProcess } from '../support/serverProcess';
import { TEST_SCRYPT_N, adminQuery, databaseUrl } from './templates';

const run = promisify(execFile);
const PORTS = [4540, 4541];
const JOBS = ['billing', 'freezes', 'task-reminders', 'fee-reminders', 'parent-messages'];

type Answer = { status: number; json: any; headers: Headers };

async function send(server: ServerProcess, method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

let addressCounter = 0;
const freshAddress = () => ({ 'x-forwarded-for': `10.19.${process.pid % 250}.${++addressCounter}` });

describe('two server processes on one postgres database', () => {
  const name = `markaz_t_${randomBytes(6).toString('hex')}`;
  let handle: DbHandle;
  let eskiz: FakeEskiz;
  let a: ServerProcess;
  let b: ServerProcess;
  const director = DEMO_SIGN_INS[0];
  let fixtures: { studentId: number; taskId: number };

  beforeAll(async () => {
    await adminQuery(`create database ${name}`);
    handle = postgresHandle(databaseUrl(name));
    await migrate(handle.db);
    await seedDemoIfEmpty(handle.db, TEST_SCRYPT_N);
    const db = handle.db;
    // A freeze that begins today and a task already overdue: the jobs' work, to be done once between both.
    const today = centreToday(new Date());
    const [student] = await db.select({ id: students.id, filialId: students.filialId }).from(students).where(eq(students.status, 'active')).orderBy(students.id).limit(1);
    await db.insert(studentFreezes).values({ studentId: student.id, filialId: student.filialId, fromDate: today, toDate: addDays(today, 10), reason: 'Two processes' });
    const [boss] = await db.select({ id: employees.id }).from(employees).where(eq(employees.phone, director.phone));
    const [task] = await db
      .insert(tasks)
      .values({ filialId: student.filialId, title: 'Overdue for two processes', performerId: boss.id, creatorId: boss.id, dueAt: new Date(Date.now() - 3_600_000) })
      .returning({ id: tasks.id });
    fixtures = { studentId: student.id, taskId: task.id };
    eskiz = await startFakeEskiz();
    const env = {
      DATABASE_URL: databaseUrl(name),
      TRUST_PROXY: '1',
      SCRYPT_N: String(TEST_SCRYPT_N),
      ESKIZ_BASE_URL: eskiz.baseUrl,
      ESKIZ_EMAIL: eskiz.email,
      ESKIZ_PASSWORD: eskiz.password,
    };
    // Started together, so their first runs of every job race each other.
    [a, b] = await Promise.all(PORTS.map((port) => startServerProcess(port, env)));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await eskiz?.close();
    await handle?.close();
    await adminQuery(`drop database if exists ${name} with (force)`);
  });

  const signIn = async (server: ServerProcess) => {
    const res = await send(server, 'POST', '/api/auth/token', { body: { phone: director.phone, password: director.password }, headers: freshAddress() });
    expect(res.status).toBe(200);
    return res.json as { access_token: string; refresh_token: string };
  };

  it('a session signed in on one process works on the other', async () => {
    const pair = await signIn(a);
    expect((await send(b, 'GET', '/api/auth/me', { token: pair.access_token })).status).toBe(200);
    // Signed out on B, refused on A at once.
    expect((await send(b, 'POST', '/api/auth/logout', { token: pair.access_token })).status).toBe(204);
    expect((await send(a, 'GET', '/api/auth/me', { token: pair.access_token })).status).toBe(401);
  });

  it('refresh-token rotation and reuse detection hold across processes', async () => {
    const first = await signIn(a);
    const rotated = await send(a, 'POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } });
    expect(rotated.status).toBe(200);
    // The old token presented to the other process: reuse, the whole family is revoked.
    const reused = await send(b, 'POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } });
    expect(reused.status).toBe(401);
    expect(reused.json.detail).toMatch(/already used/);
    expect((await send(a, 'POST', '/api/auth/refresh', { body: { refresh_token: rotated.json.refresh_token } })).status).toBe(401);
    expect((await send(a, 'GET', '/api/auth/me', { token: rotated.json.access_token })).status).toBe(401);
    expect((await send(b, 'GET', '/api/auth/me', { token: rotated.json.access_token })).status).toBe(401);
  });

  it('sign-in failures split across the processes reach the limit together', async () => {
    const from = freshAddress();
    for (let i = 0; i < MAX_PAIR_FAILURES; i++) {
      const res = await send(i % 2 ? b : a, 'POST', '/api/auth/token', { body: { phone: director.phone, password: `wrong-${i}` }, headers: from });
      expect(res.status).toBe(401);
    }
    for (const server of [a, b]) {
      const res = await send(server, 'POST', '/api/auth/token', { body: { phone: director.phone, password: director.password }, headers: from });
      expect(res.status).toBe(429);
    }
  });

  it('one Idempotency-Key sent to both processes writes once', async () => {
    const { access_token } = await signIn(a);
    const key = `two-processes-${randomBytes(6).toString('hex')}`;
    const body = { name: `Rent ${key}`, action: 'expense' };
    const headers = { 'Idempotency-Key': key };
    const answers = await Promise.all([a, b, a, b].map((server) => send(server, 'POST', '/api/finance/kind/', { body, token: access_token, headers })));
    // One ran it; the others, at the same moment, were told it is in flight (409) or given its answer.
    expect(answers.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    for (const r of answers) expect([201, 409]).toContain(r.status);
    const created = answers.find((r) => r.status === 201)!.json;
    for (const server of [a, b]) {
      const again = await send(server, 'POST', '/api/finance/kind/', { body, token: access_token, headers });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.json).toEqual(created);
    }
    const rows = await handle.db.select({ id: financeKinds.id }).from(financeKinds).where(eq(financeKinds.name, body.name));
    expect(rows).toHaveLength(1);
  });

  it('each background job runs once per period between both processes', async () => {
    const db = handle.db;
    type Run = { job: string; period: string; holder: string; finished: boolean; error: string | null };
    let runs: Run[] = [];
    for (let waited = 0; waited < 60_000; waited += 250) {
      runs = (await db.select({ job: jobRuns.job, period: sql<string>`${jobRuns.periodStart}::text`, holder: jobRuns.holder, finished: sql<boolean>`${jobRuns.finishedAt} is not null`, error: jobRuns.error }).from(jobRuns)) as Run[];
      if (JOBS.every((job) => runs.some((r) => r.job === job && r.finished))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    for (const job of JOBS) {
      const mine = runs.filter((r) => r.job === job);
      expect(mine.length, `${job}: ${JSON.stringify(runs)}`).toBeGreaterThan(0);
      // One row per period (the primary key), each run by one of the two processes, without error.
      expect(new Set(mine.map((r) => r.period)).size).toBe(mine.length);
      for (const r of mine) {
        expect([a.pid, b.pid].map(String)).toContain(r.holder.split(':')[1]);
        expect(r.error).toBeNull();
      }
    }
    // Between them, the two processes did each piece of work once: the freeze began once, the task was reminded once.
    const freezes = await db.select({ id: studentLogs.id }).from(studentLogs).where(and(eq(studentLogs.studentId, fixtures.studentId), eq(studentLogs.action, 'status.freeze')));
    expect(freezes).toHaveLength(1);
    const [student] = await db.select({ status: students.status }).from(students).where(eq(students.id, fixtures.studentId));
    expect(student.status).toBe('frozen');
    const reminders = await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.link, taskLink(fixtures.taskId)));
    expect(reminders).toHaveLength(1);
    // Every process that lost a period's claim said nothing and did nothing: one "Freezes: 1 started" between them.
    expect((a.output() + b.output()).match(/Freezes: 1 started/g)).toHaveLength(1);
  }, 90_000);

  it('processes starting together on an empty database apply the migrations once between them', async () => {
    const empty = `markaz_t_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${empty}`);
    try {
      const migrating = () => run(process.execPath, ['--import', 'tsx', 'tests/support/migrateProcess.ts', databaseUrl(empty)], { cwd: process.cwd(), timeout: 120_000 });
      // Without the migration lock, all but one of these failed on "relation already exists".
      await Promise.all([migrating(), migrating(), migrating()]);
    } finally {
      await adminQuery(`drop database if exists ${empty} with (force)`);
    }
  }, 120_000);

  it('of many processes claiming one period at the same moment, exactly one wins', async () => {
    const now = new Date();
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => claimPeriod(handle.db, 'race-check', 60_000, now, `host:${i}:x`)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // The winner has not finished: a claim of the next period is refused while it runs.
    expect(await claimPeriod(handle.db, 'race-check', 60_000, new Date(now.getTime() + 60_000), 'host:99:x')).toBe(false);
    // A run unfinished two periods on died with its process: the job is taken up again.
    expect(await claimPeriod(handle.db, 'race-check', 60_000, new Date(now.getTime() + 180_000), 'host:99:x')).toBe(true);
    // Released by its stopping process, the job is free for the next period at once.
    expect(await claimPeriod(handle.db, 'release-check', 60_000, now, 'host:7:x')).toBe(true);
    expect(await releaseRuns(handle.db, now, 'host:7:x')).toBe(1);
    expect(await claimPeriod(handle.db, 'release-check', 60_000, new Date(now.getTime() + 60_000), 'host:98:x')).toBe(true);
  });

  it('a process stopped by a signal closes its unfinished job runs, and only its own', async () => {
    // Each process logs its holder name at start (B may have lost every claim so far, so job_runs may not show it).
    const holderOf = (server: ServerProcess) => {
      const holder = /Background jobs run as (\S+) \(job_runs\.holder\)/.exec(server.output())?.[1];
      expect(holder, server.output()).toBeDefined();
      return holder as string;
    };
    // A run of B's still going (as a billing run is for seconds) and one of A's.
    const period = new Date('2026-01-01T00:00:00Z');
    await handle.db.insert(jobRuns).values([
      { job: 'stop-check-b', periodStart: period, holder: holderOf(b), startedAt: new Date() },
      { job: 'stop-check-a', periodStart: period, holder: holderOf(a), startedAt: new Date() },
    ]);
    await b.stop();
    const rows = await handle.db.select({ job: jobRuns.job, finished: sql<boolean>`${jobRuns.finishedAt} is not null`, error: jobRuns.error }).from(jobRuns).where(sql`${jobRuns.job} like 'stop-check-%'`).orderBy(jobRuns.job);
    expect(rows).toEqual([
      { job: 'stop-check-a', finished: false, error: null },
      { job: 'stop-check-b', finished: true, error: 'stopped with its process' },
    ]);
  });
});
