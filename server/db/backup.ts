// Backups of either database (npm run backup / npm run restore FILE):
// - PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore --clean in one transaction. The
//   client tools must be at least the server's major version (pg_dump refuses a newer server); the versioned
//   Debian binaries (/usr/lib/postgresql/<major>/bin) are preferred when present, then PATH.
// - PGlite (DATA_DIR): the data directory as a .tar.gz (PGlite's dumpDataDir), restored by loading it into an
//   empty DATA_DIR; the directory it replaces is kept beside it. Both refuse while a server holds the directory.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createPglite } from './pglite';
import pg from 'pg';
import { dataDirHolder, DataDirInUse, LOCK_FILE, lockDataDir } from './dataDirLock';

export class BackupError extends Error {}

/** ./backups/markaz-<kind>-YYYYMMDD-HHMMSS.<ext> (UTC). */
export function defaultBackupPath(kind: 'postgres' | 'pglite', now = new Date(), dir = path.resolve('backups')): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return path.join(dir, `markaz-${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
}

/** `15` from "pg_dump (PostgreSQL) 15.20 (Debian ...)". */
export function toolMajor(versionOutput: string): number | undefined {
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(versionOutput);
  return m ? Number(m[1]) : undefined;
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    return Math.floor(Number(rows[0].v) / 10_000);
  } finally {
    await client.end();
  }
}

/** The pg_dump / pg_restore to use for a server of `major`, or a BackupError that says what to install. */
export function findTool(name: 'pg_dump' | 'pg_restore', major: number): string {
  const candidates = [process.env.PG_BIN_DIR && path.join(process.env.PG_BIN_DIR, name), `/usr/lib/postgresql/${major}/bin/${name}`, name].filter(Boolean) as string[];
  let seen: string | undefined;
  for (const bin of candidates) {
    const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    if (r.error || r.status !== 0) continue;
    const found = toolMajor(r.stdout);
    if (found !== undefined && found >= major) return bin;
    seen = `${bin} is version ${found ?? '?'}`;
  }
  throw new BackupError(
    `${name} for PostgreSQL ${major} or newer was not found (${seen ?? 'not installed'}). ` +
      `Install the PostgreSQL ${major} client tools (Debian: apt-get install postgresql-client-${major}) or set PG_BIN_DIR.`,
  );
}

function run(bin: string, args: string[]): void {
  const r = spawnSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] });
  if (r.error) throw new BackupError(`${bin} failed to start: ${r.error.message}`);
  if (r.status !== 0) throw new BackupError(`${path.basename(bin)} failed (exit ${r.status}):\n${r.stderr.trim()}`);
}

export async function backupPostgres(url: string, file: string): Promise<void> {
  const bin = findTool('pg_dump', await serverMajor(url));
  mkdirSync(path.dirname(file), { recursive: true });
  run(bin, ['--format=custom', '--no-owner', `--file=${file}`, `--dbname=${url}`]);
}

/** Other sessions on the database (a running server's pool). */
async function otherSessions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** Replaces the database's contents with the dump; refuses while other sessions (a server) use it unless `force`. */
export async function restorePostgres(url: string, file: string, options: { force?: boolean } = {}): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  const bin = findTool('pg_restore', await serverMajor(url));
  const sessions = await otherSessions(url);
  if (sessions > 0 && !options.force) {
    throw new BackupError(`The database has ${sessions} other connection(s) (a running server?). Stop the server first, or pass --force.`);
  }
  run(bin, ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file]);
}

export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new BackupError(`No PGlite database in ${dataDir}`);
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirInUse) throw new BackupError(`${err.message} PGlite allows one process per data directory.`);
    throw err;
  }
  try {
    const client = await createPglite(dataDir);
    try {
      const dump = await client.dumpDataDir('gzip');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Loads the dump into `dataDir`. An existing directory is moved aside to `<dataDir>.before-restore-<stamp>` (kept:
 * delete it once the restore is checked); a directory a live process holds is refused.
 */
export async function restorePglite(dataDir: string, file: string, now = new Date()): Promise<{ movedTo?: string }> {
  if (!existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  const holder = existsSync(dataDir) ? dataDirHolder(dataDir) : undefined;
  if (holder !== undefined) throw new BackupError(`The data directory ${dataDir} is in use by process ${holder} (a running server?). Stop it before restoring.`);
  let movedTo: string | undefined;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    movedTo = `${dataDir}.before-restore-${now.toISOString().replace(/[-:.]/g, '')}`;
    renameSync(dataDir, movedTo);
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    const client = await createPglite(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
    await client.close();
    // The dump was taken under the backup's own lock.
    rmSync(path.join(dataDir, LOCK_FILE), { force: true });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    if (movedTo) renameSync(movedTo, dataDir);
    throw new BackupError(`Could not load ${file}: ${(err as Error).message}${movedTo ? ' (the previous data directory is back in place)' : ''}`);
  }
  return { movedTo };
}
