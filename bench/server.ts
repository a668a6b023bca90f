// The real server as a separate process (the bundle `npm start` runs, dist-server/main.mjs, built here when older
// than its sources; demo seeding off, jobs on as in production), its sign-ins over HTTP, its memory from /proc and a wait for it to settle after start.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Role } from '../contract/roles';
import { DEMO_SIGN_INS } from '../server/seed/demo';
import { ROOT } from './dataset';
import { SERVER_BUNDLE, buildServerBundle, serverBundleStale } from '../scripts/serverBundle.mjs';

export const JWT_SECRET = 'bench-signing-secret-0123456789abcdef-0123';

export type ServerProcess = {
  pid: number;
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts the server over the database `dbEnv` names (DATABASE_URL or DATA_DIR) and waits until it listens. */
export async function startServer(dbEnv: Record<string, string>, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), JWT_SECRET, DEMO: '0', ACCESS_TTL: '7200', ...dbEnv, ...extraEnv };
  if (!dbEnv.DATABASE_URL) delete env.DATABASE_URL;
  if (serverBundleStale()) await buildServerBundle();
  // BENCH_SERVER_NODE_ARGS: node options for the server alone, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see
  // where its CPU goes under the workload (node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER_BUNDLE], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 180 s:\n${out}`)), 180_000);
    child.stdout!.on('data', () => {
      if (out.includes('Markaz is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
  return {
    pid: child.pid!,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** A field of /proc/<pid>/status in MB (VmHWM: peak resident set; VmRSS: now). */
export function procMemoryMb(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** Resets the process's peak RSS to its current RSS (Linux clear_refs 5); false when not allowed. */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** CPU time (user + system) the process has used, in clock ticks (100 a second). */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15 of stat)
}

/**
 * Waits until the server process has used under 5% of a core for two seconds in a row (its start-up jobs done),
 * at most `maxMs`; `busyElsewhere` may report outside work still running (PostgreSQL queries of the jobs).
 */
export async function waitUntilIdle(pid: number, maxMs = 120_000, busyElsewhere: () => Promise<boolean> = async () => false): Promise<number> {
  const start = Date.now();
  let quiet = 0;
  let last = cpuTicks(pid);
  while (Date.now() - start < maxMs && quiet < 2) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuTicks(pid);
    const idle = now - last < 5 && !(await busyElsewhere()); // 100 ticks a second: under 5 ticks is under 5%
    last = now;
    quiet = idle ? quiet + 1 : 0;
  }
  return Date.now() - start;
}

/** The phone and password of the demo user of `role`. */
export function demoSignIn(role: Role): { phone: string; password: string } {
  const who = DEMO_SIGN_INS.find((s) => s.role === role);
  if (!who) throw new Error(`no demo sign-in for ${role}`);
  return { phone: who.phone, password: who.password };
}

/** Signs in over HTTP; the bearer header. */
export async function signIn(baseUrl: string, who: { phone: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!res.ok || !body.access_token) throw new Error(`sign-in as ${who.phone}: ${res.status} ${JSON.stringify(body)}`);
  return `Bearer ${body.access_token}`;
}
