import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  financeWriteMachine,
  selectCanRetry,
  selectDone,
  selectFieldErrors,
  selectMessage,
  selectResult,
  selectSubmitting,
} from '../../machines/financeWrite';

/**
 * One financeWrite statechart for a dialog, posting with `write(body, key)`. The dialog sends `submit(body)` when
 * its form is valid and `edit(field)` on every change; it reads the state through the returned values.
 */
export function useFinanceWrite<B, R = unknown>(write: (body: B, key: string) => Promise<R>, onDone?: (result: R) => void) {
  const writeRef = useRef(write);
  writeRef.current = write;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  // The machine is built once: the request reads the latest `write` through the ref.
  const [machine] = useState(() =>
    financeWriteMachine.provide({ actors: { write: fromPromise(({ input }) => writeRef.current(input.body as B, input.key)) } }),
  );
  const actor = useActorRef(machine);
  useEffect(() => {
    const sub = actor.on('write.done', (e) => doneRef.current?.(e.result as R));
    return () => sub.unsubscribe();
  }, [actor]);
  return {
    actor,
    submitting: useSelector(actor, selectSubmitting),
    done: useSelector(actor, selectDone),
    fieldErrors: useSelector(actor, selectFieldErrors),
    message: useSelector(actor, selectMessage),
    canRetry: useSelector(actor, selectCanRetry),
    result: useSelector(actor, selectResult) as R | null,
    submit: (body: B) => actor.send({ type: 'form.submit', body }),
    edit: (field?: string) => actor.send({ type: 'form.edit', field }),
    retry: () => actor.send({ type: 'write.retry' }),
  };
}

export type FinanceWrite = ReturnType<typeof useFinanceWrite>;
