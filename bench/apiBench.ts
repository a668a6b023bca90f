// One backend's API benchmark: the cached seeded database, the server as its own process with the SQL trace on,
// each endpoint traced once, then loaded at 1, 8 and 32 connections (warm-up first; peak RSS over the heaviest
// load); then, the server stopped, the traced SQL replayed from here and explained.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { SQL_TRACE_HEADER } from '../server/db/sqlTrace';
import { pgliteDataset, postgresDataset, ROOT, type Scale } from './dataset';
import { benchEndpoints, GENERATED_PASSWORD, type Endpoint } from './endpoints';
import { LoadGenerator } from './load';
import type { Backend, BackendResult, EndpointResult, LoadFigure } from './model';
import { cpuTicks, demoSignIn, procMemoryMb, resetPeakRss, signIn, startServer, waitUntilIdle, type ServerProcess } from './server';
import { explainAll, findings, readTrace, replay, type SqlRunner } from './sqlReplay';
import { ratio } from './stats';
import { createPglite } from '../server/db/pglite';

export type ApiBenchOptions = {
  backend: Backend;
  scale: Scale;
  fresh: boolean;
  connections: number[];
  seconds: number;
  warmupSeconds: number;
  sqlRepeats: number;
  log: (line: string) => void;
  /** Runs while the server is still up (the app benchmark against it). */
  whileRunning?: (server: ServerProcess) => Promise<void>;
};

const RESULTS = join(ROOT, 'bench', 'results');

export async function runApiBench(o: ApiBenchOptions): Promise<BackendResult> {
  const log = (line: string) => o.log(`${o.backend}: ${line}`);
  const dataset = o.backend === 'postgres' ? await postgresDataset(o.scale, o.fresh, log) : await pgliteDataset(o.scale, o.fresh, log);
  // A private directory: nothing else may remove the trace while the run needs it.
  const traceDir = mkdtempSync(join(tmpdir(), 'markaz-bench-trace-'));
  const traceFile = join(traceDir, `${o.backend}.jsonl`);

  const server = await startServer(dataset.env, { SQL_TRACE_FILE: traceFile });
  const load = new LoadGenerator();
  const endpointResults: EndpointResult[] = [];
  let peakRss: number | null = null;
  try {
    const active = o.backend === 'postgres' ? pgActivity(dataset.env.DATABASE_URL) : undefined;
    const settleMs = 60_000;
    const settled = await waitUntilIdle(server.pid, settleMs, active?.busy);
    await active?.close();
    log(`server ${server.baseUrl} (pid ${server.pid}) ${settled < settleMs ? `settled after ${Math.round(settled / 1000)} s` : `still busy after ${settleMs / 1000} s (start-up jobs): measuring anyway`}`);
    const auth: Record<string, string> = { DIRECTOR: await signIn(server.baseUrl, demoSignIn('DIRECTOR')) };
    const get = async (path: string, role: string, label?: string) => {
      const headers: Record<string, string> = { authorization: auth[role] };
      if (label) headers[SQL_TRACE_HEADER] = label;
      const res = await fetch(server.baseUrl + path, { headers });
      const body = await res.json();
      if (res.status !== 200) {
        throw new Error(`${role} GET ${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}\nserver output:\n${server.output().slice(-3000)}`);
      }
      return body;
    };
    const { endpoints, branch, adminPhone } = await benchEndpoints((path) => get(path, 'DIRECTOR'));
    auth.ADMINISTRATOR = await signIn(server.baseUrl, { phone: adminPhone, password: GENERATED_PASSWORD });
    log(`branch-scoped requests as the administrator of branch ${branch} (${adminPhone})`);

    // One untraced call warms caches; the traced one is the request whose SQL is replayed.
    for (const [i, e] of endpoints.entries()) {
      await get(e.path, e.role);
      const body = (await get(e.path, e.role, String(i))) as { results?: unknown[]; count?: number; all?: number };
      endpointResults.push({
        name: e.name, path: e.path, role: e.role, kind: e.kind,
        rows: Array.isArray(body.results) ? body.results.length : null,
        count: typeof body.count === 'number' ? body.count : typeof body.all === 'number' ? body.all : null,
        load: [], sql: null, api_over_sql: null, findings: [],
      });
    }

    const heaviest = Math.max(...o.connections);
    for (const connections of o.connections) {
      let sampled = 0;
      const resetOk = connections === heaviest && resetPeakRss(server.pid);
      const sampler = setInterval(() => (sampled = Math.max(sampled, procMemoryMb(server.pid, 'VmRSS') ?? 0)), 100);
      try {
        for (const [i, e] of endpoints.entries()) {
          let figure = await loadOne(load, server, e, auth[e.role], connections, o.seconds, o);
          await drain(server, e, auth[e.role]);
          if (figure.count < connections) {
            // Fewer answers than connections: requests slower than the run; measure again over a longer one.
            figure = await loadOne(load, server, e, auth[e.role], connections, Math.min(20, o.seconds * 5), o);
            await drain(server, e, auth[e.role]);
          }
          endpointResults[i].load.push(figure);
          log(`${e.role} ${e.name} @${connections}: p50 ${figure.p50} p95 ${figure.p95} p99 ${figure.p99} ms, ${figure.rps}/s, non-2xx ${figure.non2xx + figure.errors}`);
        }
      } finally {
        clearInterval(sampler);
      }
      if (connections === heaviest) {
        // VmHWM since the reset is the peak under this load; without the reset, the highest sampled RSS.
        peakRss = resetOk ? procMemoryMb(server.pid, 'VmHWM') : sampled || procMemoryMb(server.pid, 'VmHWM');
        log(`peak RSS under ${connections} connections: ${peakRss} MB${resetOk ? '' : ' (sampled)'}`);
      }
    }
    if (o.whileRunning) await o.whileRunning(server);
  } finally {
    load.close();
    await server.stop();
  }

  const trace = readTrace(traceFile);
  const plansDir = join(RESULTS, 'plans');
  // This run's plans replace the backend's previous ones (endpoints may have changed).
  if (existsSync(plansDir)) for (const f of readdirSync(plansDir)) if (f.startsWith(`${o.backend}-`)) rmSync(join(plansDir, f));
  const runner = o.backend === 'postgres' ? await pgRunner(dataset.env.DATABASE_URL) : await pgliteRunner(dataset.env.DATA_DIR);
  try {
    for (const [i, r] of endpointResults.entries()) {
      const statements = trace.get(String(i)) ?? [];
      if (!statements.length) continue;
      try {
        r.sql = await replay(runner, statements, o.sqlRepeats);
        const plans = await explainAll(runner, statements, join(RESULTS, 'plans', `${o.backend}-${String(i).padStart(2, '0')}-${slug(r.role, r.name)}.txt`));
        r.findings = findings(statements, plans);
      } catch (e) {
        r.findings = [`SQL replay failed: ${(e as Error).message}`];
      }
      const api = r.load.find((f) => f.connections === 1)?.p50;
      r.api_over_sql = api === undefined || !r.sql ? null : ratio(api, r.sql.median_ms);
      log(`${r.role} ${r.name}: ${r.sql?.statements ?? 0} statements, SQL ${r.sql?.median_ms ?? '—'} ms, API ÷ SQL ${r.api_over_sql ?? '—'}`);
    }
  } finally {
    await runner.close();
    rmSync(traceDir, { recursive: true, force: true });
  }
  return {
    backend: o.backend, date: new Date().toISOString(), students: o.scale.students, seed: o.scale.seed,
    database: dataset.database.replace(ROOT, ''), endpoints: endpointResults, peak_rss_mb: peakRss,
  };
}

