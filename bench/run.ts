// `npm run bench [-- students|finance]`: the server's timing benchmarks, printed as Markdown tables and kept in
// bench/results/. PostgreSQL (127.0.0.1:5432, or BENCH_DATABASE_URL) is skipped with a note when unreachable.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchFinanceEntries, LEDGER_ENTRIES } from './financeEntries';
import { ADMIN_URL, type Backend, type Timing } from './harness';
import { benchStudentList, STUDENTS_PER_BRANCH } from './studentList';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function markdown(rows: Timing[]): string {
  const lines = [
    '| backend | request | count | rows | p50 ms | p95 ms | max ms |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.backend} | ${r.scenario} | ${r.count} | ${r.rows} | ${r.p50_ms} | ${r.p95_ms} | ${r.max_ms} |`),
  ];
  return lines.join('\n');
}

const BENCHES = {
  students: { title: `GET /api/students/ with ${STUDENTS_PER_BRANCH} students in the branch`, run: benchStudentList, size: { students_per_branch: STUDENTS_PER_BRANCH } },
  finance: { title: `GET /api/finance/... with ${LEDGER_ENTRIES} ledger entries in the branch`, run: benchFinanceEntries, size: { ledger_entries: LEDGER_ENTRIES } },
} as const;
type BenchName = keyof typeof BENCHES;

const asked = process.argv.slice(2).filter((a): a is BenchName => a in BENCHES);
const names: BenchName[] = asked.length ? asked : (Object.keys(BENCHES) as BenchName[]);

const backends: Backend[] = ['pglite'];
if (await postgresReachable()) backends.push('postgres');
else console.error(`PostgreSQL at ${ADMIN_URL} is unreachable: PGlite only.`);

const dir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(dir, { recursive: true });
for (const name of names) {
  const bench = BENCHES[name];
  const timings: Timing[] = [];
  for (const backend of backends) timings.push(...(await bench.run(backend)));
  console.log(`\n${bench.title} (100 requests each, in-process app.request):\n`);
  console.log(markdown(timings));
  writeFileSync(`${dir}${name}.json`, `${JSON.stringify({ date: new Date().toISOString(), node: process.version, ...bench.size, timings }, null, 2)}\n`);
  console.log(`\nWritten to bench/results/${name}.json`);
}
