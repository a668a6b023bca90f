// The performance budgets of the API and their verdicts. They hold on PostgreSQL at 100,000 students: the server
// holds 2,000 concurrent staff sessions (bench/workload: every step's p95 within 200 ms, no error), the API adds at
// most half again over its raw SQL, and the server stays within 250 MB under 32 clients. Every load run must
// answer only 2xx. The 1/8/32-client latencies are a diagnostic: with the server, PostgreSQL and the load on the
// same two cores a closed loop of 32 clients measures queueing more than the server (docs/benchmarks.md).
import type { BackendResult, LoadFigure } from './model';

export const BUDGETS = {
  /** Students the budgets are stated at (PostgreSQL). */
  students: 100_000,
  /** Concurrent staff sessions the server must hold (bench/workload/capacity.ts). */
  capacitySessions: 2000,
  apiOverSql: 1.5,
  rssMb: 250,
} as const;

export type Verdict = boolean | null;

/** Whether the budgets apply to this run: PostgreSQL seeded at the budgets' scale (or larger). */
export const budgetsApply = (r: Pick<BackendResult, 'backend' | 'students'>) => r.backend === 'postgres' && r.students >= BUDGETS.students;

/** A load run passes when it got answers, every one 2xx. */
export function loadVerdict(f: Pick<LoadFigure, 'count' | 'non2xx' | 'errors'>): boolean {
  return f.count > 0 && f.non2xx === 0 && f.errors === 0;
}

/** The capacity budget: at least BUDGETS.capacitySessions sessions held. */
export const capacityVerdict = (c: { capacity: number }): boolean => c.capacity >= BUDGETS.capacitySessions;

export function ratioVerdict(r: Pick<BackendResult, 'backend' | 'students'>, ratio: number | null): Verdict {
  if (!budgetsApply(r) || ratio === null) return null;
  return ratio <= BUDGETS.apiOverSql;
}

export function rssVerdict(r: Pick<BackendResult, 'backend' | 'students' | 'peak_rss_mb'>): Verdict {
  if (!budgetsApply(r) || r.peak_rss_mb === null) return null;
  return r.peak_rss_mb <= BUDGETS.rssMb;
}

/** Every verdict of a backend's run (load, ratio, memory), null ones left out. */
export function verdicts(r: BackendResult): boolean[] {
  const out: boolean[] = [];
  for (const e of r.endpoints) {
    for (const f of e.load) out.push(loadVerdict(f));
    const v = ratioVerdict(r, e.api_over_sql);
    if (v !== null) out.push(v);
  }
  const m = rssVerdict(r);
  if (m !== null) out.push(m);
  return out;
}