const slug = (...parts: string[]) => parts.join('-').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

async function loadOne(load: LoadGenerator, server: ServerProcess, e: Endpoint, auth: string, connections: number, seconds: number, o: ApiBenchOptions): Promise<LoadFigure> {
  const before = cpuTicks(server.pid);
  const figure = await load.run({ url: server.baseUrl + e.path, headers: { authorization: auth }, connections, seconds, warmupSeconds: o.warmupSeconds });
  // The server's own CPU per request: what Node spends beyond waiting for the database (the jobs are settled).
  const answered = figure.answered_with_warmup ?? 0;
  return { ...figure, server_cpu_ms: answered ? Math.round(((cpuTicks(server.pid) - before) * 10 * 100) / answered) / 100 : null };
}

/** Requests still queued in the server when a run ended would slow the next run: one more call waits them out. */
async function drain(server: ServerProcess, e: Endpoint, auth: string) {
  await fetch(server.baseUrl + e.path, { headers: { authorization: auth } }).then((r) => r.arrayBuffer(), () => undefined);
}

/** Whether other sessions run queries in the database (the server's start-up jobs). */
function pgActivity(url: string) {
  const client = new pg.Client({ connectionString: url });
  const ready = client.connect();
  return {
    async busy() {
      await ready;
      const r = await client.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`);
      return r.rows[0].n > 0;
    },
    close: () => client.end(),
  };
}

async function pgRunner(url: string): Promise<SqlRunner & { close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { query: (text, params) => client.query(text, params as unknown[]), close: () => client.end() };
}

async function pgliteRunner(dir: string): Promise<SqlRunner & { close(): Promise<void> }> {
  const db = await createPglite(dir);
  return { query: (text, params) => db.query(text, params as unknown[]), close: () => db.close() };
}
