// What every server benchmark shares: a fresh migrated database (PGlite in a new directory, or a uniquely named
// PostgreSQL database dropped afterwards), the real app in-process with a signed-in demo user, and a timing loop
// that reports p50/p95/max per request path.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Role } from '../contract/roles';
import { createApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { migrate, pgliteHandle, postgresHandle, type DbHandle } from '../server/db/client';
import { DEMO_SIGN_INS } from '../server/seed/demo';

export const SCRYPT_N = 1024;
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type Backend = 'pglite' | 'postgres';
export type Timing = { backend: Backend; scenario: string; path: string; requests: number; rows: number; count: number; p50_ms: number; p95_ms: number; max_ms: number };

/** A fresh, migrated database; `drop` removes it. */
export async function freshDb(backend: Backend): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'markaz-bench-'));
    const handle = pgliteHandle(await PGlite.create(dir));
    await migrate(handle.db);
    return { handle, drop: async () => { await handle.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const name = `markaz_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try { await client.query(text); } finally { await client.end(); }
  };
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = postgresHandle(url.toString());
  await migrate(handle.db);
  return { handle, drop: async () => { await handle.close(); await admin(`drop database if exists ${name} with (force)`); } };
}

/** The app over `handle` and the headers of a signed-in demo user of `role`. */
export async function benchApp(handle: DbHandle, role: Role) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const config = configFromEnv({
    JWT_SECRET: 'bench-signing-secret-0123456789abcdef-0123', SCRYPT_N: String(SCRYPT_N), DEMO: '1',
    LOCALES_DIR: join(root, 'locales'), STATIC_DIR: join(root, 'tests/api/fixtures/build'),
  });
  const app = createApp({ db: handle.db, config });
  const who = DEMO_SIGN_INS.find((s) => s.role === role)!;
  const signIn = await app.request('/api/auth/token', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: who.phone, password: who.password }),
  });
  const { access_token } = (await signIn.json()) as { access_token: string };
  return { app, headers: { authorization: `Bearer ${access_token}` } };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (x: number) => Math.round(x * 10) / 10;

/** Times each [scenario, path] `requests` times after ten warm-up calls, one request at a time. */
export async function timeScenarios(
  backend: Backend,
  { app, headers }: Awaited<ReturnType<typeof benchApp>>,
  scenarios: [string, string][],
  requests = 100,
): Promise<Timing[]> {
  const timings: Timing[] = [];
  for (const [scenario, path] of scenarios) {
    let body: { count?: number; all?: number; results?: unknown[] } = {};
    for (let i = 0; i < 10; i++) await (await app.request(path, { headers })).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const start = performance.now();
      const res = await app.request(path, { headers });
      body = (await res.json()) as typeof body;
      times.push(performance.now() - start);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
    }
    times.sort((a, b) => a - b);
    timings.push({
      backend, scenario, path, requests, rows: body.results?.length ?? 0, count: body.count ?? body.all ?? 0,
      p50_ms: round(percentile(times, 50)), p95_ms: round(percentile(times, 95)), max_ms: round(times[times.length - 1]),
    });
  }
  return timings;
}
