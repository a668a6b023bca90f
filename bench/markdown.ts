// The results as Markdown: the machine, then per backend a latency table (every endpoint at each number of
// connections), an API-versus-SQL table and the server's memory, then the app benchmark's rows; each figure with
// its budget and ✓/✗ beside it. `spliceResults` puts that section into docs/benchmarks.md between its markers.
import { BUDGETS, capacityVerdict, loadVerdict, ratioVerdict, rssVerdict, type Verdict } from './budgets';
import type { CapacityResult } from './workload/capacity';
import type { ReplicaCapacityResult } from './workload/replicaCapacity';
import type { SoakResult } from './workload/soak';
import type { AppResult, BackendResult, BenchResults, ImportBenchResult, Machine, OutboxResult } from './model';

export const RESULTS_START = '<!-- bench:results:start -->';
export const RESULTS_END = '<!-- bench:results:end -->';

const mark = (v: Verdict) => (v === null ? '' : v ? '✓' : '✗');
const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(2) : x.toFixed(1)) : '—');
const int = (x: number) => Math.round(x).toLocaleString('en-US');
const cell = (s: string) => s.replace(/\|/g, '\\|');

export function machineLine(m: Machine, date: string): string {
  return `Measured ${date.slice(0, 16).replace('T', ' ')} UTC on ${m.cpu} (${m.cores} cores), ${m.memory_gb} GB memory, ${m.os}, Node ${m.node}, PostgreSQL ${m.postgres ?? '—'}.`;
}

export function backendSection(r: BackendResult): string {
  const title = r.backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const lines = [
    `### ${title}, ${int(r.students)} students (seed ${r.seed}), ${r.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    '| Endpoint | Request | Role | Conns | p50 ms | p95 ms | p99 ms | req/s | non-2xx | |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const e of r.endpoints) {
    for (const f of e.load) {
      lines.push(
        `| ${cell(e.name)} | \`${cell(e.path)}\` | ${e.role} | ${f.connections} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${int(f.rps)} | ${f.non2xx + f.errors} | ${mark(loadVerdict(f))} |`,
      );
    }
  }
  lines.push(
    '',
    '| Endpoint | SQL statements | SQL median ms | API p50 ms (1 conn) | server CPU ms per request (1 conn) | API ÷ SQL | Budget | |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const e of r.endpoints) {
    const one = e.load.find((f) => f.connections === 1);
    const api = one?.p50 ?? Number.NaN;
    const cpu = one?.server_cpu_ms;
    const v = ratioVerdict(r, e.api_over_sql);
    lines.push(
      `| ${cell(e.name)} | ${e.sql?.statements ?? '—'} | ${e.sql ? ms(e.sql.median_ms) : '—'} | ${ms(api)} | ${cpu == null ? '—' : ms(cpu)} | ${e.api_over_sql === null ? '—' : e.api_over_sql.toFixed(2)} | ${v === null ? '—' : `≤ ${BUDGETS.apiOverSql}`} | ${mark(v)} |`,
    );
  }
  const rss = rssVerdict(r);
  const conns = Math.max(0, ...r.endpoints.flatMap((e) => e.load.map((f) => f.connections)));
  lines.push(
    '',
    '| Server | Value | Budget | |',
    '|---|---:|---:|---|',
    `| Peak RSS (VmHWM) under ${conns} connections | ${r.peak_rss_mb === null ? '—' : `${int(r.peak_rss_mb)} MB`} | ${rss === null ? '—' : `≤ ${BUDGETS.rssMb} MB`} | ${mark(rss)} |`,
  );
  return lines.join('\n');
}

export function appSection(a: AppResult): string {
  const title = `### App (${a.base_url}), ${a.date.slice(0, 16).replace('T', ' ')} UTC`;
  if (a.error) return `${title}\n\nNot measured: ${a.error}`;
  const lines = [title, '', '| Measure | Value | Budget | |', '|---|---:|---:|---|'];
  for (const row of a.rows) {
    const value = `${Number.isInteger(row.value) ? int(row.value) : row.value.toFixed(2)} ${row.unit}`;
    const ok = row.ok ?? (row.budget === undefined ? null : row.value <= row.budget);
    lines.push(`| ${cell(row.name)} | ${value} | ${row.budget === undefined ? '—' : `≤ ${int(row.budget)} ${row.unit}`} | ${mark(ok)} |`);
  }
  return lines.join('\n');
}

