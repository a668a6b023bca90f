// The performance budgets of the API and their verdicts. They hold on PostgreSQL at 100,000 students: list
// endpoints answer within 25 ms at p95 under 32 concurrent clients, the API adds at most half again over its raw
// SQL, and the server stays within 250 MB of memory under that load. Every load run must answer only 2xx.
import type { BackendResult, EndpointResult, LoadFigure } from './model';

export const BUDGETS = {
  /** Students the budgets are stated at (PostgreSQL). */
  students: 100_000,
  listP95Ms: 25,
  listP95Connections: 32,
  apiOverSql: 1.5,
  rssMb: 250,
} as const;

export type Verdict = boolean | null;

/** Whether the budgets apply to this run: PostgreSQL seeded at the budgets' scale (or larger). */
export const budgetsApply = (r: Pick<BackendResult, 'backend' | 'students'>) => r.backend === 'postgres' && r.students >= BUDGETS.students;

/** The p95 budget of a load figure, if one applies: list endpoints at 32 connections. */
export function p95Budget(r: Pick<BackendResult, 'backend' | 'students'>, e: Pick<EndpointResult, 'kind'>, f: Pick<LoadFigure, 'connections'>): number | null {
  return budgetsApply(r) && e.kind === 'list' && f.connections === BUDGETS.listP95Connections ? BUDGETS.listP95Ms : null;
}

/** A load run passes when it got answers, every one 2xx, and its p95 is within its budget (if it has one). */
export function loadVerdict(budget: number | null, f: Pick<LoadFigure, 'count' | 'p95' | 'non2xx' | 'errors'>): boolean {
  return f.count > 0 && f.non2xx === 0 && f.errors === 0 && (budget === null || f.p95 <= budget);
}

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
    for (const f of e.load) out.push(loadVerdict(p95Budget(r, e, f), f));
    const v = ratioVerdict(r, e.api_over_sql);
    if (v !== null) out.push(v);
  }
  const m = rssVerdict(r);
  if (m !== null) out.push(m);
  return out;
}
