// The seeded databases the benchmark runs against, kept between runs because seeding 100,000 students takes
// minutes: a PostgreSQL database named for the scale and seed (its comment records a finished seeding, so a
// half-seeded one is rebuilt), and a PGlite data directory under .tmp/bench/ (a marker file beside it likewise).
// `fresh` seeds again.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPglite } from '../server/db/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrate, pgliteHandle, postgresHandle, type DbHandle } from '../server/db/client';
import { seedScale } from '../server/seed/scale/index';

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const ROOT = new URL('..', import.meta.url).pathname;

export type Scale = { students: number; seed: number };
export type Dataset = { database: string; env: Record<string, string>; seededNow: boolean };

const marker = (s: Scale) => `markaz bench dataset: seeded ${s.students} students, seed ${s.seed}`;
export const postgresName = (s: Scale) => `markaz_bench_s${s.students}_${s.seed}`;
export const pgliteDir = (s: Scale) => join(ROOT, '.tmp', 'bench', `pglite_s${s.students}_${s.seed}`);

export function databaseUrl(name: string, admin = ADMIN_URL): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(fn: (c: pg.Client) => Promise<T>, admin = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function seedInto(handle: DbHandle, scale: Scale, log: (line: string) => void) {
  const start = performance.now();
  await migrate(handle.db);
  // The demo centre (its sign-ins) and the chain of branches on top; a low scrypt cost keeps seeding quick.
  await seedScale(handle, { students: scale.students, seed: scale.seed, log, scryptN: 1024 });
  log(`seeded ${scale.students} students in ${Math.round((performance.now() - start) / 1000)} s`);
}

/** The dataset of `scale` in the PostgreSQL server of `admin` (the machine's own by default, BENCH_DATABASE_URL). */
export async function postgresDataset(scale: Scale, fresh: boolean, log: (line: string) => void, admin = ADMIN_URL): Promise<Dataset> {
  const name = postgresName(scale);
  const env = { DATABASE_URL: databaseUrl(name, admin) };
  const comment = await withAdmin(async (c) => {
    const r = await c.query<{ comment: string | null }>(`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`, [name]);
    return r.rowCount ? (r.rows[0].comment ?? '') : null;
  }, admin);
  if (!fresh && comment === marker(scale)) return { database: name, env, seededNow: false };
  log(comment === null ? `creating ${name}` : `rebuilding ${name}${fresh ? '' : ' (its seeding did not finish)'}`);
  await withAdmin(async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  }, admin);
  // Seeding does not wait for each commit to reach the disk: a crash leaves no marker, and the database is rebuilt.
  const seedUrl = new URL(env.DATABASE_URL);
  seedUrl.searchParams.set('options', '-c synchronous_commit=off');
  const handle = postgresHandle(seedUrl.toString());
  try {
    await seedInto(handle, scale, log);
    await handle.db.execute(sql`analyze`);
  } finally {
    await handle.close();
  }
  await withAdmin((c) => c.query(`comment on database ${name} is '${marker(scale)}'`), admin);
  return { database: name, env, seededNow: true };
}

export async function pgliteDataset(scale: Scale, fresh: boolean, log: (line: string) => void): Promise<Dataset> {
  const dir = pgliteDir(scale);
  const markerFile = `${dir}.seeded`;
  const env = { DATA_DIR: dir };
  if (!fresh && existsSync(markerFile) && readFileSync(markerFile, 'utf8') === marker(scale)) return { database: dir, env, seededNow: false };
  log(`${existsSync(dir) ? 'rebuilding' : 'creating'} ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const handle = pgliteHandle(await createPglite(dir));
  try {
    await seedInto(handle, scale, log);
    await handle.db.execute(sql`analyze`);
  } finally {
    await handle.close();
  }
  writeFileSync(markerFile, marker(scale));
  return { database: dir, env, seededNow: true };
}

/** Drops the cached PostgreSQL database of a scale (used by --drop). */
export async function dropPostgresDataset(scale: Scale): Promise<void> {
  await withAdmin((c) => c.query(`drop database if exists ${postgresName(scale)} with (force)`));
}
