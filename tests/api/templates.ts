// Migrated, demo-seeded database templates made once per test run (vitest globalSetup), so each test file
// copies a ready database instead of migrating and seeding its own: PostgreSQL clones a template database,
// PGlite loads a dumped data directory. Creating and migrating a PGlite instance costs seconds per file.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPglite } from '../../server/db/pglite';
import pg from 'pg';
import { migrate, pgliteHandle, postgresHandle } from '../../server/db/client';
import { seedDemoIfEmpty } from '../../server/seed/demo';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The scrypt cost of the test configuration; the demo's password hashes are made with it. */
export const TEST_SCRYPT_N = 1024;

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A PostgreSQL database migrated and seeded with the demo centre; returns its name. */
export async function makePostgresTemplate(): Promise<string> {
  const name = `markaz_tpl_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const handle = postgresHandle(databaseUrl(name));
  try {
    await migrate(handle.db);
    await seedDemoIfEmpty(handle.db, TEST_SCRYPT_N);
  } finally {
    await handle.close();
  }
  return name;
}

/** A dumped PGlite data directory, migrated and seeded with the demo centre; returns the file's path. */
export async function makePgliteTemplate(): Promise<string> {
  const client = await createPglite();
  const handle = pgliteHandle(client);
  try {
    await migrate(handle.db);
    await seedDemoIfEmpty(handle.db, TEST_SCRYPT_N);
    const dump = await client.dumpDataDir('none');
    const file = join(mkdtempSync(join(tmpdir(), 'markaz-tpl-')), 'demo.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return file;
  } finally {
    await handle.close();
  }
}

export function readTemplate(file: string): Blob {
  return new Blob([readFileSync(file)]);
}

export function removeTemplateFile(file: string): void {
  rmSync(join(file, '..'), { recursive: true, force: true });
}
