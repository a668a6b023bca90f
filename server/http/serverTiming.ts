// With REQUEST_TIMING=1 every response says where its time went, in a Server-Timing header: `pool` (waiting for
// a PostgreSQL connection), `db` (connections held: SQL round trips), `app` (the rest: the server's own work and
// its turn on the event loop) and `total`. The capacity benchmark sums them per workload step.
import type { MiddlewareHandler } from 'hono';
import { withRequestTimes } from '../db/requestTiming';

const ms = (n: number) => n.toFixed(2);

export function serverTiming(): MiddlewareHandler {
  return async (c, next) => {
    const start = performance.now();
    const { times, result } = withRequestTimes(() => next());
    await result;
    const total = performance.now() - start;
    const app = Math.max(0, total - times.poolWaitMs - times.connectionMs);
    c.header('Server-Timing', `pool;dur=${ms(times.poolWaitMs)}, db;dur=${ms(times.connectionMs)}, app;dur=${ms(app)}, total;dur=${ms(total)}`);
  };
}
