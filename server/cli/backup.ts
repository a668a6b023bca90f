// `npm run backup [FILE]`: a backup of the configured database (PostgreSQL with DATABASE_URL: pg_dump custom
// format; else the PGlite DATA_DIR as .tar.gz) to FILE or ./backups/markaz-<kind>-<UTC time>.<ext>.
// PGlite: stop the server first (one process per data directory). server/db/backup.ts has the details.
import path from 'node:path';
import { configFromEnv } from '../config';
import { backupPglite, backupPostgres, BackupError, defaultBackupPath } from '../db/backup';

const config = configFromEnv();
const kind = config.databaseUrl ? 'postgres' : 'pglite';
const arg = process.argv.slice(2).find((a) => !a.startsWith('--'));
const file = path.resolve(arg ?? defaultBackupPath(kind));

try {
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, file);
  else await backupPglite(config.dataDir, file);
  console.log(`Backed up the ${kind === 'postgres' ? 'PostgreSQL database' : `PGlite database in ${config.dataDir}`} to ${file}`);
} catch (err) {
  console.error(err instanceof BackupError ? err.message : err);
  process.exit(1);
}
