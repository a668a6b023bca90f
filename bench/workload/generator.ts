// The load generator's process (forked by workload.ts): runs the staff sessions of a stage open-loop. Each session
// takes the next step of its role's round at its scheduled time (the previous one plus an exponential think time),
// whether or not its previous step has been answered, so a slow server gets more work, not less, as with real staff.
// Requests go over keep-alive HTTP/1.1; each step's time and its requests' Server-Timing are collected.
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { summarize } from '../stats';
import { stepTimes } from './arrivals';
import { ROLE_SCRIPTS, sessionRoles, type Answer, type Req, type StepContext } from './roles';
import type { Actor, StageFigure, StageJob, StageReply, TimeSplit, WorkRole, WorkloadSetup } from './types';

let setup: WorkloadSetup | null = null;
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

/** xorshift32: the same sessions and choices for the same stage. */
function rng(seed: number) {
  let x = seed || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const TIMING = /(\w+);dur=([\d.]+)/g;
function parseTiming(header: string | string[] | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of String(header ?? '').matchAll(TIMING)) out[m[1]] = Number(m[2]);
  return out;
}

type Collector = { split: TimeSplit; requests: number; errors: string[] };

function request(base: URL, authorization: string, now: string, req: Req, into: Collector, retried = false): Promise<Answer> {
  const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
  return new Promise((resolve) => {
    // Compressed answers, as the staff's browsers ask for them (the server's gzip is part of its cost).
    const headers: Record<string, string> = { authorization, 'x-test-now': now, accept: 'application/json', 'accept-encoding': 'gzip' };
    if (payload) (headers['content-type'] = 'application/json'), (headers['content-length'] = String(Buffer.byteLength(payload)));
    if (req.idempotencyKey) headers['idempotency-key'] = req.idempotencyKey;
    const r = http.request({ host: base.hostname, port: base.port, path: req.path, method: req.method, headers, agent, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        into.requests++;
        const t = parseTiming(res.headers['server-timing']);
        into.split.pool += t.pool ?? 0;
        into.split.db += t.db ?? 0;
        into.split.app += t.app ?? 0;
        into.split.server += t.total ?? 0;
        const status = res.statusCode ?? 0;
        const raw = Buffer.concat(chunks);
        const text = () => (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        if (status >= 300) into.errors.push(`${status} ${req.method} ${req.path} ${text().slice(0, 160)}`);
        // Parsed only when a step reads it (the lesson's roster): the generator's CPU is the server's rival.
        let parsed: unknown;
        resolve({
          status,
          get body() {
            if (parsed === undefined && res.headers['content-type']?.includes('json')) {
              try {
                parsed = JSON.parse(text());
              } catch {
                parsed = null;
              }
            }
            return parsed ?? null;
          },
        });
      });
    });
    r.on('timeout', () => r.destroy(new Error('timed out after 30 s')));
    r.on('error', (e: NodeJS.ErrnoException) => {
      // The server closed a kept-alive socket as this request went out on it: sent again on a fresh one, as
      // browsers do (Node's documented pattern; payments carry their Idempotency-Key, so a repeat books once).
      if (r.reusedSocket && e.code === 'ECONNRESET' && !retried) {
        resolve(request(base, authorization, now, req, into, true));
        return;
      }
      into.requests++;
      into.errors.push(`network ${req.method} ${req.path}: ${e.message}`);
      resolve({ status: 0, body: null });
    });
    r.end(payload);
  });
}

type StepRecord = { times: number[]; errors: number; split: TimeSplit; minutes: Map<number, { times: number[]; errors: number }> };

