// The node-postgres pool of the server, made safe against connections that drop while a request uses them
// (pg_terminate_backend, a database restart, a network cut):
// - every client has an 'error' listener for its whole life. pg-pool listens only while a client is idle, so a
//   checked-out client whose socket died emitted an unhandled 'error' and ended the process. The query in flight
//   rejects with the same error, which the request answers 503 (handleError).
// - a checked-out client that loses its connection is given back to the pool at once, with the error, so the pool
//   closes it and frees its slot. drizzle-orm 0.45 runs BEGIN outside the try/finally that releases the client
//   (drizzle-team/drizzle-orm#6241): a BEGIN that fails on a dropped connection leaked the client, and ten such
//   leaks left the pool empty, every request then waiting for a connection that never came. The holder's own
//   release afterwards is a no-op.
import pg from 'pg';
import { describeErrorBriefly } from '../log/redact';
import { currentRequestTimes, timeCheckout } from './requestTiming';

type ConnectCallback = Parameters<pg.Pool['connect']> extends [infer C] ? C : never;

/** Returns the checked-out client to the pool (closed) as soon as its connection fails; a later release is a no-op. */
function releaseWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const lost = (err: Error) => {
    if (released) return;
    released = true;
    release(err);
  };
  client.once('error', lost);
  client.release = (err?: Error | boolean) => {
    client.removeListener('error', lost);
    if (released) return;
    released = true;
    release(err);
  };
  return client;
}

class GuardedPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  // biome-ignore lint/suspicious/noConfusingVoidType: the implementation of pg's two overloads (promise, or callback and nothing)
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    // Captured now: the pool may hand the client out from another request's async context.
    const times = currentRequestTimes();
    const askedAt = performance.now();
    // pool.query() checks out through the callback form and guards its client itself.
    if (callback) {
      if (!times) return super.connect(callback);
      return super.connect((err, client, done) => callback(err, client ? timeCheckout(times, askedAt, client) : client, done));
    }
    return super.connect().then((client) => releaseWhenLost(times ? timeCheckout(times, askedAt, client) : client));
  }
}

export function createPool(config: pg.PoolConfig): pg.Pool {
  const pool = new GuardedPool(config);
  pool.on('connect', (client) => client.on('error', (err) => console.error('PostgreSQL connection lost:', describeErrorBriefly(err))));
  // An idle client's failure is also emitted on the pool (without a listener it would end the process); the
  // client's own listener above has logged it.
  pool.on('error', () => {});
  return pool;
}
