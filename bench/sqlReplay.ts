// The raw SQL behind each endpoint: the statements one request ran (from the server's SQL trace), executed again
// from the bench process over a direct connection, repeated, median per statement; and their EXPLAIN ANALYZE plans.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { TracedStatement } from '../server/db/sqlTrace';
import { median, round2 } from './stats';
import type { SqlFigure } from './model';

/** Runs one statement (pg.Client and PGlite both fit). */
export type SqlRunner = { query(text: string, params: unknown[]): Promise<unknown> };
export type Statement = { sql: string; params: unknown[] };

/** The traced statements by request label, in the order they ran. */
export function readTrace(file: string): Map<string, Statement[]> {
  const byLabel = new Map<string, Statement[]>();
  if (!existsSync(file)) return byLabel;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const t = JSON.parse(line) as TracedStatement;
    const list = byLabel.get(t.label) ?? [];
    list.push({ sql: t.sql, params: t.params });
    byLabel.set(t.label, list);
  }
  return byLabel;
}

const WRITE = /^\s*(insert|update|delete|merge)\b/i;

/**
 * Executes `statements` `repeats` times after two warm-up passes; the figure is the sum of the per-statement
 * medians. A request that writes (a session touch, say) is replayed inside a transaction rolled back each pass.
 */
export async function replay(runner: SqlRunner, statements: Statement[], repeats = 30): Promise<SqlFigure> {
  const writes = statements.some((s) => WRITE.test(s.sql));
  const times: number[][] = statements.map(() => []);
  for (let pass = -2; pass < repeats; pass++) {
    if (writes) await runner.query('begin', []);
    try {
      for (let i = 0; i < statements.length; i++) {
        const { sql, params } = statements[i];
        if (writes && /^\s*(begin|commit|rollback)\b/i.test(sql)) continue;
        const start = performance.now();
        await runner.query(sql, params);
        if (pass >= 0) times[i].push(performance.now() - start);
      }
    } finally {
      if (writes) await runner.query('rollback', []);
    }
  }
  const perStatement = times.map((t) => (t.length ? round2(median(t)) : 0));
  return { statements: statements.length, median_ms: round2(perStatement.reduce((a, b) => a + b, 0)), per_statement_ms: perStatement };
}

const EXPLAINABLE = /^\s*(select|with)\b/i;

/** EXPLAIN (ANALYZE, BUFFERS) of each read statement, written to `file`; the plans' text. */
export async function explainAll(runner: SqlRunner, statements: Statement[], file: string): Promise<string[]> {
  const plans: string[] = [];
  for (const s of statements) {
    if (!EXPLAINABLE.test(s.sql)) continue;
    const res = (await runner.query(`explain (analyze, buffers) ${s.sql}`, s.params)) as { rows: Record<string, string>[] };
    const text = res.rows.map((r) => r['QUERY PLAN']).join('\n');
    plans.push(`-- ${s.sql.trim().replace(/\s+/g, ' ')}\n-- params: ${JSON.stringify(s.params)}\n${text}`);
  }
  mkdirSync(new URL('.', `file://${file}`).pathname, { recursive: true });
  writeFileSync(file, `${plans.join('\n\n')}\n`);
  return plans;
}

/** What stands out in one request's SQL and plans: repeated statements, sequential scans of many rows, disk sorts. */
export function findings(statements: Statement[], plans: string[]): string[] {
  const out: string[] = [];
  const seen = new Map<string, number>();
  for (const s of statements) seen.set(s.sql, (seen.get(s.sql) ?? 0) + 1);
  for (const [sql, n] of seen) if (n > 2) out.push(`the same statement runs ${n} times (N+1?): ${sql.slice(0, 80)}`);
  for (const plan of plans) {
    const lines = plan.split('\n');
    for (const [i, line] of lines.entries()) {
      const m = line.match(/Seq Scan on (\w+).*actual time=[\d.]+\.\.([\d.]+) rows=(\d+) loops=(\d+)/);
      if (!m) continue;
      // The rows a scan reads: those it returns and those its filter removed (a detail line below, before the next node).
      const details = lines.slice(i + 1).findIndex((l) => l.includes('->'));
      const below = lines.slice(i + 1, details === -1 ? undefined : i + 1 + details);
      const removed = below.find((l) => l.includes('Rows Removed by Filter'))?.match(/(\d+)/);
      const rows = (Number(m[3]) + Number(removed?.[1] ?? 0)) * Number(m[4]);
      if (rows >= 5000 || Number(m[2]) >= 5) out.push(`seq scan on ${m[1]}: ${rows} rows read, ${m[2]} ms`);
    }
    if (/Sort Method: external/.test(plan)) out.push('a sort spills to disk');
    const planning = plan.match(/Planning Time: ([\d.]+) ms/);
    if (planning && Number(planning[1]) >= 5) out.push(`planning takes ${planning[1]} ms: ${plan.split('\n')[0].slice(3, 83)}`);
    const exec = plan.match(/Execution Time: ([\d.]+) ms/);
    if (exec && Number(exec[1]) >= 10) out.push(`a statement takes ${exec[1]} ms: ${plan.split('\n')[0].slice(3, 83)}`);
  }
  return [...new Set(out)];
}
