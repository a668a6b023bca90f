import { describe, expect, it } from 'vitest';
import { appSection, backendSection, capacitySection, replicaCapacitySection, RESULTS_END, RESULTS_START, resultsMarkdown, spliceResults } from '../../../bench/markdown';
import type { BackendResult, BenchResults, LoadFigure } from '../../../bench/model';

const figure = (connections: number, p95: number, server_cpu_ms: number | null = null): LoadFigure => ({
  connections, seconds: 3, count: 100, p50: 4.321, p95, p99: 40, max: 50, mean: 5, rps: 1234.4, non2xx: 0, errors: 0, server_cpu_ms,
});
const pg: BackendResult = {
  backend: 'postgres', date: '2026-11-25T01:02:03.000Z', students: 100_000, seed: 1, database: 'markaz_bench_s100000_1', peak_rss_mb: 180,
  endpoints: [
    {
      name: 'students, page 1', path: '/api/students/?page=1', role: 'DIRECTOR', kind: 'list', rows: 30, count: 90_000,
      load: [figure(1, 6, 1.234), figure(32, 31.25, 2.5)], sql: { statements: 4, median_ms: 3.2, per_statement_ms: [1, 1, 1, 0.2] }, api_over_sql: 1.35, findings: [],
    },
  ],
};
const results: BenchResults = {
  machine: { cpu: 'Xeon', cores: 2, memory_gb: 24, node: 'v20.1.0', postgres: '15.2', os: 'Linux 6' },
  date: '2026-11-25T01:02:03.000Z',
  postgres: pg,
  app: { date: '2026-11-25T01:05:00.000Z', base_url: 'PGlite server', rows: [{ name: 'Login JS (gzip)', value: 98.5, unit: 'kB', budget: 120, ok: true }, { name: 'Chunks', value: 12, unit: 'files' }] },
};

