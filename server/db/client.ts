// One database handle for the whole server: embedded PGlite by default, PostgreSQL when DATABASE_URL is set.
// Both drivers are typed as the same PgDatabase so every query is written once.
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite } from './pglite';
import { is } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PgliteDatabase, drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { NodePgDatabase, drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { lockDataDir } from './dataDirLock';
import { createPool } from './pgPool';
import * as schema from './schema';
import { sqlTraceLogger } from './sqlTrace';
import { installTransactionHooks } from './transactionHooks';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle inside `db.transaction(async (tx) => ...)`; accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Functions that may run inside or outside a transaction take this. */
export type DbOrTx = Db | Tx;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Wraps an existing PGlite instance (tests pass an in-memory one or a clone of a migrated template). */
export function pgliteHandle(client: PGlite): DbHandle {
  const db: Db = installTransactionHooks(drizzlePglite({ client, schema, logger: sqlTraceLogger }));
  return { db, kind: 'pglite', close: () => client.close() };
}

/** `poolConfig` overrides the pool's settings (tests use a pool of one connection). */
export function postgresHandle(connectionString: string, poolConfig: pg.PoolConfig = {}): DbHandle {
  // A database that does not answer makes a request fail (503) after 5 s instead of hanging.
  // A connection lost while idle or in use must neither end the process nor leak its pool slot (pgPool.ts).
  const pool = createPool({ connectionString, connectionTimeoutMillis: 5000, ...poolConfig });
  const db: Db = installTransactionHooks(drizzlePg({ client: pool, schema, logger: sqlTraceLogger }));
  return { db, kind: 'postgres', close: () => pool.end() };
}

/**
 * PostgreSQL when `databaseUrl` is set, else PGlite in `dataDir` (created if missing). Tests may pass their own
 * PGlite instance (`await createPglite()` is in memory) through `options.pglite`.
 */
export async function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'databasePoolMax'>,
  options: { pglite?: PGlite } = {},
): Promise<DbHandle> {
  if (options.pglite) return pgliteHandle(options.pglite);
  if (config.databaseUrl) return postgresHandle(config.databaseUrl, { max: config.databasePoolMax });
  mkdirSync(config.dataDir, { recursive: true });
  // One process per data directory (a second would corrupt it; a backup or restore must not race a server).
  const release = lockDataDir(config.dataDir);
  try {
    const handle = pgliteHandle(await createPglite(config.dataDir));
    return { ...handle, close: () => handle.close().finally(release) };
  } catch (err) {
    release();
    throw err;
  }
}

/** The advisory lock key the migrations are applied under (any constant; "markaz" in ASCII). */
const MIGRATION_LOCK = 0x6d61726b617a;

/** Applies server/db/migrations with the migrator of the driver behind `db`. */
export async function migrate(db: Db): Promise<void> {
  const options = { migrationsFolder: MIGRATIONS_DIR };
  if (is(db, PgliteDatabase)) return migratePglite(db as PgliteDatabase<Schema>, options);
  if (is(db, NodePgDatabase)) {
    // Several processes starting together (a deploy restarting them all) would each apply the same migration and
    // all but one fail on "already exists": they take turns on an advisory lock held by a connection of their own,
    // outside the pool (a pool of one connection would wait for itself).
    const pool = (db as NodePgDatabase<Schema> & { $client: pg.Pool }).$client;
    const client = new pg.Client((pool as pg.Pool & { options: pg.ClientConfig }).options);
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      return await migratePg(db as NodePgDatabase<Schema>, options);
    } finally {
      await client.end();
    }
  }
  throw new Error('migrate: unsupported database driver');
}
