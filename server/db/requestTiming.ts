// Opt-in time accounting per request (REQUEST_TIMING=1; the capacity benchmark reads it, docs/performance.md):
// how long a request waited for a pooled PostgreSQL connection and how long it held connections (its SQL round
// trips, and the work between a transaction's statements). Off, no store is entered and the pool measures nothing.
import { AsyncLocalStorage } from 'node:async_hooks';

export type RequestTimes = {
  /** Waiting for the pool to hand out a connection, summed over the request's checkouts (ms). */
  poolWaitMs: number;
  /** Connections held, summed (two statements side by side count twice) (ms). */
  connectionMs: number;
  checkouts: number;
};

const store = new AsyncLocalStorage<RequestTimes>();

/** Runs `fn` with a fresh accumulator in scope; the accumulator is filled as the request runs. */
export function withRequestTimes<T>(fn: () => T): { times: RequestTimes; result: T } {
  const times: RequestTimes = { poolWaitMs: 0, connectionMs: 0, checkouts: 0 };
  return { times, result: store.run(times, fn) };
}

/** The accumulator of the request in scope, or undefined (timing off, or outside a request: jobs). */
export const currentRequestTimes = (): RequestTimes | undefined => store.getStore();

/** Counts a checkout's wait now, and its holding time when the client is released. */
export function timeCheckout<C extends { release: (err?: Error | boolean) => void }>(times: RequestTimes, askedAt: number, client: C): C {
  const gotAt = performance.now();
  times.poolWaitMs += gotAt - askedAt;
  times.checkouts++;
  const release = client.release;
  client.release = (err?: Error | boolean) => {
    times.connectionMs += performance.now() - gotAt;
    client.release = release;
    release.call(client, err);
  };
  return client;
}
