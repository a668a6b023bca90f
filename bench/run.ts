// `npm run bench`: the server's timing benchmarks, printed as a Markdown table and kept in bench/results/.
// PostgreSQL (127.0.0.1:5432, or BENCH_DATABASE_URL) is skipped with a note when it cannot be reached.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchStudentList, STUDENTS_PER_BRANCH, type Backend, type Timing } from './studentList';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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

const backends: Backend[] = ['pglite'];
if (await postgresReachable()) backends.push('postgres');
else console.error(`PostgreSQL at ${ADMIN_URL} is unreachable: PGlite only.`);

const timings: Timing[] = [];
for (const backend of backends) timings.push(...(await benchStudentList(backend)));

console.log(`\nGET /api/students/ with ${STUDENTS_PER_BRANCH} students in the branch (100 requests each, in-process app.request):\n`);
console.log(markdown(timings));
const dir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(
  `${dir}students.json`,
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, students_per_branch: STUDENTS_PER_BRANCH, timings }, null, 2)}\n`,
);
console.log(`\nWritten to bench/results/students.json`);
