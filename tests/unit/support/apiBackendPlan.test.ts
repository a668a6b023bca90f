import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOTH_BACKENDS, backendOfFile, planBackends } from '../../api/backendPlan';

const apiDir = new URL('../../api/', import.meta.url).pathname;
const apiFiles = readdirSync(apiDir).filter((f) => f.endsWith('.test.ts'));

describe('which backends an API test file runs on', () => {
  it('names only files that exist in the both-backends list (a rename would drop one silently)', () => {
    for (const name of BOTH_BACKENDS) expect(existsSync(`${apiDir}${name}`), name).toBe(true);
  });

  it('runs every file on both backends when asked, and on the only one when PostgreSQL is away', () => {
    for (const f of apiFiles) {
      expect(planBackends(`/x/tests/api/${f}`, ['pglite', 'postgres'], 'both')).toEqual(['pglite', 'postgres']);
      expect(planBackends(`/x/tests/api/${f}`, ['pglite'], undefined)).toEqual(['pglite']);
    }
  });

  it('splits the other files over both backends, the same way on every run', () => {
    const split = apiFiles.filter((f) => !BOTH_BACKENDS.has(f));
    const on = (b: string) => split.filter((f) => planBackends(`/a/${f}`, ['pglite', 'postgres'], undefined).join() === b).length;
    expect(on('pglite') + on('postgres')).toBe(split.length);
    // Neither engine is left with a small corner of the API.
    expect(Math.min(on('pglite'), on('postgres'))).toBeGreaterThan(split.length / 3);
    for (const f of split) expect(backendOfFile(`/elsewhere/${f}`)).toBe(backendOfFile(f));
  });

  it('keeps the database-centred files on both', () => {
    expect(planBackends('/x/tests/api/financeConcurrency.test.ts', ['pglite', 'postgres'], undefined)).toEqual(['pglite', 'postgres']);
  });
});
