// Auth gate: spec section 4 "Authentication gate", steps 1-5, run on every `route.change {path}`.
// States: waiting (router not ready) · public (/login, no checks) · checking.{refreshing,verifying} (first check:
// render nothing) · authorized.{idle, rechecking.{refreshing,verifying}} (page stays, progress bar shows) ·
// unauthorized (render nothing; after a 401 or a failed refresh also storage cleared but lastVisitedPath, → /login).
// Other events: me.refetch, session.logout, session.lost (from the session machine), login.succeeded {tokens}.
// Navigation is the named action `navigate` ({to}); the app provides its router's navigate with .provide().
import { assign, fromPromise, sendTo, setup, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Me, TokenPair } from '../../contract/auth';
import { fetchMe, logoutSession } from '../api/auth';
import { RefreshTokenExpiredError, statusOf } from '../api/errors';
import { browserNavigate } from '../lib/browser';
import { isTokenExpired } from '../lib/jwt';
import { browserSessionStore, type SessionStore } from '../lib/sessionStore';
import { pathnameOf } from '../lib/storage';
import type { SessionActorRef } from './session';

export const LOGIN_PATH = '/login';

export type AuthGateEvent =
  | { type: 'route.change'; path: string }
  | { type: 'me.refetch' }
  | { type: 'session.logout' }
  | { type: 'session.lost' }
  | { type: 'login.succeeded'; tokens: TokenPair };

export type AuthGateInput = { session: SessionActorRef; store?: SessionStore };
type AuthGateContext = { session: SessionActorRef; store: SessionStore; path: string | null; me: Me | null; error: unknown };

type RefreshInput = { session: SessionActorRef; store: SessionStore };

/** Step 3 through the session actor, so the gate shares the single in-flight refresh with waiting requests. */
export const refreshThroughSession = fromPromise<void, RefreshInput>(async ({ input, signal }) => {
  input.session.send({ type: 'token.expired' });
  await waitFor(input.session, (s) => !s.matches('refreshing'), { signal });
  if (isTokenExpired(input.store.readTokens().access, Date.now())) throw new RefreshTokenExpiredError();
});

/** Step 4: the current-user call with whatever access token storage holds now (none at all in step 5). */
export const verifyWithCurrentToken = fromPromise<Me, { store: SessionStore }>(({ input }) => fetchMe(input.store.readTokens().access));

const gate = setup({
  types: {
    context: {} as AuthGateContext,
    events: {} as AuthGateEvent,
    input: {} as AuthGateInput,
  },
  actors: { refresh: refreshThroughSession, verify: verifyWithCurrentToken },
  guards: {
    'only the query changed': ({ context, event }) =>
      event.type === 'route.change' && context.path !== null && pathnameOf(event.path) === pathnameOf(context.path),
    'the path is the login page': ({ event }) => event.type === 'route.change' && pathnameOf(event.path).replace(/\/+$/, '') === LOGIN_PATH,
    'the access token expired but the refresh token is still valid': ({ context }) => {
      const { access, refresh } = context.store.readTokens();
      return isTokenExpired(access, Date.now()) && !isTokenExpired(refresh, Date.now());
    },
    'the server answered 401': ({ event }) => 'error' in event && statusOf(event.error) === 401,
  },
  actions: {
    navigate: (_, params: { to: string }) => browserNavigate(params.to),
    trackPath: assign({ path: ({ event }) => (event.type === 'route.change' ? event.path : null) }),
    storeLastVisitedPath: ({ context }) => {
      if (context.path) context.store.rememberPath(context.path);
    },
    clearStorageKeepingLastPath: ({ context }) => context.store.clearKeepingLastPath(),
    keepMe: assign({ me: (_, params: { me: Me }) => params.me, error: null }),
    forgetMe: assign({ me: null }),
    keepError: assign({ error: (_, params: { error: unknown }) => params.error }),
    /** Best effort and not awaited: reads the tokens now, before storage is cleared. */
    callServerLogout: ({ context }) => void logoutSession(context.store.readTokens()),
    handTokensToSession: sendTo(
      ({ context }) => context.session,
      (_, params: { tokens: TokenPair }) => ({ type: 'tokens.set' as const, ...params.tokens }),
    ),
    clearSessionTokens: sendTo(({ context }) => context.session, { type: 'tokens.clear' as const }),
  },
});

const goToLogin = { type: 'navigate', params: { to: LOGIN_PATH } } as const;

