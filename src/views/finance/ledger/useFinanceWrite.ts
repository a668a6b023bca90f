import { useSelector } from '@xstate/react';
import { useMachineActor } from '../../../app/useMachineActor';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { connectFinanceWrite, financeWriteMachine } from '../../../machines/financeWrite';

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
  const actor = useMachineActor(machine);
  useEffect(() => {
    const sub = actor.on('write.done', (e) => doneRef.current?.(e.result as R));
    return () => sub.unsubscribe();
  }, [actor]);
  return {
    actor,
    submitting: useSelector(actor, (s) => connectFinanceWrite(s).submitting),
    done: useSelector(actor, (s) => connectFinanceWrite(s).done),
    fieldErrors: useSelector(actor, (s) => connectFinanceWrite(s).fieldErrors),
    message: useSelector(actor, (s) => connectFinanceWrite(s).message),
    canRetry: useSelector(actor, (s) => connectFinanceWrite(s).canRetry),
    result: useSelector(actor, (s) => connectFinanceWrite(s).result) as R | null,
    submit: (body: B) => actor.send({ type: 'form.submit', body }),
    edit: (field?: string) => actor.send({ type: 'form.edit', field }),
    retry: () => actor.send({ type: 'write.retry' }),
  };
}

export type FinanceWrite = ReturnType<typeof useFinanceWrite>;
