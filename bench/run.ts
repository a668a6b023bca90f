// `npm run bench [-- postgres|pglite|api|app] [--fresh] [--seconds=3] ...` (bench/args.ts): the API under load
// on PostgreSQL at 100,000 students and PGlite at 10,000 (bench/apiBench.ts), and the app benchmark
// (bench/app/) against the PGlite server. Results go to bench/results/latest.json (a partial run replaces only
// its parts), the Markdown to docs/benchmarks.md and stdout. Never part of `npm test`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from './args';
import { runApiBench } from './apiBench';
import { capacityVerdict, verdicts } from './budgets';
import { ADMIN_URL, ROOT } from './dataset';
import { machine, postgresVersion } from './machine';
import { resultsMarkdown, spliceResults } from './markdown';
import type { AppResult, BenchResults } from './model';
import { demoSignIn, signIn, startServer, type ServerProcess } from './server';
import { pgliteDataset } from './dataset';

type AppBench = { runAppBench(opts: { baseUrl: string }): Promise<{ rows: AppResult['rows'] }> };

const args = parseArgs(process.argv.slice(2));
const log = (line: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
const resultsFile = join(ROOT, 'bench', 'results', 'latest.json');
const docsFile = join(ROOT, 'docs', 'benchmarks.md');
const appModule = join(ROOT, 'bench', 'app', 'index.ts');

const pgVersion = await postgresVersion(ADMIN_URL);
if (args.parts.has('postgres') && pgVersion === null) {
  log(`PostgreSQL at ${ADMIN_URL} is unreachable: its part is skipped.`);
  args.parts.delete('postgres');
}
const readPrevious = (): Partial<BenchResults> => (existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {});
const results: BenchResults = { ...readPrevious(), machine: machine(pgVersion), date: new Date().toISOString() };

async function appBench(server: ServerProcess) {
  if (!existsSync(appModule)) {
    log('bench/app/index.ts is missing: no app benchmark');
    return;
  }
  log(`app benchmark against ${server.baseUrl}`);
  const date = new Date().toISOString();
  try {
    const { runAppBench } = (await import(appModule)) as AppBench;
    const { rows } = await runAppBench({ baseUrl: server.baseUrl });
    results.app = { date, base_url: 'PGlite server', rows };
  } catch (e) {
    // The API figures of this run are kept; the app section says what failed.
    log(`app benchmark failed: ${(e as Error).stack ?? e}`);
    results.app = { date, base_url: 'PGlite server', rows: [], error: (e as Error).message.split('\n')[0] };
  }
}

const common = { fresh: args.fresh, connections: args.connections, seconds: args.seconds, warmupSeconds: args.warmupSeconds, sqlRepeats: args.sqlRepeats, log };
if (args.parts.has('postgres')) {
  results.postgres = await runApiBench({ ...common, backend: 'postgres', scale: { students: args.postgresStudents, seed: args.seed } });
}
const pgliteScale = { students: args.pgliteStudents, seed: args.seed };
if (args.parts.has('pglite')) {
  results.pglite = await runApiBench({ ...common, backend: 'pglite', scale: pgliteScale, whileRunning: args.parts.has('app') ? appBench : undefined });
} else if (args.parts.has('app')) {
  const dataset = await pgliteDataset(pgliteScale, args.fresh, log);
  const server = await startServer(dataset.env);
  try {
    await signIn(server.baseUrl, demoSignIn('DIRECTOR')); // fails early when the data has no demo director
    await appBench(server);
  } finally {
    await server.stop();
  }
}

if (args.parts.has('outbox')) {
  if (pgVersion === null) log('outbox: PostgreSQL is unreachable, not measured');
  else results.outbox = await (await import('./outbox')).runOutboxBench(log);
}

const scale100k = { students: args.postgresStudents, seed: args.seed };
if (args.parts.has('capacity')) {
  if (pgVersion === null) log('capacity: PostgreSQL is unreachable, not measured');
  else {
    const ladder = { scale: scale100k, levels: args.levels, stageSeconds: args.stageSeconds, thinkMs: args.thinkMs, processes: args.processes, log };
    if (args.replica) results.capacity_replica = await (await import('./workload/replicaCapacity')).runReplicaCapacity(ladder);
    else results.capacity = await (await import('./workload/capacity')).runCapacity(ladder);
  }
}
if (args.parts.has('soak')) {
  const sessions = args.soakSessions ?? Math.max(1, Math.round((results.capacity?.capacity ?? readPrevious().capacity?.capacity ?? 0) / 2));
  if (pgVersion === null || sessions < 2) {
    log(pgVersion === null ? 'soak: PostgreSQL is unreachable, not run' : 'soak: no capacity figure yet (run the capacity part first, or pass --sessions=N)');
    process.exitCode = 1;
  }
  else {
    results.soak = await (await import('./workload/soak')).runSoak({ scale: scale100k, sessions, minutes: args.soakMinutes, thinkMs: args.thinkMs, log });
    if (!results.soak.passed) process.exitCode = 1; // `npm run soak` reports the mode failed
  }
}
if (args.parts.has('import')) {
  if (pgVersion === null) log('import: PostgreSQL is unreachable, not measured');
  else results.import = await (await import('./importBench')).runImportBench(log);
}

// The parts this run did not measure are taken from the file as it is now (another run may have written it).
const latest = readPrevious();
if (!args.parts.has('postgres') && latest.postgres) results.postgres = latest.postgres;
if (!args.parts.has('pglite') && latest.pglite) results.pglite = latest.pglite;
if (!args.parts.has('app') && latest.app) results.app = latest.app;
if (!args.parts.has('outbox') && latest.outbox) results.outbox = latest.outbox;
if ((!args.parts.has('capacity') || args.replica) && latest.capacity) results.capacity = latest.capacity;
if ((!args.parts.has('capacity') || !args.replica) && latest.capacity_replica) results.capacity_replica = latest.capacity_replica;
if (!args.parts.has('soak') && latest.soak) results.soak = latest.soak;
if (!args.parts.has('import') && latest.import) results.import = latest.import;
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
const markdown = resultsMarkdown(results);
writeFileSync(docsFile, spliceResults(existsSync(docsFile) ? readFileSync(docsFile, 'utf8') : '# Benchmarks\n', markdown));
console.log(`\n${markdown}\n`);
const all = [...[results.postgres, results.pglite].flatMap((r) => (r ? verdicts(r) : [])), ...(results.capacity ? [capacityVerdict(results.capacity)] : [])];
const appMissed = results.app?.rows.filter((r) => r.ok === false).length ?? 0;
log(`written bench/results/latest.json and docs/benchmarks.md; budgets missed: ${all.filter((v) => !v).length + appMissed} of ${all.length + (results.app?.rows.filter((r) => r.ok !== undefined).length ?? 0)}`);
