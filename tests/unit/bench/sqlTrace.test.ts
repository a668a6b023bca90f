import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const load = async (file: string | undefined) => {
  vi.resetModules();
  if (file === undefined) delete process.env.SQL_TRACE_FILE;
  else process.env.SQL_TRACE_FILE = file;
  return import('../../../server/db/sqlTrace');
};

afterEach(() => {
  delete process.env.SQL_TRACE_FILE;
  vi.resetModules();
});

describe('SQL trace', () => {
  it('is absent when SQL_TRACE_FILE is unset: no logger, fetch unwrapped', async () => {
    const { sqlTraceLogger, withSqlTrace } = await load(undefined);
    const fetch = (_r: Request) => 'ok';
    expect(sqlTraceLogger).toBeUndefined();
    expect(withSqlTrace(fetch)).toBe(fetch);
  });

  it('writes the statements of a labelled request only, with their parameters', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sqltrace-')), 'trace.jsonl');
    const { sqlTraceLogger, withSqlTrace, SQL_TRACE_HEADER } = await load(file);
    const fetch = withSqlTrace(async (request: Request) => {
      await Promise.resolve();
      sqlTraceLogger!.logQuery('select $1', [new URL(request.url).pathname]);
      return 'done';
    });
    await fetch(new Request('http://x/api/untraced/'));
    expect(existsSync(file)).toBe(false);
    expect(await fetch(new Request('http://x/api/students/', { headers: { [SQL_TRACE_HEADER]: 'students' } }))).toBe('done');
    sqlTraceLogger!.logQuery('select 2', []); // outside any request: a job's statement
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([{ label: 'students', sql: 'select $1', params: ['/api/students/'] }]);
  });
});