describe('bench Markdown', () => {
  it('lists each load run with its verdict (all answered 2xx; latency is a diagnostic)', () => {
    const md = backendSection(pg);
    expect(md).toContain('### PostgreSQL, 100,000 students (seed 1), 2026-11-25 01:02 UTC');
    expect(md).toContain('| students, page 1 | `/api/students/?page=1` | DIRECTOR | 1 | 4.32 | 6.00 | 40.0 | 1,234 | 0 | ✓ |');
    expect(md).toContain('| students, page 1 | `/api/students/?page=1` | DIRECTOR | 32 | 4.32 | 31.3 | 40.0 | 1,234 | 0 | ✓ |');
    // The server's CPU per request is the one-connection run's.
    expect(md).toContain('| students, page 1 | 4 | 3.20 | 4.32 | 1.23 | 1.35 | ≤ 1.5 | ✓ |');
    expect(md).toContain('| Peak RSS (VmHWM) under 32 connections | 180 MB | ≤ 250 MB | ✓ |');
  });

  it('shows no budget where none applies (PGlite)', () => {
    const md = backendSection({ ...pg, backend: 'pglite', students: 10_000 });
    expect(md).toContain('### PGlite, 10,000 students');
    expect(md).toContain('| 32 | 4.32 | 31.3 | 40.0 | 1,234 | 0 | ✓ |');
    expect(md).toContain('| 1.35 | — |  |');
    expect(md).toContain('| 180 MB | — |  |');
  });

  it('adds the machine and the app rows', () => {
    const md = resultsMarkdown(results);
    expect(md.split('\n')[0]).toBe('Measured 2026-11-25 01:02 UTC on Xeon (2 cores), 24 GB memory, Linux 6, Node v20.1.0, PostgreSQL 15.2.');
    expect(appSection(results.app!)).toContain('| Login JS (gzip) | 98.50 kB | ≤ 120 kB | ✓ |');
    expect(appSection(results.app!)).toContain('| Chunks | 12 files | — |  |');
    expect(appSection({ ...results.app!, rows: [], error: 'Timeout 30000ms exceeded.' })).toBe('### App (PGlite server), 2026-11-25 01:05 UTC\n\nNot measured: Timeout 30000ms exceeded.');
  });

  it("states the capacity with its budget, each stage and where each step's time went", () => {
    const step = { step: 'students: open the list', count: 40, p50: 20, p95: 90, p99: 120, max: 150, mean: 30, errors: 0, split: { pool: 1, db: 15, app: 4, server: 20 } };
    const stage = (sessions: number, p95: number, passed: boolean) => ({
      sessions, seconds: 60, think_ms: 10_000, steps_per_second: sessions / 10, requests_per_second: Math.round((sessions / 7) * 10) / 10, steps: [{ ...step, p95 }], errors: 0, error_samples: [],
      generator_cpu: 0.1, generator_lag_p95_ms: 12, passed, server_cpu: 0.8, postgres_cpu: 0.6, load_average: 1.5, server_rss_mb: 200,
    });
    const md = capacitySection({
      date: '2026-11-27T03:00:00Z', students: 100_000, think_ms: 10_000, stage_seconds: 60, budget_p95_ms: 200, actors: { ADMINISTRATOR: 25 },
      stages: [stage(1000, 90, true), stage(2000, 250, false)], capacity: 1000,
    });
    expect(md).toContain('**1,000 concurrent staff sessions** (budget ≥ 2,000 ✗)');
    expect(md).toContain('| 2,000 | 200 | 285.7 | 250 (students: open the list) | 0 | 0.80 | 0.60 | 0.10 | 12 | 1.5 | 200 | FAIL |');
    expect(md).toContain('Per step at 1,000 sessions');
    expect(md).toContain('| students: open the list | 40 | 20 | 90 | 120 | 1 | 15 | 4 | 0 |');
  });

  it('sets the ladder without and with a replica side by side, a stage only one of them ran as a dash', () => {
    const step = { step: 'director: open the finance report', count: 40, p50: 20, p95: 90, p99: 120, max: 150, mean: 30, errors: 0, split: { pool: 1, db: 15, app: 4, server: 20 } };
    const stage = (sessions: number, p95: number, passed: boolean, postgres: number) => ({
      sessions, seconds: 60, think_ms: 10_000, steps_per_second: sessions / 10, requests_per_second: 1, steps: [{ ...step, p95 }], errors: 0, error_samples: [],
      generator_cpu: 0.1, generator_lag_p95_ms: 12, passed, server_cpu: 0.5, postgres_cpu: postgres, load_average: 1.5, server_rss_mb: 200,
    });
    const ladder = (stages: ReturnType<typeof stage>[]) => ({
      date: '2026-11-27T03:00:00Z', students: 100_000, think_ms: 10_000, stage_seconds: 60, budget_p95_ms: 200, actors: {}, stages,
      capacity: Math.max(0, ...stages.filter((s) => s.passed).map((s) => s.sessions)),
    });
    const md = replicaCapacitySection({
      date: '2026-11-27T09:00:00Z',
      primary_only: ladder([stage(300, 90, true, 0.3), stage(500, 260, false, 0.4)]),
      with_replica: ladder([stage(300, 80, true, 0.35), stage(500, 150, true, 0.45), stage(800, 240, false, 0.6)]),
      replica_transactions: 1234,
    });
    expect(md).toContain('**300** sessions on the primary alone, **500** with the reports and statistics on the replica (it served 1,234 transactions)');
    expect(md).toContain('| 500 | 260 (director: open the finance report) FAIL | 0.50 / 0.40 | 150 (director: open the finance report) | 0.50 / 0.45 |');
    expect(md).toContain('| 800 | – | – | 240 (director: open the finance report) FAIL | 0.50 / 0.60 |');
  });

  it('replaces the results between the markers and keeps the rest of the document', () => {
    const doc = `# Benchmarks\n\nHow to run.\n\n${RESULTS_START}\nold\n${RESULTS_END}\n\nAfter.\n`;
    const out = spliceResults(doc, 'new table');
    expect(out).toBe(`# Benchmarks\n\nHow to run.\n\n${RESULTS_START}\n\nnew table\n\n${RESULTS_END}\n\nAfter.\n`);
    expect(spliceResults(out, 'newer')).toContain(`${RESULTS_START}\n\nnewer\n\n${RESULTS_END}`);
    expect(spliceResults('# B\n', 'x')).toBe(`# B\n\n${RESULTS_START}\n\nx\n\n${RESULTS_END}\n`);
  });
});
