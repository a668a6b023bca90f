// Opt-in SQL trace for the API benchmark: with SQL_TRACE_FILE set, a request carrying an `x-sql-trace: <label>`
// header has every statement it runs (text and parameters) appended to that file as one JSON line with the label.
// Off (the default), the logger is absent and fetch is returned unwrapped: nothing is added to a request.
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import type { Logger } from 'drizzle-orm';

export const SQL_TRACE_HEADER = 'x-sql-trace';
/** One traced statement, as written to the trace file. */
export type TracedStatement = { label: string; sql: string; params: unknown[] };

const traceFile = process.env.SQL_TRACE_FILE?.trim() || undefined;
const requestLabel = new AsyncLocalStorage<string>();

/** The drizzle logger writing traced statements, or undefined (drizzle's no-op logger) when tracing is off. */
export const sqlTraceLogger: Logger | undefined = traceFile
  ? {
      logQuery(sql, params) {
        const label = requestLabel.getStore();
        if (label) appendFileSync(traceFile, `${JSON.stringify({ label, sql, params } satisfies TracedStatement)}\n`);
      },
    }
  : undefined;

/** `fetch` itself when tracing is off; else requests with the trace header run with their label in scope. */
export function withSqlTrace<F extends (request: Request, ...rest: never[]) => unknown>(fetch: F): F {
  if (!traceFile) return fetch;
  return ((request: Request, ...rest: never[]) => {
    const label = request.headers.get(SQL_TRACE_HEADER);
    return label ? requestLabel.run(label, () => fetch(request, ...rest)) : fetch(request, ...rest);
  }) as F;
}
