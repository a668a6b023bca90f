// Throwaway PostgreSQL clusters for the replica test: a primary (wal_level=replica) made with initdb on a spare
// port and a streaming standby made from it with pg_basebackup -R on another. Run as the `postgres` user when the
// test runs as root (PostgreSQL refuses root). Stopped by the postmaster's pid, and their directory removed.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The newest PostgreSQL server binaries installed (Debian's layout), or those on PATH. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return '';
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((x, y) => Number(y) - Number(x));
  return versions.length ? join(root, versions[0], 'bin') : '';
}

export type Cluster = { port: number; dir: string; url(db: string): string; pid(): number; stop(): Promise<void> };

export type ClusterPair = { primary: Cluster; standby: Cluster; stop(): Promise<void> };

const asRoot = process.getuid?.() === 0;

async function pg(tool: string, args: string[]): Promise<string> {
  const bin = join(binDir(), tool);
  const { stdout } = asRoot ? await run('runuser', ['-u', 'postgres', '--', bin, ...args]) : await run(bin, args);
  return stdout;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function cluster(dir: string, port: number): Cluster {
  const pid = () => Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let stopped: Promise<void> | undefined;
  return {
    port,
    dir,
    url: (db) => `postgres://postgres@127.0.0.1:${port}/${db}`,
    pid,
    stop() {
      stopped ??= (async () => {
        if (!existsSync(join(dir, 'postmaster.pid'))) return;
        const postmaster = pid();
        // SIGINT: PostgreSQL's fast shutdown (sessions ended, then a clean stop); SIGKILL if it hangs.
        process.kill(postmaster, 'SIGINT');
        for (let waited = 0; alive(postmaster); waited += 100) {
          if (waited === 10_000) process.kill(postmaster, 'SIGKILL');
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      return stopped;
    },
  };
}

async function start(dir: string, port: number, socketDir: string): Promise<Cluster> {
  await pg('pg_ctl', ['-D', dir, '-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1`, 'start']);
  return cluster(dir, port);
}

/**
 * A primary on `primaryPort` and its streaming standby on `standbyPort`. `prepare` runs against the primary
 * (superuser postgres, trust) before the standby is copied from it. Both have pg_stat_statements loaded.
 */
export async function startPrimaryAndStandby(primaryPort: number, standbyPort: number, prepare: (primary: Cluster) => Promise<void>): Promise<ClusterPair> {
  const base = mkdtempSync(join(tmpdir(), 'markaz-replica-'));
  if (asRoot) await run('chown', ['postgres:postgres', base]);
  const primaryDir = join(base, 'primary');
  const standbyDir = join(base, 'standby');
  const clusters: Cluster[] = [];
  const stop = async () => {
    await Promise.all(clusters.map((c) => c.stop()));
    rmSync(base, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    appendFileSync(
      join(primaryDir, 'postgresql.conf'),
      ['wal_level = replica', 'max_wal_senders = 4', 'hot_standby = on', "shared_preload_libraries = 'pg_stat_statements'", 'fsync = off', 'synchronous_commit = on', ''].join('\n'),
    );
    appendFileSync(join(primaryDir, 'pg_hba.conf'), 'host replication postgres 127.0.0.1/32 trust\n');
    const primary = await start(primaryDir, primaryPort, base);
    clusters.push(primary);
    await prepare(primary);
    await pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', standbyDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
    const standby = await start(standbyDir, standbyPort, base);
    clusters.push(standby);
    return { primary, standby, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