async function runStage(job: StageJob): Promise<StageFigure> {
  if (!setup) throw new Error('no setup');
  const s = setup;
  const bases = (s.baseUrls ?? [s.baseUrl]).map((u) => new URL(u));
  let turn = 0;
  const nextBase = () => bases[turn++ % bases.length];
  const base = bases[0];
  const random = rng(job.sessions * 7919 + job.seconds);
  const byRole = new Map<WorkRole, Actor[]>();
  for (const a of s.actors) byRole.set(a.role, [...(byRole.get(a.role) ?? []), a]);
  const roles = sessionRoles(job.sessions).filter((r) => byRole.has(r));
  const records = new Map<string, StepRecord>();
  const errorSamples: string[] = [];
  let totalErrors = 0;
  let requests = 0;
  let steps = 0;
  const pick = <T,>(items: readonly T[]) => (items.length ? items[Math.floor(random() * items.length)] : undefined);
  if (job.prime) {
    const sink: Collector = { split: { pool: 0, db: 0, app: 0, server: 0 }, requests: 0, errors: [] };
    for (const actor of s.actors) {
      for (const step of new Set(ROLE_SCRIPTS[actor.role])) {
        await step.run({ actor, http: (req) => request(base, actor.authorization, s.now, req, sink), month: s.month, pick, random });
      }
    }
  }
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const end = start + job.seconds * 1000;
  const inFlight = new Set<Promise<void>>();

  const fire = (actor: Actor, stepIndex: number) => {
    const script = ROLE_SCRIPTS[actor.role];
    const step = script[stepIndex % script.length];
    const into: Collector = { split: { pool: 0, db: 0, app: 0, server: 0 }, requests: 0, errors: [] };
    const ctx: StepContext = { actor, http: (req) => request(nextBase(), actor.authorization, s.now, req, into), month: s.month, pick, random };
    const t0 = performance.now();
    const p = step
      .run(ctx)
      .catch((e) => {
        into.errors.push(`step threw: ${(e as Error).message}`);
      })
      .then(() => {
        const took = performance.now() - t0;
        const rec: StepRecord = records.get(step.name) ?? { times: [], errors: 0, split: { pool: 0, db: 0, app: 0, server: 0 }, minutes: new Map() };
        records.set(step.name, rec);
        rec.times.push(took);
        rec.errors += into.errors.length ? 1 : 0;
        for (const k of ['pool', 'db', 'app', 'server'] as const) rec.split[k] += into.split[k];
        if (job.perMinute) {
          const minute = Math.floor((t0 - start) / 60_000);
          const m = rec.minutes.get(minute) ?? { times: [], errors: 0 };
          rec.minutes.set(minute, m);
          m.times.push(took);
          m.errors += into.errors.length ? 1 : 0;
        }
        requests += into.requests;
        steps++;
        totalErrors += into.errors.length;
        for (const e of into.errors) if (errorSamples.length < 5) errorSamples.push(e);
      });
    const tracked = p.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  // Each session follows its own schedule (arrivals.ts), its first step a think time after the start.
  const timers = new Set<NodeJS.Timeout>();
  roles.forEach((role, i) => {
    const actors = byRole.get(role)!;
    const actor = actors[i % actors.length];
    let stepIndex = Math.floor(random() * ROLE_SCRIPTS[role].length);
    const times = stepTimes(random, job.thinkMs);
    let at = start + times.next().value;
    const schedule = () => {
      if (at >= end) return;
      const t = setTimeout(() => {
        timers.delete(t);
        fire(actor, stepIndex++);
        at = start + times.next().value;
        schedule();
      }, Math.max(0, at - performance.now()));
      timers.add(t);
    };
    schedule();
  });
  await new Promise((r) => setTimeout(r, job.seconds * 1000));
  for (const t of timers) clearTimeout(t);
  await Promise.race([Promise.all([...inFlight]), new Promise((r) => setTimeout(r, 35_000))]);
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpu0);
  lag.disable();

  const mean = (x: number, n: number) => Math.round((x / Math.max(1, n)) * 100) / 100;
  const figure: StageFigure = {
    sessions: job.sessions,
    seconds: job.seconds,
    think_ms: job.thinkMs,
    steps_per_second: Math.round((steps / job.seconds) * 10) / 10,
    requests_per_second: Math.round((requests / job.seconds) * 10) / 10,
    steps: [...records].map(([step, r]) => ({
      step,
      ...summarize(r.times),
      errors: r.errors,
      split: { pool: mean(r.split.pool, r.times.length), db: mean(r.split.db, r.times.length), app: mean(r.split.app, r.times.length), server: mean(r.split.server, r.times.length) },
    })),
    errors: totalErrors,
    error_samples: errorSamples,
    generator_cpu: Math.round(((cpu.user + cpu.system) / 1e6 / elapsed) * 1000) / 1000,
    generator_lag_p95_ms: Math.round(lag.percentile(95) / 1e4) / 100,
  };
  if (job.perMinute) {
    const minutes = new Map<number, { times: number[]; errors: number }>();
    for (const r of records.values())
      for (const [m, v] of r.minutes) {
        const acc = minutes.get(m) ?? { times: [], errors: 0 };
        minutes.set(m, acc);
        acc.times.push(...v.times);
        acc.errors += v.errors;
      }
    figure.minutes = [...minutes].sort((a, b) => a[0] - b[0]).map(([minute, v]) => ({ minute, p95: summarize(v.times).p95, steps: v.times.length, errors: v.errors }));
  }
  return figure;
}

process.on('message', async (msg: { setup: WorkloadSetup } | StageJob) => {
  if ('setup' in msg) {
    setup = msg.setup;
    return;
  }
  try {
    process.send!({ id: msg.id, figure: await runStage(msg) } satisfies StageReply);
  } catch (e) {
    process.send!({ id: msg.id, error: String((e as Error).stack ?? e) } satisfies StageReply);
  }
});
