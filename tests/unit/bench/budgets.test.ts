import { describe, expect, it } from 'vitest';
import { capacityVerdict, loadVerdict, ratioVerdict, rssVerdict, verdicts } from '../../../bench/budgets';
import type { BackendResult, EndpointResult, LoadFigure } from '../../../bench/model';

const figure = (connections: number, p95: number, non2xx = 0): LoadFigure => ({
  connections, seconds: 3, count: 100, p50: p95 / 2, p95, p99: p95 * 1.2, max: p95 * 2, mean: p95 / 2, rps: 100, non2xx, errors: 0,
});
const endpoint = (kind: EndpointResult['kind'], load: LoadFigure[], apiOverSql: number | null): EndpointResult => ({
  name: kind, path: '/api/x/', role: 'DIRECTOR', kind, rows: 30, count: 100, load, sql: null, api_over_sql: apiOverSql, findings: [],
});
const run = (over: Partial<BackendResult>): BackendResult => ({
  backend: 'postgres', date: '2026-01-01T00:00:00Z', students: 100_000, seed: 1, database: 'x', endpoints: [], peak_rss_mb: 200, ...over,
});

describe('bench budgets', () => {
  it('asks the server to hold 2,000 concurrent staff sessions', () => {
    expect(capacityVerdict({ capacity: 2000 })).toBe(true);
    expect(capacityVerdict({ capacity: 1999 })).toBe(false);
  });

  it('fails a load run with any non-2xx answer or none at all, whatever its latency (a diagnostic now)', () => {
    expect(loadVerdict(figure(32, 900))).toBe(true);
    expect(loadVerdict(figure(1, 1, 1))).toBe(false);
    expect(loadVerdict({ count: 10, non2xx: 0, errors: 2 })).toBe(false);
    expect(loadVerdict({ count: 0, non2xx: 0, errors: 0 })).toBe(false);
  });

  it('judges API ÷ SQL and memory only where the budgets apply', () => {
    expect(ratioVerdict(run({}), 1.5)).toBe(true);
    expect(ratioVerdict(run({}), 1.51)).toBe(false);
    expect(ratioVerdict(run({}), null)).toBeNull();
    expect(ratioVerdict(run({ backend: 'pglite' }), 9)).toBeNull();
    expect(rssVerdict(run({ peak_rss_mb: 250 }))).toBe(true);
    expect(rssVerdict(run({ peak_rss_mb: 251 }))).toBe(false);
    expect(rssVerdict(run({ peak_rss_mb: null }))).toBeNull();
  });

  it('collects every verdict of a run', () => {
    const r = run({
      endpoints: [endpoint('list', [figure(1, 5), figure(32, 30, 1)], 1.2), endpoint('report', [figure(32, 300)], 2)],
      peak_rss_mb: 260,
    });
    expect(verdicts(r)).toEqual([true, false, true, true, false, false]);
  });
});
