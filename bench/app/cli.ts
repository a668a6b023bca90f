// `node --import tsx bench/app/cli.ts --base-url http://127.0.0.1:3000 [--dist dist] [--runs 3] [--cpu 4]`:
// runs the app benchmark against a running server and writes bench/results/app.json and the table of
// docs/benchmarks-app.md (between its app-bench markers).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { runAppBench } from './index';
import { markdownRows, replaceBetweenMarkers } from './markdown';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:3000' },
    dist: { type: 'string' },
    runs: { type: 'string', default: '3' },
    cpu: { type: 'string', default: '4' },
  },
});

const root = fileURLToPath(new URL('../../', import.meta.url));
const result = await runAppBench({ baseUrl: values['base-url']!, distDir: values.dist, runs: Number(values.runs), cpuThrottle: Number(values.cpu) });
const machine = (result.details as { machine: { cores: number; loadAverage1m: { before: number; after: number } } }).machine;
const load = `${machine.loadAverage1m.before.toFixed(1)} → ${machine.loadAverage1m.after.toFixed(1)}`;
const table = `${markdownRows(result.rows)}\n\n${new Date().toISOString().slice(0, 16)}Z, ${machine.cores} cores, 1-minute load average ${load} during the run.`;
console.log(table);

mkdirSync(`${root}bench/results`, { recursive: true });
writeFileSync(`${root}bench/results/app.json`, `${JSON.stringify(result, null, 2)}\n`);
const doc = `${root}docs/benchmarks-app.md`;
const before = existsSync(doc) ? readFileSync(doc, 'utf8') : '# App speed budgets\n\n';
writeFileSync(doc, replaceBetweenMarkers(before, table));
console.log('\nWritten to bench/results/app.json and docs/benchmarks-app.md');
const failed = result.rows.filter((r) => r.ok === false);
if (failed.length) console.log(`\nOver budget or not a lazy chunk: ${failed.map((r) => r.name).join('; ')}`);
