import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { financeWriteMachine, selectCanRetry, selectFieldErrors, selectMessage, selectSubmitting, WRITE_MESSAGES } from '../../../machines/financeWrite';

/**
 * A sale or an award from its dialog, run by the financeWrite statechart (editing → submitting → done | failed):
 * the Idempotency-Key is made on the first submit and kept for a retry of the same action; a 409 (out of stock, not
 * enough coins) shows the server's message and waits for an edit. The dialog sends `submit(body)` and `edit(field)`.
 */
export function useCoinWrite<B, R>(write: (body: B, key: string) => Promise<R>, onDone: (result: R) => void) {
  const writeRef = useRef(write);
  writeRef.current = write;
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  const [machine] = useState(() => financeWriteMachine.provide({ actors: { write: fromPromise(({ input }) => writeRef.current(input.body as B, input.key)) } }));
  const actor = useActorRef(machine);
  useEffect(() => {
    const sub = actor.on('write.done', (e) => doneRef.current(e.result as R));
    return () => sub.unsubscribe();
  }, [actor]);
  const message = useSelector(actor, selectMessage);
  return {
    submitting: useSelector(actor, selectSubmitting),
    fieldErrors: useSelector(actor, selectFieldErrors),
    /** The server's message as sent (already in the interface language), or one of ours as an i18n key. */
    message: message === WRITE_MESSAGES.failed ? 'shop.write.failed' : message === WRITE_MESSAGES.conflict ? 'shop.write.conflict' : message,
    canRetry: useSelector(actor, selectCanRetry),
    submit: (body: B) => actor.send({ type: 'form.submit', body }),
    edit: (field?: string) => actor.send({ type: 'form.edit', field }),
    retry: () => actor.send({ type: 'write.retry' }),
  };
}
