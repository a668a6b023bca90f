// The one way a view writes (issue 16): a financeWrite statechart per dialog or button, which keeps the pending
// state, sends one Idempotency-Key per user action (reused when the same body is sent again after a lost answer,
// so money is never booked twice; other endpoints ignore it), and on success shows the toast and calls onDone.
// A 400's field messages go under the form's own fields (TanStack Form's server error, cleared by the next edit);
// the rest — a detail, another field's message, a 409, no answer — is the message above the buttons.
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { useActors } from '../../app/hooks';
import { useMachineActor } from '../../app/useMachineActor';
import { useT } from '../../i18n';
import { PLAIN_MESSAGES, placeFieldErrors, writeMessage, type WriteForm } from './writeErrors';
import { connectFinanceWrite, financeWriteMachine, WRITE_MESSAGES } from '../../machines/financeWrite';

export type { WriteForm };

export type WriteOptions<R, B = unknown> = {
  /** The success toast, an i18n key (or one chosen by what was sent: "archived" or "restored"). */
  success?: string | ((body: B) => string);
  /** Values for the success toast's text (`{ name }` in "«{{name}}» archived"). */
  successValues?: Record<string, unknown>;
  onDone?: (result: R) => void;
  /** Server field names that differ from the form's (`{ to_casher: 'to' }`). */
  fieldNames?: Record<string, string>;
  /**
   * A write without a form (a button, a file input): its failure is a toast, in these words unless the server sent
   * its own (its detail, else the first field message: "the photo is too large").
   */
  failureToast?: string;
  /** The messages for no answer and for a refusal without words: money writes say the money is safe. */
  messages?: { failed: string; conflict: string };
  /** A failure the view shows itself (the same phone already on file): true keeps the message and retry away. */
  handle?: (error: unknown) => boolean;
  /** A write made again and again from one place (a row's archive toggle): each success starts a fresh action. */
  repeatable?: boolean;
};

/**
 * One write, posted with `request(body, key)`. The form calls `submit(body, formApi)` from its onSubmit and spreads
 * `listeners` into its options, so that an edit after a failure starts a new action.
 */
export function useWrite<B, R = unknown>(request: (body: B, key: string) => Promise<R>, options: WriteOptions<R, B> = {}) {
  const { toast } = useActors();
  const { t } = useT();
  const requestRef = useRef(request);
  requestRef.current = request;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const formRef = useRef<WriteForm | null>(null);
  // The machine is built once: the request reads the latest `request` through the ref.
  const [handled, setHandled] = useState(false);
  const handledRef = useRef(false);
  const [machine] = useState(() =>
    financeWriteMachine.provide({
      actors: {
        write: fromPromise(async ({ input }) => {
          try {
            return await requestRef.current(input.body as B, input.key);
          } catch (error) {
            handledRef.current = optionsRef.current.handle?.(error) ?? false;
            setHandled(handledRef.current);
            throw error;
          }
        }),
      },
    }),
  );
  const actor = useMachineActor(machine);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  useEffect(() => {
    const sub = actor.on('write.done', (e) => {
      const { success, successValues, onDone, repeatable } = optionsRef.current;
      const body = actor.getSnapshot().context.body as B;
      if (success) toast.send({ type: 'toast.show', severity: 'success', message: typeof success === 'function' ? success(body) : success, values: successValues });
      onDone?.(e.result as R);
      if (repeatable) actor.send({ type: 'write.again' });
    });
    return () => sub.unsubscribe();
  }, [actor, toast]);
  useEffect(() => {
    let sending = false;
    const sub = actor.subscribe((snapshot) => {
      const { failureToast } = optionsRef.current;
      const now = snapshot.matches('submitting');
      if (sending && !now && !snapshot.matches('done') && failureToast && !handledRef.current) {
        const own = snapshot.context.message;
        const field = Object.values(snapshot.context.fieldErrors).find(Boolean);
        const words = own && own !== WRITE_MESSAGES.failed && own !== WRITE_MESSAGES.conflict ? own : (field ?? failureToast);
        toast.send({ type: 'toast.show', severity: 'error', message: words });
      }
      sending = now;
    });
    return () => sub.unsubscribe();
  }, [actor, toast]);
  const fieldErrors = useSelector(actor, (s) => connectFinanceWrite(s).fieldErrors);
  useEffect(() => {
    const form = formRef.current;
    const errors = Object.entries(fieldErrors);
    // Without a form (a dialog still wired by hand) the dialog shows `fieldErrors` under its fields itself.
    setUnplaced(form && errors.length ? placeFieldErrors(form, fieldErrors, optionsRef.current.fieldNames) : []);
  }, [fieldErrors]);
  const message = useSelector(actor, (s) => connectFinanceWrite(s).message);
  const edit = (field?: string) => actor.send({ type: 'form.edit', field });
  return {
    actor,
    submitting: useSelector(actor, (s) => connectFinanceWrite(s).submitting),
    /** What is being sent, while it is (the row whose toggle spins). */
    pending: useSelector(actor, (s) => connectFinanceWrite(s).sending as B | null),
    done: useSelector(actor, (s) => connectFinanceWrite(s).done),
    /** In words: ours translated, the server's as sent. */
    message: handled ? null : writeMessage(message, unplaced, options.messages ?? PLAIN_MESSAGES, t),
    canRetry: useSelector(actor, (s) => connectFinanceWrite(s).canRetry) && !handled,
    /** The server refused (409): sending the same again would be refused again. */
    refused: useSelector(actor, (s) => connectFinanceWrite(s).refused),
    /** The 400's field messages by the server's names (placed on the form's fields when it was given to submit). */
    fieldErrors,
    result: useSelector(actor, (s) => connectFinanceWrite(s).result) as R | null,
    submit: (body: B, form?: WriteForm) => {
      if (form) formRef.current = form;
      handledRef.current = false;
      setHandled(false);
      actor.send({ type: 'form.submit', body });
    },
    edit,
    retry: () => actor.send({ type: 'write.retry' }),
    again: () => actor.send({ type: 'write.again' }),
    /** For the form's options: every change is an edit of the action. */
    listeners: { onChange: ({ fieldApi }: { fieldApi: { name: string } }) => edit(fieldApi.name) },
  };
}

export type Write = ReturnType<typeof useWrite>;

