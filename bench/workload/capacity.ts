// `npm run bench -- capacity`: how many staff can work at once. The real server (PostgreSQL at 100,000 students,
// REQUEST_TIMING and TEST_CLOCK_HEADER on) takes the staff workload (roles.ts) from the load generator's process
// (generator.ts) at a rising number of concurrent sessions, each stage a fixed time; a stage passes when every
// step's p95 is at most the budget and nothing failed. The capacity is the largest passing stage. Beside each stage:
// the CPU of the server, of PostgreSQL and of the generator itself, and the machine's load.
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { postgresDataset, type Scale } from '../dataset';
import { standInForAutovacuum, type VacuumStandIn } from './vacuum';
import { cpuTicks, procMemoryMb, startServer, waitUntilIdle, type ServerProcess } from '../server';
import { discoverStaff } from './discover';
import type { StageFigure, StageJob, StageReply, WorkloadSetup } from './types';

export const STEP_P95_BUDGET_MS = 200;

export type CapacityStage = StageFigure & { passed: boolean; server_cpu: number; postgres_cpu: number; load_average: number; server_rss_mb: number | null };
export type CapacityResult = {
  date: string;
  students: number;
  think_ms: number;
  stage_seconds: number;
  budget_p95_ms: number;
  /** Server processes on the one database (1 unless --processes). */
  processes?: number;
  actors: Record<string, number>;
  stages: CapacityStage[];
  /** The most concurrent sessions of a passing stage; 0 when none passed. */
  capacity: number;
  /** Who vacuumed the database during the run: PostgreSQL's autovacuum, or the bench in its place (vacuum.ts). */
  vacuum?: 'autovacuum' | 'bench';
};

/** CPU ticks (1/100 s) of each PostgreSQL process on the machine (the server and its backends), by pid. */
export function postgresTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') ticks.set(Number(pid), cpuTicks(Number(pid)));
    } catch {
      // the process ended while being read
    }
  }
  return ticks;
}

/** Ticks used between two readings: backends that ended in between count up to their last reading. */
export function ticksBetween(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, t] of after) sum += t - (before.get(pid) ?? 0);
  return sum;
}

