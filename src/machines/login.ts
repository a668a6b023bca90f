// The sign-in form flow. States: idle (editing; `context.error` shows why the last try failed) · submitting
// (invoke signIn) · succeeded (tokens handed on; a later sign-in after logout starts again from here).
// Events: login.submit {phone, password} (phone as typed, with the mask's spaces), login.reset.
// Emits login.succeeded {tokens}; the app forwards it to the auth gate, which stores the pair and navigates.
// On submit the named action `preloadNext` lets the app fetch the code of the page the gate will open while the
// server checks the password (the app provides it with .provide(); by itself it does nothing).
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { TokenPair } from '../../contract/auth';
import { signIn } from '../api/auth';
import { ApiError } from '../api/errors';

export type LoginError = {
  kind: 'invalid' | 'throttled' | 'network' | 'validation';
  /** Seconds until another try is allowed (throttled). */
  retryAfter?: number;
  /** Server messages per field (validation); messages may be i18n keys. */
  fields?: Record<string, string[]>;
};

export type LoginEvent = { type: 'login.submit'; phone: string; password: string } | { type: 'login.reset' };
export type LoginEmitted = { type: 'login.succeeded'; tokens: TokenPair };

/** 429 → throttled; 400/422 with fields → validation; other 4xx → invalid; no answer or 5xx → network. */
export function classifyLoginError(error: unknown): LoginError {
  if (!(error instanceof ApiError)) return { kind: 'network' };
  if (error.status === 429) return { kind: 'throttled', retryAfter: error.retryAfter };
  if ((error.status === 400 || error.status === 422) && error.fields) return { kind: 'validation', fields: error.fields };
  if (error.status >= 400 && error.status < 500) return { kind: 'invalid' };
  return { kind: 'network' };
}

export const loginMachine = setup({
  types: {
    context: {} as { error: LoginError | null },
    events: {} as LoginEvent,
    emitted: {} as LoginEmitted,
  },
  actors: {
    signIn: fromPromise<TokenPair, { phone: string; password: string }>(({ input }) => signIn(input)),
  },
  actions: {
    clearError: assign({ error: null }),
    keepError: assign({ error: (_, params: { error: unknown }) => classifyLoginError(params.error) }),
    preloadNext: () => {},
    announceSignedIn: emit((_, params: { tokens: TokenPair }) => ({ type: 'login.succeeded' as const, tokens: params.tokens })),
  },
}).createMachine({
  id: 'login',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'login.submit': { target: 'submitting' },
        'login.reset': { actions: 'clearError' },
      },
    },
    submitting: {
      entry: ['clearError', 'preloadNext'],
      invoke: {
        src: 'signIn',
        input: ({ event }) => (event.type === 'login.submit' ? { phone: event.phone, password: event.password } : { phone: '', password: '' }),
        onDone: { target: 'succeeded', actions: { type: 'announceSignedIn', params: ({ event }) => ({ tokens: event.output }) } },
        onError: { target: 'idle', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    succeeded: {
      on: {
        'login.submit': { target: 'submitting' },
        'login.reset': { target: 'idle' },
      },
    },
  },
});

export type LoginActorRef = ActorRefFrom<typeof loginMachine>;
type LoginSnapshot = SnapshotFrom<typeof loginMachine>;
const selectIsSubmitting = (s: LoginSnapshot) => s.matches('submitting');
const selectLoginError = (s: LoginSnapshot) => s.context.error;

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectLogin(s: LoginSnapshot) {
  return {
    submitting: selectIsSubmitting(s),
    loginError: selectLoginError(s),
  };
}
