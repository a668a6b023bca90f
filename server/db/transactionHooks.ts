// Work that must commit or roll back with whatever a request writes: a hook registered for the current async
// context (AsyncLocalStorage) runs as the last statement of every outermost db.transaction() opened in it.
// The idempotency middleware uses it to mark its key "written" in the same commit as the payment it guards.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

type Hook = (tx: Tx) => Promise<void>;
const hooks = new AsyncLocalStorage<Hook>();

/** Runs `fn` with `hook` applied to the transactions it opens. */
export const withTransactionHook = <T>(hook: Hook, fn: () => Promise<T>): Promise<T> => hooks.run(hook, fn);

/** Wraps db.transaction once per handle; nested tx.transaction() (savepoints) is left alone. */
export function installTransactionHooks(db: Db): Db {
  const transaction = db.transaction.bind(db) as Db['transaction'];
  const hooked: Db['transaction'] = (work, config) => {
    const hook = hooks.getStore();
    if (!hook) return transaction(work, config);
    return transaction(async (tx) => {
      const result = await work(tx);
      await hook(tx);
      return result;
    }, config);
  };
  db.transaction = hooked;
  return db;
}