/** Steps 2-5; `done` is where a successful verification lands (the first check and a recheck differ). */
function checkSteps(done: string) {
  return gate.createStateConfig({
    initial: 'deciding',
    states: {
      deciding: {
        always: [
          { guard: 'the access token expired but the refresh token is still valid', target: 'refreshing' },
          // Step 5: nothing worth refreshing with; verify anyway (expect 401 and the redirect).
          { target: 'verifying' },
        ],
      },
      refreshing: {
        invoke: {
          src: 'refresh',
          input: ({ context }) => ({ session: context.session, store: context.store }),
          onDone: { target: 'verifying' },
          onError: { target: '#authGate.unauthorized', actions: ['clearStorageKeepingLastPath', goToLogin] },
        },
      },
      verifying: {
        invoke: {
          src: 'verify',
          input: ({ context }) => ({ store: context.store }),
          onDone: { target: done, actions: { type: 'keepMe', params: ({ event }) => ({ me: event.output }) } },
          onError: [
            { guard: 'the server answered 401', target: '#authGate.unauthorized', actions: ['clearStorageKeepingLastPath', goToLogin] },
            // Any other failure: blank screen, storage (and lastVisitedPath) kept.
            { target: '#authGate.unauthorized', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          ],
        },
      },
    },
  });
}

export const authGateMachine = gate.createMachine({
  id: 'authGate',
  context: ({ input }) => ({ session: input.session, store: input.store ?? browserSessionStore(), path: null, me: null, error: null }),
  initial: 'waiting',
  on: {
    'route.change': [
      { guard: 'the path is the login page', target: '.public', actions: 'trackPath' },
      // Remembering every checked path brings a signed-out deep link back after sign-in.
      { target: '.checking', reenter: true, actions: ['trackPath', 'storeLastVisitedPath'] },
    ],
    'session.lost': { target: '.unauthorized', actions: ['clearStorageKeepingLastPath', goToLogin] },
    'session.logout': {
      target: '.unauthorized',
      actions: [
        'callServerLogout',
        'clearStorageKeepingLastPath',
        // Spec "Logout": the previously visited path is what sign-in returns to.
        'storeLastVisitedPath',
        'clearSessionTokens',
        goToLogin,
      ],
    },
  },
  states: {
    waiting: {},
    public: {
      entry: 'forgetMe',
      on: {
        'login.succeeded': {
          actions: [
            { type: 'handTokensToSession', params: ({ event }) => ({ tokens: event.tokens }) },
            { type: 'navigate', params: ({ context }) => ({ to: context.store.lastPath() ?? '/' }) },
          ],
        },
        // Already on the sign-in page: nothing to leave, nothing to clear.
        'session.lost': {},
        'session.logout': {},
      },
    },
    checking: { ...checkSteps('#authGate.authorized') },
    authorized: {
      initial: 'idle',
      on: {
        'route.change': [
          { guard: 'the path is the login page', target: '#authGate.public', actions: 'trackPath' },
          // Filters and tabs live in the query: changing them stays on the same route, with no user re-check.
          { guard: 'only the query changed', actions: ['trackPath', 'storeLastVisitedPath'] },
          { target: '.rechecking', reenter: true, actions: ['trackPath', 'storeLastVisitedPath'] },
        ],
        'me.refetch': { target: '.rechecking', reenter: true },
      },
      states: {
        idle: {},
        rechecking: { ...checkSteps('#authGate.authorized.idle') },
      },
    },
    unauthorized: { entry: 'forgetMe' },
  },
});

export type AuthGateActorRef = ActorRefFrom<typeof authGateMachine>;
export type AuthGateSnapshot = SnapshotFrom<typeof authGateMachine>;

const selectIsAuthorized = (s: AuthGateSnapshot) => s.matches('authorized');
const selectIsPublic = (s: AuthGateSnapshot) => s.matches('public');
const selectMe = (s: AuthGateSnapshot) => s.context.me;
/** The top progress bar: a first check or a recheck is running. */
const selectIsBusy = (s: AuthGateSnapshot) => s.matches('checking') || s.matches({ authorized: 'rechecking' });
/** What the route outlet shows: the page (authorized, also while rechecking), the public page, or nothing. */
const selectGateView = (s: AuthGateSnapshot): 'page' | 'public' | 'blank' =>
  s.matches('authorized') ? 'page' : s.matches('public') ? 'public' : 'blank';

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectAuthGate(s: AuthGateSnapshot) {
  return {
    authorized: selectIsAuthorized(s),
    public: selectIsPublic(s),
    me: selectMe(s),
    busy: selectIsBusy(s),
    gateView: selectGateView(s),
  };
}
