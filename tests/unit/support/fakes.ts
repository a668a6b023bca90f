// Small fakes shared by unit and model tests: an in-memory Storage, unsigned JWTs with a chosen exp, deferreds.
import { fromPromise } from 'xstate';
import { createSessionStore } from '../../../src/lib/sessionStore';

export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.has(key) ? (this.map.get(key) as string) : null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
  entries(): Record<string, string> {
    return Object.fromEntries(this.map);
  }
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** An unsigned JWT whose exp is `secondsFromNow` away; `tag` makes two tokens with the same exp differ. */
export function fakeJwt(secondsFromNow: number, tag = ''): string {
  const payload = { sub: '1', exp: Math.floor(Date.now() / 1000) + secondsFromNow, tag };
  return `${base64url('{"alg":"none","typ":"JWT"}')}.${base64url(JSON.stringify(payload))}.sig`;
}

export const validToken = (tag = '') => fakeJwt(15 * 60, tag);
export const expiredToken = (tag = '') => fakeJwt(-60, tag);

export function memoryStores() {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const store = createSessionStore(
    () => local,
    () => session,
  );
  return { local, session, store };
}

export type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets pending promise callbacks (and the actor events they send) run. */
export async function flush(times = 5): Promise<void> {
  for (let i = 0; i < times; i++) await new Promise((r) => setTimeout(r, 0));
}

/**
 * Fake request actors for a machine's moves that hold their answer until the test gives it: `fake(move)` is the
 * actor of one move, and every call is kept in `calls` with its move, input and answer.
 */
export function heldMoves<M extends string, I>() {
  const calls: { move: M; input: I; answer: Deferred<unknown> }[] = [];
  const fake = (move: M) =>
    fromPromise<unknown, I>(({ input }) => {
      const answer = deferred<unknown>();
      calls.push({ move, input, answer });
      return answer.promise;
    });
  return { calls, fake };
}
