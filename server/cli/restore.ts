// `npm run restore FILE [--force]`: replaces the configured database with a backup made by `npm run backup`.
// Stop the server first: PGlite refuses a data directory a live process holds (the one replaced is kept beside
// it); PostgreSQL refuses while other sessions use the database unless --force.
import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { configFromEnv } from '../config';
import { BackupError, restorePglite, restorePostgres } from '../db/backup';

const config = configFromEnv();
const args = process.argv.slice(2);
const arg = args.find((a) => !a.startsWith('--'));
if (!arg) {
  console.error('Usage: npm run restore -- FILE [--force]   (FILE from npm run backup)');
  process.exit(2);
}
const file = path.resolve(arg);

/** What the file holds, from its first bytes: pg_dump's custom format starts "PGDMP", gzip 1f 8b. */
function format(): 'pg_dump' | 'gzip' | 'unknown' {
  const head = Buffer.alloc(5);
  try {
    const fd = openSync(file, 'r');
    readSync(fd, head, 0, 5, 0);
    closeSync(fd);
  } catch {
    throw new BackupError(`Cannot read the backup file ${file}`);
  }
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  return head[0] === 0x1f && head[1] === 0x8b ? 'gzip' : 'unknown';
}

try {
  const found = format();
  if (config.databaseUrl) {
    if (found !== 'pg_dump') throw new BackupError(`${file} is not a PostgreSQL backup (pg_dump custom format); DATABASE_URL is set`);
    await restorePostgres(config.databaseUrl, file, { force: args.includes('--force') });
    console.log(`Restored the PostgreSQL database from ${file}`);
  } else {
    if (found !== 'gzip') throw new BackupError(`${file} is not a PGlite backup (.tar.gz); DATABASE_URL is not set, so the target is the PGlite data directory`);
    const { movedTo } = await restorePglite(config.dataDir, file);
    console.log(`Restored the PGlite database in ${config.dataDir} from ${file}`);
    if (movedTo) console.log(`The previous data directory is kept in ${movedTo}; delete it once the restore is checked.`);
  }
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
