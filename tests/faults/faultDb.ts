// A database for a server child process: a PGlite data directory loaded from the run's seeded template, or a
// PostgreSQL database copied from the template database. `use` opens it in the test process (PGlite only while no
// server has the directory open: one process per PGlite data directory).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPglite } from '../../server/db/pglite';
import { pgliteHandle, postgresHandle, type Db, type DbHandle } from '../../server/db/client';
import { adminQuery, databaseUrl, readTemplate } from '../api/templates';

export type FaultBackend = 'pglite' | 'postgres';

export type FaultDb = {
  backend: FaultBackend;
  /** Environment that points the server at this database. */
  env: Record<string, string>;
  /** PostgreSQL: the database's name. */
  name?: string;
  /** PGlite: the data directory. */
  dataDir?: string;
  use<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
};

/** Copies a template database, retrying while another session copies the same template. */
export async function copyPostgresTemplate(template: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`create database ${name} template ${template}`);
      return;
    } catch (err) {
      if (attempt >= 100 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function openFaultDb(backend: FaultBackend, template: { pglite: string; postgres: string }): Promise<FaultDb> {
  if (backend === 'pglite') {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'markaz-fault-')), 'data');
    const client = await createPglite(dataDir, { loadDataDir: readTemplate(template.pglite) });
    await client.close();
    const open = async (): Promise<DbHandle> => pgliteHandle(await createPglite(dataDir));
    return {
      backend,
      env: { DATA_DIR: dataDir },
      dataDir,
      use: (fn) => withHandle(open, fn),
      drop: async () => rmSync(join(dataDir, '..'), { recursive: true, force: true }),
    };
  }
  if (!template.postgres) throw new Error('PostgreSQL was unreachable when the test run started');
  const name = `markaz_f_${randomBytes(6).toString('hex')}`;
  await copyPostgresTemplate(template.postgres, name);
  const url = databaseUrl(name);
  return {
    backend,
    env: { DATABASE_URL: url },
    name,
    use: (fn) => withHandle(async () => postgresHandle(url), fn),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

async function withHandle<T>(open: () => Promise<DbHandle>, fn: (db: Db) => Promise<T>): Promise<T> {
  const handle = await open();
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}
