// `npm run soak`: the long runs kept out of `npm test`, one after another, each a vitest run with its own
// environment. SOAK_MODES=fuzz,... picks some (default: all); FUZZ_SEED and the other variables pass through.
//   fuzz: the API fuzzer (tests/api/fuzz.test.ts) at 20,000 requests (SOAK_FUZZ_RUNS to change), split over
//         PGlite and PostgreSQL.
//   crash: the SIGKILL test (tests/api/faultsCrash.test.ts) with 10 kills of 500 writes per backend
//          (CRASH_KILLS and CRASH_WRITES to change).
//   month: the month-in-the-life simulation (tests/api/monthInTheLife.test.ts) at 4 runs of 500 days per backend
//          (SIM_DAYS, SIM_RUNS and SIM_SEED pass through; SOAK_SIM_DAYS / SOAK_SIM_RUNS to change the default).
//   drops: the PostgreSQL connection-drop test (tests/api/faultsDrops.test.ts) with 120 s of terminated backends
//          instead of 6 (DROPS_SECONDS to change).
//   backends: every API test file on both PGlite and PostgreSQL (`npm test` runs most files on one of them,
//          tests/api/backendPlan.ts).
//   workload: the staff workload for an hour at half the capacity figure on PostgreSQL at 100,000 students
//          (`npm run bench -- soak`, bench/workload/soak.ts): memory per minute, first against last ten minutes.
//          SOAK_MINUTES and SOAK_SESSIONS to change. Needs the capacity figure (`npm run bench -- capacity`) or
//          SOAK_SESSIONS.
//   import: the move-in import of a file of 20,000 students on PostgreSQL (`npm run bench -- import`), which checks
//          that every row was previewed as new and committed with its opening balance.
//   crawl: the page crawl (tests/e2e/everyPage/) in full: axe-core in every language and window (`npm test`
//          runs axe in Uzbek only) and the English crawls (`npm test` leaves them out). Builds the app first.
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

/** A long mode: the test files it runs and the variables that make them long. */
const MODES = {
  fuzz: { files: ['tests/api/fuzz.test.ts'], env: { FUZZ_RUNS: process.env.SOAK_FUZZ_RUNS ?? '20000' } },
  crash: { files: ['tests/api/faultsCrash.test.ts'], env: { SOAK: '1' } },
  drops: { files: ['tests/api/faultsDrops.test.ts'], env: { SOAK: '1' } },
  backends: { files: ['--project', 'api'], env: { API_BACKENDS: 'both' } },
  crawl: { build: true, runner: 'node_modules/.bin/playwright', files: ['tests/e2e/everyPage/'], env: { CRAWL: 'full' } },
  workload: {
    runner: process.execPath,
    args: ['--import', 'tsx', 'bench/run.ts', 'soak', `--minutes=${process.env.SOAK_MINUTES ?? '60'}`, ...(process.env.SOAK_SESSIONS ? [`--sessions=${process.env.SOAK_SESSIONS}`] : [])],
    files: [],
    env: {},
  },
  import: { runner: process.execPath, args: ['--import', 'tsx', 'bench/run.ts', 'import'], files: [], env: {} },
  month: {
    files: ['tests/api/monthInTheLife.test.ts'],
    env: { SIM_DAYS: process.env.SIM_DAYS ?? process.env.SOAK_SIM_DAYS ?? '500', SIM_RUNS: process.env.SIM_RUNS ?? process.env.SOAK_SIM_RUNS ?? '4' },
  },
};

const wanted = (process.env.SOAK_MODES ?? Object.keys(MODES).join(','))
  .split(',')
  .map((m) => m.trim())
  .filter(Boolean);
const unknown = wanted.filter((m) => !(m in MODES));
if (unknown.length) {
  console.error(`Unknown soak mode(s): ${unknown.join(', ')}. Known: ${Object.keys(MODES).join(', ')}`);
  process.exit(2);
}

const results = [];
for (const name of wanted) {
  const mode = MODES[name];
  const started = Date.now();
  console.log(`\n▶ soak ${name}: ${(mode.args ?? mode.files).join(' ')} ${Object.entries(mode.env).map(([k, v]) => `${k}=${v}`).join(' ')}`);
  if (mode.build && spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) {
    results.push({ name, ok: false, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    continue;
  }
  const runner = mode.runner ?? 'node_modules/.bin/vitest';
  const args = mode.args ?? [runner.endsWith('vitest') ? 'run' : 'test', ...mode.files];
  const r = spawnSync(runner, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...mode.env },
  });
  results.push({ name, ok: r.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}
console.log('\nSoak summary');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