/** Whether the server's start-up jobs still have statements running in the database. */
async function postgresBusy(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`);
    return r.rows[0].n > 0;
  } finally {
    await client.end();
  }
}

export class WorkloadGenerator {
  private child = fork(new URL('./generator.ts', import.meta.url).pathname, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  private next = 1;
  constructor(setup: WorkloadSetup) {
    this.child.send({ setup });
  }
  stage(job: Omit<StageJob, 'id'>): Promise<StageFigure> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const onMessage = (reply: StageReply) => {
        if (reply.id !== id) return;
        this.child.off('message', onMessage);
        if (reply.figure) resolve(reply.figure);
        else reject(new Error(reply.error ?? 'generator failed'));
      };
      this.child.on('message', onMessage);
      this.child.send({ ...job, id });
    });
  }
  close() {
    this.child.disconnect();
    this.child.kill();
  }
}

/** Runs one stage and reads the server's (every process's) and PostgreSQL's CPU over it. */
export async function measuredStage(server: ServerProcess | ServerProcess[], gen: WorkloadGenerator, job: Omit<StageJob, 'id'>, budgetMs: number): Promise<CapacityStage> {
  const servers = Array.isArray(server) ? server : [server];
  const serverTicks = () => servers.reduce((sum, s) => sum + cpuTicks(s.pid), 0);
  const s0 = serverTicks();
  const p0 = postgresTicks();
  const t0 = performance.now();
  const figure = await gen.stage(job);
  const seconds = (performance.now() - t0) / 1000;
  const share = (ticks: number) => Math.round((ticks / 100 / seconds) * 1000) / 1000;
  const rss = servers.map((s) => procMemoryMb(s.pid, 'VmRSS'));
  return {
    ...figure,
    passed: figure.errors === 0 && figure.steps.every((s) => s.p95 <= budgetMs),
    server_cpu: share(serverTicks() - s0),
    postgres_cpu: share(ticksBetween(p0, postgresTicks())),
    load_average: Math.round(loadavg()[0] * 100) / 100,
    server_rss_mb: rss.some((m) => m === null) ? null : rss.reduce<number>((a, m) => a + (m ?? 0), 0),
  };
}

/**
 * The server over the dataset of `scale` (or over `dbEnv` when given: another cluster, a replica), settled; with
 * `processes` > 1, that many servers on the one database, each settled, and the workload spread over them.
 */
export async function startWorkloadServer(
  scale: Scale,
  log: (line: string) => void,
  dbEnv?: Record<string, string>,
  processes = 1,
): Promise<{ server: ServerProcess; servers: ServerProcess[]; setup: WorkloadSetup; vacuum: VacuumStandIn | null }> {
  const dataset = dbEnv ? { env: { DATABASE_URL: '', ...dbEnv } } : await postgresDataset(scale, false, log);
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < processes; i++) {
      const server = await startServer(dataset.env, { REQUEST_TIMING: '1', TEST_CLOCK_HEADER: '1' });
      servers.push(server);
      await waitUntilIdle(server.pid, 300_000, () => postgresBusy(dataset.env.DATABASE_URL));
    }
    const setup = await discoverStaff(servers[0].baseUrl, { branches: 25, teachersPerBranch: 12, log });
    // After the start-up jobs, so the run begins on a vacuumed database.
    const vacuum = await standInForAutovacuum(dataset.env.DATABASE_URL, log);
    return { server: servers[0], servers, setup: processes > 1 ? { ...setup, baseUrls: servers.map((s) => s.baseUrl) } : setup, vacuum };
  } catch (e) {
    await Promise.all(servers.map((s) => s.stop()));
    throw e;
  }
}

export async function runCapacity(opts: {
  scale: Scale;
  levels: number[];
  stageSeconds: number;
  thinkMs: number;
  log(line: string): void;
  dbEnv?: Record<string, string>;
  processes?: number;
}): Promise<CapacityResult> {
  const processes = opts.processes ?? 1;
  const { servers, setup, vacuum } = await startWorkloadServer(opts.scale, opts.log, opts.dbEnv, processes);
  const gen = new WorkloadGenerator(setup);
  const stages: CapacityStage[] = [];
  const actors: Record<string, number> = {};
  for (const a of setup.actors) actors[a.role] = (actors[a.role] ?? 0) + 1;
  try {
    // A warm-up stage, not counted: the server's and PostgreSQL's caches (and the reports' kept debts) as in a
    // day already under way.
    opts.log(`capacity: warm-up, ${Math.ceil(opts.levels[0] / 2)} sessions for 30 s`);
    await gen.stage({ sessions: Math.ceil(opts.levels[0] / 2), seconds: 30, thinkMs: opts.thinkMs, prime: true });
    for (const sessions of opts.levels) {
      opts.log(`capacity: ${sessions} sessions for ${opts.stageSeconds} s`);
      const stage = await measuredStage(servers, gen, { sessions, seconds: opts.stageSeconds, thinkMs: opts.thinkMs }, STEP_P95_BUDGET_MS);
      stages.push(stage);
      const worst = stage.steps.reduce((w, s) => (s.p95 > w.p95 ? s : w), stage.steps[0]);
      opts.log(
        `  ${stage.passed ? 'passed' : 'FAILED'}: ${stage.steps_per_second} steps/s, worst p95 ${worst?.p95} ms (${worst?.step}), errors ${stage.errors}, server ${stage.server_cpu} cores, PostgreSQL ${stage.postgres_cpu}, generator ${stage.generator_cpu}`,
      );
      for (const e of stage.error_samples) opts.log(`  error: ${e}`);
      if (!stage.passed) break;
    }
  } finally {
    gen.close();
    await Promise.all(servers.map((s) => s.stop()));
    await vacuum?.stop();
  }
  if (vacuum) opts.log(`vacuum stand-in during the run: ${vacuum.vacuumed().join(', ') || 'nothing due'}`);
  const passing = stages.filter((s) => s.passed).map((s) => s.sessions);
  return {
    date: new Date().toISOString(),
    students: opts.scale.students,
    think_ms: opts.thinkMs,
    stage_seconds: opts.stageSeconds,
    budget_p95_ms: STEP_P95_BUDGET_MS,
    processes,
    actors,
    stages,
    capacity: passing.length ? Math.max(...passing) : 0,
    vacuum: vacuum ? 'bench' : 'autovacuum',
  };
}
