// Which backends an API test file runs on. Every file runs on both PGlite and PostgreSQL in `npm run soak`
// (API_BACKENDS=both). In `npm test` the files whose subject is the database itself (drivers, numbers at their
// limits, concurrency, faults, backups, the simulation, the fuzzer and its findings) run on both, and every other file on one
// backend picked by its name, so each area of the API meets both engines across the suite while CI stays under
// its time budget (docs/decisions.md, "API tests on one backend per file").
import { basename } from 'node:path';

export type Backend = 'pglite' | 'postgres';

/** Files that run on every available backend, whatever the mode. */
export const BOTH_BACKENDS = new Set([
  'backup.test.ts',
  'demoHealth.test.ts',
  'faultsConnection.test.ts',
  'faultsCrash.test.ts',
  'faultsDrops.test.ts',
  'chargesConcurrency.test.ts',
  'studentCountsKept.test.ts',
  'firstJoined.test.ts',
  'financeConcurrency.test.ts',
  'financeIdempotency.test.ts',
  'fuzz.test.ts',
  'fuzzFindings.test.ts',
  'moneyLimits.test.ts',
  'moneySums.test.ts',
  'parentMessagesOutbox.test.ts',
  'paymentsClick.test.ts',
  'paymentsPayme.test.ts',
  'paymentsReconciliation.test.ts',
  'parentMessages.test.ts',
  'publicLeads.test.ts',
  'imports.test.ts',
  'monthInTheLife.test.ts',
  'scaleSeed.test.ts',
  'setup.test.ts',
  'serverKeepAlive.test.ts',
]);

/** A stable choice per file name (FNV-1a), so a file keeps its backend from run to run. */
export function backendOfFile(file: string): Backend {
  let h = 0x811c9dc5;
  for (const ch of basename(file)) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h % 2 === 0 ? 'pglite' : 'postgres';
}

/** The backends `file` runs on, given those available and the mode (`both`, or the default `split`). */
export function planBackends(file: string, available: readonly Backend[], mode: string | undefined): Backend[] {
  if (available.length < 2 || mode === 'both' || BOTH_BACKENDS.has(basename(file))) return [...available];
  return [backendOfFile(file)];
}
