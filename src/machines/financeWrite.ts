// One money write (a payment, an expense, a handover, a reversal, a shift close) from its dialog:
//   editing → (form.submit) submitting (invoke `write` with the body and an Idempotency-Key) → done | failed.
// The key is created when the user first submits and kept for every resend of that same action: `write.retry`
// (and a submit of the unchanged form) after a lost answer replays the server's first answer instead of paying
// twice. Changing the form after a failure (`form.edit`) or submitting a different body makes a new key, since the
// server refuses one key with two bodies (422).
// Failures: a 400 with field messages goes back to editing with them under their fields; a 409 (not enough money,
// an archived cashier, an entry already reversed) shows the server's message and waits for an edit (a resend with
// the same key would only replay the refusal); anything else (no answer, 5xx) shows a message and offers a retry.
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { ApiError } from '../api/errors';
import { newIdempotencyKey } from '../api/idempotency';

export type WriteInput = { body: unknown; key: string };

export type FinanceWriteEvent =
  /** The user sends the form; `body` is the request body, already checked by the form. */
  | { type: 'form.submit'; body: unknown }
  /** The user changed a field (after a failure this starts a new action with a new key). */
  | { type: 'form.edit'; field?: string }
  | { type: 'write.retry' }
  /** Another write from the same dialog after a success (a fresh action). */
  | { type: 'write.again' };

export type FinanceWriteEmitted = { type: 'write.done'; result: unknown };

export type WriteFailure = 'invalid' | 'conflict' | 'failed';

type Context = {
  /** The body of the current action (the last one sent). */
  body: unknown;
  /** The Idempotency-Key of the current action; null until the first submit and after an edit of a failed one. */
  key: string | null;
  /** Field messages of a 400, first message per field (already translated by the server). */
  fieldErrors: Record<string, string>;
  /** The message to show above the buttons: the server's detail or an i18n key. */
  message: string | null;
  failure: WriteFailure | null;
  /** The server's answer after a success (a shift close's difference, the new entry). */
  result: unknown;
};

// Neutral words (the common namespace, loaded everywhere): the view's write helper puts its own in their place
// (views/common/useWrite: a money write says the money is not booked twice).
export const WRITE_MESSAGES = { failed: 'common.form.failed', conflict: 'common.form.conflict' } as const;

/** Same JSON: the same action (key order of plain objects from one form is stable). */
const sameBody = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** How a failed write is shown: its kind, its field messages and its message. */
export function writeErrorOf(error: unknown): { failure: WriteFailure; fieldErrors: Record<string, string>; message: string | null } {
  if (!(error instanceof ApiError)) return { failure: 'failed', fieldErrors: {}, message: WRITE_MESSAGES.failed };
  const fieldErrors = Object.fromEntries(Object.entries(error.fields ?? {}).map(([k, v]) => [k, v[0] ?? '']));
  if (error.status === 400) return { failure: 'invalid', fieldErrors, message: error.detail ?? null };
  // A refusal's body may name what it is about (the method, the amount held): the message says it all.
  if (error.status === 409) return { failure: 'conflict', fieldErrors: {}, message: error.detail ?? WRITE_MESSAGES.conflict };
  return { failure: 'failed', fieldErrors: {}, message: error.detail ?? WRITE_MESSAGES.failed };
}

export const financeWriteMachine = setup({
  types: {
    context: {} as Context,
    events: {} as FinanceWriteEvent,
    emitted: {} as FinanceWriteEmitted,
  },
  actors: {
    // Each dialog provides its request: `financeWriteMachine.provide({ actors: { write: fromPromise(...) } })`.
    write: fromPromise<unknown, WriteInput>(async () => {
      throw new Error('financeWrite: no write actor provided');
    }),
  },
  guards: {
    'the failure was a refused key': (_, params: { error: unknown }) => params.error instanceof ApiError && params.error.status === 422,
  },
  actions: {
    /** Keeps the key when the same body is sent again; a new body (or no key yet) gets a new key. */
    take: assign(({ context, event }) => {
      if (event.type !== 'form.submit') return {};
      const key = context.key && sameBody(context.body, event.body) ? context.key : newIdempotencyKey();
      return { body: event.body, key, message: null, failure: null, fieldErrors: {} };
    }),
    forgetField: assign(({ context, event }) => {
      if (event.type !== 'form.edit' || !event.field || !(event.field in context.fieldErrors)) return {};
      const { [event.field]: _, ...rest } = context.fieldErrors;
      return { fieldErrors: rest };
    }),
    /** A changed form is a new action: the next submit makes a new key. */
    newAction: assign({ key: null, failure: null, message: null }),
    showError: assign((_, params: { error: unknown }) => writeErrorOf(params.error)),
    dropKey: assign({ key: null }),
    keep: assign({ result: (_, params: { result: unknown }) => params.result }),
    announce: emit((_, params: { result: unknown }) => ({ type: 'write.done' as const, result: params.result })),
    reset: assign({ body: null, key: null, fieldErrors: {}, message: null, failure: null, result: null }),
  },
}).createMachine({
  id: 'financeWrite',
  context: { body: null, key: null, fieldErrors: {}, message: null, failure: null, result: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': { target: 'submitting', actions: 'take' },
        'form.edit': { actions: 'forgetField' },
      },
    },
    submitting: {
      invoke: {
        src: 'write',
        input: ({ context }) => ({ body: context.body, key: context.key ?? '' }),
        onDone: {
          target: 'done',
          actions: [
            { type: 'keep', params: ({ event }) => ({ result: event.output }) },
            { type: 'announce', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: [
          {
            // The server saw this key with another body: only a new key can go through.
            guard: { type: 'the failure was a refused key', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: [{ type: 'showError', params: ({ event }) => ({ error: event.error }) }, 'dropKey'],
          },
          {
            guard: ({ event }) => writeErrorOf(event.error).failure === 'invalid',
            target: 'editing',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: {
        'write.retry': {
          guard: ({ context }) => context.failure !== 'conflict',
          target: 'submitting',
          actions: assign({ key: ({ context }) => context.key ?? newIdempotencyKey(), message: null, failure: null }),
        },
        'form.submit': { target: 'submitting', actions: 'take' },
        'form.edit': { target: 'editing', actions: ['newAction', 'forgetField'] },
      },
    },
    done: {
      on: { 'write.again': { target: 'editing', actions: 'reset' } },
    },
  },
});

export type FinanceWriteActorRef = ActorRefFrom<typeof financeWriteMachine>;
type Snapshot = SnapshotFrom<typeof financeWriteMachine>;

const selectSubmitting = (s: Snapshot) => s.matches('submitting');
const selectDone = (s: Snapshot) => s.matches('done');
const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
const selectMessage = (s: Snapshot) => s.context.message;
/** A retry makes sense only for a failure the server did not answer with a refusal. */
const selectCanRetry = (s: Snapshot) => s.matches('failed') && s.context.failure !== 'conflict';
const selectResult = (s: Snapshot) => s.context.result;

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectFinanceWrite(s: Snapshot) {
  return {
    submitting: selectSubmitting(s),
    done: selectDone(s),
    fieldErrors: selectFieldErrors(s),
    message: selectMessage(s),
    canRetry: selectCanRetry(s),
    result: selectResult(s),
    /** What is being sent, while it is (the row whose toggle spins). */
    sending: s.matches('submitting') ? s.context.body : null,
    /** The server refused (409): sending the same again would be refused again. */
    refused: s.matches('failed') && s.context.failure === 'conflict',
  };
}