export function importSection(r: ImportBenchResult): string {
  return [
    `### Move-in import (PostgreSQL, demo centre), ${r.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${int(r.students)} students in one .xlsx (${(r.file_bytes / 1024 / 1024).toFixed(1)} MB; a group, a birth date, a parent's phone each, an opening balance every third): upload and preview ${r.preview_seconds} s (${int(r.counts.new)} new, ${int(r.counts.match)} matching, ${int(r.counts.error)} in error), commit ${r.commit_seconds} s — **${r.seconds} s** in all (target under 60 s).`,
  ].join('\n');
}

export function outboxSection(o: OutboxResult): string {
  const lines = [
    `### Parents' outbox (PostgreSQL, demo centre), ${o.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `Two senders at once handed ${int(o.handed)} of ${int(o.messages)} messages to a local Eskiz in ${o.seconds} s: **${int(o.per_second)} messages/s** (${o.senders.map(int).join(' + ')}; sent twice: ${o.duplicates}).`,
    '',
    `The lists with an empty outbox and with ${int(o.messages)} messages waiting (in-process requests, ${'p50 / p95 ms'}):`,
    '',
    '| List | empty outbox | 10,000 waiting |',
    '|---|---:|---:|',
  ];
  for (const l of o.lists) lines.push(`| \`${cell(l.path)}\` | ${l.before.p50_ms} / ${l.before.p95_ms} | ${l.after.p50_ms} / ${l.after.p95_ms} |`);
  return lines.join('\n');
}

export function resultsMarkdown(results: BenchResults): string {
  const parts = [machineLine(results.machine, results.date)];
  if (results.postgres) parts.push(backendSection(results.postgres));
  if (results.pglite) parts.push(backendSection(results.pglite));
  if (results.app) parts.push(appSection(results.app));
  if (results.capacity) parts.push(capacitySection(results.capacity));
  if (results.capacity_replica) parts.push(replicaCapacitySection(results.capacity_replica));
  if (results.soak) parts.push(soakSection(results.soak));
  if (results.outbox) parts.push(outboxSection(results.outbox));
  if (results.import) parts.push(importSection(results.import));
  return parts.join('\n\n');
}

/** `doc` with the text between the results markers replaced by `section` (markers appended when missing). */
export function spliceResults(doc: string, section: string): string {
  const block = `${RESULTS_START}\n\n${section}\n\n${RESULTS_END}`;
  const start = doc.indexOf(RESULTS_START);
  const end = doc.indexOf(RESULTS_END);
  if (start === -1 || end < start) return `${doc.trimEnd()}\n\n${block}\n`;
  return doc.slice(0, start) + block + doc.slice(end + RESULTS_END.length);
}

const cores = (x: number) => x.toFixed(2);

