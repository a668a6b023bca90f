// Backup round trip through the real commands (npm run backup / npm run restore, as child processes) on PGlite and
// PostgreSQL: a seeded database is backed up, changed, and restored; afterwards every table (row count + md5 of its
// rows in key order) and every sequence equals the state at backup time. A restore is refused while another process
// holds the PGlite data directory (or another session uses the PostgreSQL database), and a file of the other kind
// is refused.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { defaultBackupPath, toolMajor } from '../../server/db/backup';
import { DataDirInUse, lockDataDir, LOCK_FILE } from '../../server/db/dataDirLock';
import { employees, filials, leads } from '../../server/db/schema';
import { openFaultDb } from '../faults/faultDb';
import { snapshot } from '../faults/tableSnapshot';
import { backends } from './harness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function cli(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
    execFile(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], { cwd: ROOT, env: { ...rest, ...env }, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

describe('backup helpers', () => {
  it('names backups by kind and UTC time and reads tool versions', () => {
    expect(defaultBackupPath('postgres', new Date('2026-03-04T05:06:07Z'), '/b')).toBe('/b/markaz-postgres-20260304-050607.dump');
    expect(defaultBackupPath('pglite', new Date('2026-03-04T05:06:07Z'), '/b')).toBe('/b/markaz-pglite-20260304-050607.tar.gz');
    expect(toolMajor('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toBe(15);
    expect(toolMajor('something else')).toBeUndefined();
  });

  it('lets one live process hold a data directory and takes over a stale lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'markaz-lock-'));
    try {
      const release = lockDataDir(dir);
      expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
      release();
      expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
      // A pid no process has (above the kernel's pid_max) is a lock left by a killed process.
      writeFileSync(join(dir, LOCK_FILE), '4194305\n');
      lockDataDir(dir)();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(backends())('backup and restore on %s', (backend) => {
  it('restores every table and sequence as it was at backup time', async () => {
    const db = await openFaultDb(backend, { pglite: inject('pgliteTemplate'), postgres: inject('postgresTemplate') });
    const dir = mkdtempSync(join(tmpdir(), 'markaz-backup-'));
    const file = join(dir, backend === 'postgres' ? 'b.dump' : 'b.tar.gz');
    try {
      const before = await db.use(snapshot);
      expect(Object.keys(before).length).toBeGreaterThan(30);

      const backup = await cli('backup', [file], db.env);
      expect(backup.code, backup.out).toBe(0);
      expect(existsSync(file)).toBe(true);

      // Change data: a new row, an edited row, a deleted row.
      const changed = await db.use(async (d) => {
        await d.insert(filials).values({ name: 'After the backup' });
        await d.update(employees).set({ fullName: 'Renamed after the backup' }).where(eq(employees.id, 1));
        const [lead] = await d.select({ id: leads.id }).from(leads).limit(1);
        await d.execute(sql`delete from lead_logs where lead_id = ${lead.id}`);
        return snapshot(d);
      });
      expect(changed).not.toEqual(before);

      // The kind of file must match the database.
      const wrongKind = join(dir, backend === 'postgres' ? 'x.tar.gz' : 'x.dump');
      const other = await cli('backup', [wrongKind], backend === 'postgres' ? { DATA_DIR: join(dir, 'empty') } : { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
      expect(other.code).not.toBe(0);
      expect((await cli('restore', [backend === 'postgres' ? file.replace('b.dump', 'missing.dump') : file.replace('.tar.gz', '.dump')], db.env)).code).not.toBe(0);

      // Refused while in use.
      if (backend === 'pglite') {
        // Held as a running server holds it (faultsCrash.test.ts checks that the server takes this lock).
        const release = lockDataDir(db.dataDir!);
        try {
          const refused = await cli('restore', [file], db.env);
          expect(refused.code).toBe(1);
          expect(refused.out).toMatch(new RegExp(`is in use by process ${process.pid}`));
          const refusedBackup = await cli('backup', [join(dir, 'busy.tar.gz')], db.env);
          expect(refusedBackup.code).toBe(1);
          expect(refusedBackup.out).toMatch(/is in use by process \d+/);
        } finally {
          release();
        }
      } else {
        const session = new pg.Client({ connectionString: db.env.DATABASE_URL });
        await session.connect();
        try {
          const refused = await cli('restore', [file], db.env);
          expect(refused.code).toBe(1);
          expect(refused.out).toMatch(/other connection\(s\)/);
        } finally {
          await session.end();
        }
      }

      const restore = await cli('restore', [file], db.env);
      expect(restore.code, restore.out).toBe(0);
      const after = await db.use(snapshot);
      expect(after).toEqual(before);
      if (backend === 'pglite') {
        // The replaced directory is kept beside the restored one.
        expect(readdirSync(join(db.dataDir!, '..')).filter((n) => n.startsWith('data.before-restore-'))).toHaveLength(1);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await db.drop();
    }
  }, 300_000);
});
