// `npm run bench -- soak [--minutes=60] [--sessions=N]`: the staff workload for an hour at half the capacity
// figure (or N sessions). Every minute: the server's resident memory and the steps' p95; at the end, the first ten
// minutes against the last ten. Memory must level off, nothing may fail, and the last ten minutes must be as quick
// as the first (within 20% of p95, at least 10 ms).
import { summarize } from '../stats';
import { procMemoryMb, type ServerProcess } from '../server';
import { WorkloadGenerator, startWorkloadServer } from './capacity';
import type { Scale } from '../dataset';
import type { StageFigure } from './types';

export type SoakResult = {
  date: string;
  sessions: number;
  minutes: number;
  think_ms: number;
  rss_mb: (number | null)[];
  per_minute: NonNullable<StageFigure['minutes']>;
  errors: number;
  first_ten_p95: number;
  last_ten_p95: number;
  /** RSS growth over the second half, MB (levelling off: small against the first half's). */
  rss_growth_second_half_mb: number | null;
  passed: boolean;
};

/** p95 of the per-minute p95s weighted by their steps is not a p95; the minutes' p95s are compared by their median. */
const middle = (xs: number[]) => summarize(xs).p50;

export function soakVerdict(perMinute: NonNullable<StageFigure['minutes']>, errors: number): { first: number; last: number; passed: boolean } {
  const n = Math.min(10, Math.floor(perMinute.length / 2));
  const first = middle(perMinute.slice(0, n).map((m) => m.p95));
  const last = middle(perMinute.slice(-n).map((m) => m.p95));
  return { first, last, passed: errors === 0 && n > 0 && last <= Math.max(first * 1.2, first + 10) };
}

export async function runSoak(opts: { scale: Scale; sessions: number; minutes: number; thinkMs: number; log(line: string): void }): Promise<SoakResult> {
  const { server, setup, vacuum } = await startWorkloadServer(opts.scale, opts.log);
  const gen = new WorkloadGenerator(setup);
  const rss: (number | null)[] = [];
  const sample = (s: ServerProcess) => {
    rss.push(procMemoryMb(s.pid, 'VmRSS'));
    opts.log(`soak: minute ${rss.length - 1}, server RSS ${rss[rss.length - 1]} MB`);
  };
  sample(server);
  const timer = setInterval(() => sample(server), 60_000);
  try {
    opts.log(`soak: ${opts.sessions} sessions for ${opts.minutes} min`);
    const figure = await gen.stage({ sessions: opts.sessions, seconds: opts.minutes * 60, thinkMs: opts.thinkMs, perMinute: true });
    const perMinute = figure.minutes ?? [];
    const verdict = soakVerdict(perMinute, figure.errors);
    const half = Math.floor(rss.length / 2);
    const growth = rss.length > 2 && rss[half] != null && rss[rss.length - 1] != null ? (rss[rss.length - 1] as number) - (rss[half] as number) : null;
    return {
      date: new Date().toISOString(),
      sessions: opts.sessions,
      minutes: opts.minutes,
      think_ms: opts.thinkMs,
      rss_mb: rss,
      per_minute: perMinute,
      errors: figure.errors,
      first_ten_p95: verdict.first,
      last_ten_p95: verdict.last,
      rss_growth_second_half_mb: growth,
      passed: verdict.passed,
    };
  } finally {
    clearInterval(timer);
    gen.close();
    await server.stop();
    await vacuum?.stop();
  }
}