/** The capacity ladder: each stage's figures, then where the time of each step went at the largest passing stage. */
export function capacitySection(c: CapacityResult): string {
  const roles = Object.entries(c.actors).map(([r, n]) => `${r} ${n}`).join(', ');
  const lines = [
    `### Staff capacity (PostgreSQL, ${int(c.students)} students), ${c.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `**${int(c.capacity)} concurrent staff sessions**${(c.processes ?? 1) > 1 ? ` on ${c.processes} server processes` : ''} (budget ≥ ${int(BUDGETS.capacitySessions)} ${mark(capacityVerdict(c))}) with every step's p95 ≤ ${c.budget_p95_ms} ms and no error (think time ${c.think_ms / 1000} s on average, ${c.stage_seconds} s a stage; signed-in staff: ${roles}${c.vacuum === 'bench' ? '; autovacuum off on this PostgreSQL, the bench vacuuming in its place' : ''}).`,
    '',
    '| sessions | steps/s | requests/s | worst step p95 (ms) | errors | server CPU | PostgreSQL CPU | generator CPU | generator lag p95 (ms) | load avg | server RSS (MB) | |',
    '|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const s of c.stages) {
    const worst = s.steps.reduce((w, x) => (x.p95 > w.p95 ? x : w), s.steps[0]);
    lines.push(
      `| ${int(s.sessions)} | ${s.steps_per_second} | ${s.requests_per_second} | ${worst ? `${worst.p95} (${worst.step})` : '–'} | ${s.errors} | ${cores(s.server_cpu)} | ${cores(s.postgres_cpu)} | ${cores(s.generator_cpu)} | ${s.generator_lag_p95_ms} | ${s.load_average} | ${s.server_rss_mb ?? '–'} | ${s.passed ? 'pass' : 'FAIL'} |`,
    );
  }
  const at = [...c.stages].reverse().find((s) => s.passed) ?? c.stages[0];
  if (at) {
    lines.push('', `Per step at ${int(at.sessions)} sessions (ms; server time split from its Server-Timing: waiting for a connection, holding connections, the rest):`, '');
    lines.push('| step | n | p50 | p95 | p99 | pool wait | SQL (connections held) | app | errors |', '|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const x of [...at.steps].sort((a, b) => b.p95 - a.p95)) {
      lines.push(`| ${x.step} | ${x.count} | ${x.p50} | ${x.p95} | ${x.p99} | ${x.split.pool} | ${x.split.db} | ${x.split.app} | ${x.errors} |`);
    }
  }
  return lines.join('\n');
}

/** The ladder on one throwaway primary without and with a replica for the heavy reads, stage by stage. */
export function replicaCapacitySection(r: ReplicaCapacityResult): string {
  const lines = [
    `### What a read replica gains (same machine), ${r.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `On a throwaway primary and its streaming standby, both on this machine: **${int(r.primary_only.capacity)}** sessions on the primary alone, **${int(r.with_replica.capacity)}** with the reports and statistics on the replica (it served ${int(r.replica_transactions)} transactions).`,
    '',
    '| sessions | primary alone: worst p95 (ms) | server / PostgreSQL CPU | with replica: worst p95 (ms) | server / PostgreSQL CPU |',
    '|---:|---|---:|---|---:|',
  ];
  const worst = (s: CapacityResult['stages'][number]) => s.steps.reduce((w, x) => (x.p95 > w.p95 ? x : w), s.steps[0]);
  const cell = (s: CapacityResult['stages'][number] | undefined) =>
    s ? [`${worst(s) ? `${worst(s).p95} (${worst(s).step})` : '–'}${s.passed ? '' : ' FAIL'}`, `${cores(s.server_cpu)} / ${cores(s.postgres_cpu)}`] : ['–', '–'];
  const sessions = [...new Set([...r.primary_only.stages, ...r.with_replica.stages].map((s) => s.sessions))].sort((a, b) => a - b);
  for (const n of sessions) {
    lines.push(`| ${int(n)} | ${[...cell(r.primary_only.stages.find((s) => s.sessions === n)), ...cell(r.with_replica.stages.find((s) => s.sessions === n))].join(' | ')} |`);
  }
  return lines.join('\n');
}

export function soakSection(s: SoakResult): string {
  const rss = s.rss_mb.map((m) => m ?? '–').join(', ');
  return [
    `### Soak (PostgreSQL), ${s.date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${int(s.sessions)} sessions for ${s.minutes} minutes: ${s.errors} errors; p95 of the first ten minutes ${s.first_ten_p95} ms, of the last ten ${s.last_ten_p95} ms; ${s.passed ? 'pass' : 'FAIL'}.`,
    `Server RSS per minute (MB): ${rss}; growth over the second half ${s.rss_growth_second_half_mb ?? '–'} MB.`,
    `Every step's p95 per minute (ms): ${s.per_minute.map((m) => m.p95).join(', ')}.`,
  ].join('\n');
}
