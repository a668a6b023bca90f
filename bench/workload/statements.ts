// What each step of the staff workload costs in round trips to PostgreSQL: every step of every role run once,
// against the server over the 100,000-student database, with the SQL trace on (server/db/sqlTrace.ts; BEGIN and
// COMMIT count, as they are round trips too). Prints a table of requests and statements per step and the average
// per step weighted by the role mix (roles.ts), the figure the capacity arithmetic in docs/performance.md uses.
// Writes are real writes (one payment, two markings, two lead moves).
//   node --import tsx bench/workload/statements.ts
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postgresDataset } from '../dataset';
import { startServer } from '../server';
import { discoverStaff } from './discover';
import { ROLE_MIX, ROLE_SCRIPTS, type Req } from './roles';
import type { WorkRole } from './types';

const dir = mkdtempSync(join(tmpdir(), 'markaz-statements-'));
const traceFile = join(dir, 'trace.jsonl');
const log = (line: string) => console.error(line);
const dataset = await postgresDataset({ students: 100_000, seed: 1 }, false, log);
const server = await startServer(dataset.env, { SQL_TRACE_FILE: traceFile, TEST_CLOCK_HEADER: '1' });
type Row = { role: WorkRole; step: string; requests: number; label: string };
const rows: Row[] = [];
try {
  // Six branches: the workload's runs archive the open leads of the first ones, which leaves them no call operator.
  const setup = await discoverStaff(server.baseUrl, { branches: 6, teachersPerBranch: 2, log });
  for (const role of Object.keys(ROLE_SCRIPTS) as WorkRole[]) {
    const actor = setup.actors.find((a) => a.role === role);
    if (!actor) throw new Error(`no ${role} in the workload's staff`);
    for (const [i, step] of ROLE_SCRIPTS[role].entries()) {
      const label = `${role}:${i}`;
      let requests = 0;
      const http = async (req: Req) => {
        requests++;
        const headers: Record<string, string> = { authorization: actor.authorization, 'x-test-now': setup.now, 'x-sql-trace': label, accept: 'application/json' };
        if (req.body !== undefined) headers['content-type'] = 'application/json';
        if (req.idempotencyKey) headers['idempotency-key'] = req.idempotencyKey;
        const res = await fetch(server.baseUrl + req.path, { method: req.method, headers, body: req.body === undefined ? undefined : JSON.stringify(req.body) });
        if (!res.ok) throw new Error(`${step.name}: ${req.method} ${req.path} answered ${res.status}`);
        return { status: res.status, body: await res.json().catch(() => null) };
      };
      await step.run({ actor, http, month: setup.month, pick: (xs) => xs[0], random: () => 0.5 });
      rows.push({ role, step: step.name, requests, label });
    }
  }
} finally {
  await server.stop();
}
const statements = new Map<string, number>();
for (const line of readFileSync(traceFile, 'utf8').split('\n').filter(Boolean)) {
  const { label } = JSON.parse(line) as { label: string };
  statements.set(label, (statements.get(label) ?? 0) + 1);
}
rmSync(dir, { recursive: true, force: true });

console.log('| role | step | requests | statements |\n|---|---|---|---|');
for (const r of rows) console.log(`| ${r.role} | ${r.step} | ${r.requests} | ${statements.get(r.label) ?? 0} |`);
// Each role's sessions go round their script, so a role's steps are equally frequent within it.
let weighted = 0;
for (const role of Object.keys(ROLE_SCRIPTS) as WorkRole[]) {
  const own = rows.filter((r) => r.role === role);
  weighted += (ROLE_MIX[role] / 100) * (own.reduce((sum, r) => sum + (statements.get(r.label) ?? 0), 0) / own.length);
}
console.log(`\nStatements per step, weighted by the role mix: ${weighted.toFixed(2)}`);
