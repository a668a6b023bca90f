// `npm test`: every test layer in order (lint, types, unit + model, API on PGlite and PostgreSQL, build, e2e in chromium).
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => `node_modules/.bin/${name}`;
const steps = [
  ['lint', bin('biome'), ['lint', '--error-on-warnings']],
  ['types', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['unit + model + api', bin('vitest'), ['run']],
  ['build', 'npm', ['run', 'build']],
  ['e2e', bin('playwright'), ['test']],
];

const results = [];
for (const [name, cmd, args] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  const ok = r.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  // Later layers depend on a build; stop at the first broken layer so the failure is the last thing printed.
  if (!ok) break;
}
console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s)`);
process.exit(results.every((r) => r.ok) && results.length === steps.length ? 0 : 1);
