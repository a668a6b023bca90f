// Session: keeps one refresh in flight for every request that waits (spec "Request session handling").
// States: ready (tokens usable or not yet needed) · refreshing (one refresh for all waiters) · lost (no valid
// refresh token, or the refresh failed). Events: token.expired, token.rejected {token} (ignored unless it is the
// current token: then waiters just retry), tokens.set {access_token, refresh_token}, tokens.clear.
// Emits session.lost when a refresh fails (after logging, and clearing storage but lastVisitedPath).
// localStorage is the source of truth: guards read it at the moment they run, never a copy in context.
import { assign, createActor, emit, fromPromise, setup, type ActorRefFrom, type InspectionEvent, type Observer, type SnapshotFrom } from 'xstate';
import type { TokenPair } from '../../contract/auth';
import { refreshTokens } from '../api/auth';
import { RefreshTokenExpiredError } from '../api/errors';
import { withCrossTabLock } from '../lib/crossTabLock';
import { isTokenExpired } from '../lib/jwt';
import { browserSessionStore, type SessionStore } from '../lib/sessionStore';

export type SessionEvent =
  | { type: 'token.expired' }
  | { type: 'token.rejected'; token: string | null }
  | { type: 'tokens.set'; access_token: string; refresh_token: string }
  | { type: 'tokens.clear' };

export type SessionEmitted = { type: 'session.lost'; error: unknown };
export type SessionInput = { store?: SessionStore } | undefined;
type SessionContext = { store: SessionStore; staleAccess: string | null };
type RefreshInput = { store: SessionStore; staleAccess: string | null };

export const REFRESH_LOCK = 'markaz.session.refresh';

/**
 * The refresh actor around a server call. Under a lock shared by the browser's tabs it re-reads storage: when
 * another tab has already replaced the stale token, that pair is used and the server is not called (presenting
 * a rotated refresh token would revoke the session). It stores the new pair before releasing the lock, and only
 * if nobody signed out or in meanwhile.
 */
export function refreshLogic(call: (refreshToken: string) => Promise<TokenPair>) {
  return fromPromise<TokenPair, RefreshInput>(({ input }) =>
    withCrossTabLock(REFRESH_LOCK, async () => {
      const { access, refresh } = input.store.readTokens();
      if (access && refresh && access !== input.staleAccess && !isTokenExpired(access, Date.now())) {
        return { access_token: access, refresh_token: refresh };
      }
      if (isTokenExpired(refresh, Date.now())) throw new RefreshTokenExpiredError();
      const pair = await call(refresh as string);
      if (input.store.readTokens().refresh === refresh) input.store.writeTokens(pair);
      return pair;
    }),
  );
}

const now = () => Date.now();

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: { refresh: refreshLogic(refreshTokens) },
  guards: {
    'the access token is still valid': ({ context }) => !isTokenExpired(context.store.readTokens().access, now()),
    'the refresh token is still valid': ({ context }) => !isTokenExpired(context.store.readTokens().refresh, now()),
    'the rejected token is not the current one': ({ context, event }) =>
      event.type === 'token.rejected' && event.token !== context.store.readTokens().access,
  },
  actions: {
    noteStaleAccess: assign({ staleAccess: ({ context }) => context.store.readTokens().access }),
    storeTokens: ({ context, event }) => {
      if (event.type === 'tokens.set') context.store.writeTokens(event);
    },
    clearTokens: ({ context }) => context.store.clearTokens(),
    logRefreshFailure: (_, params: { error: unknown }) => console.error('Failed to refresh token', params.error),
    clearStorageKeepingLastPath: ({ context }) => context.store.clearKeepingLastPath(),
    announceLost: emit((_, params: { error: unknown }) => ({ type: 'session.lost' as const, error: params.error })),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ store: input?.store ?? browserSessionStore(), staleAccess: null }),
  initial: 'ready',
  on: {
    'tokens.set': { target: '.ready', actions: 'storeTokens' },
    'tokens.clear': { target: '.lost', actions: 'clearTokens' },
  },
  states: {
    ready: {
      on: {
        'token.expired': [
          // Another request (or tab) already refreshed: nothing to do, the waiter reads the new token.
          { guard: 'the access token is still valid' },
          { guard: 'the refresh token is still valid', target: 'refreshing', actions: 'noteStaleAccess' },
          { target: 'lost' },
        ],
        'token.rejected': [
          { guard: 'the rejected token is not the current one' },
          { guard: 'the refresh token is still valid', target: 'refreshing', actions: 'noteStaleAccess' },
          { target: 'lost' },
        ],
      },
    },
    refreshing: {
      // token.expired and token.rejected are not handled here: every waiter shares this one refresh.
      invoke: {
        src: 'refresh',
        input: ({ context }) => ({ store: context.store, staleAccess: context.staleAccess }),
        onDone: { target: 'ready' },
        onError: {
          target: 'lost',
          actions: [
            { type: 'logRefreshFailure', params: ({ event }) => ({ error: event.error }) },
            'clearStorageKeepingLastPath',
            { type: 'announceLost', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    lost: {
      // Another tab may have signed in since: the same checks as in `ready` run against storage again.
      on: {
        'token.expired': [
          { guard: 'the access token is still valid', target: 'ready' },
          { guard: 'the refresh token is still valid', target: 'refreshing', actions: 'noteStaleAccess' },
        ],
        'token.rejected': [
          { guard: 'the rejected token is not the current one', target: 'ready' },
          { guard: 'the refresh token is still valid', target: 'refreshing', actions: 'noteStaleAccess' },
        ],
      },
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

const selectIsRefreshing = (s: SessionSnapshot) => s.matches('refreshing');
const selectIsLost = (s: SessionSnapshot) => s.matches('lost');

/** The app's session actor, registered as `session` in its system (not started). */
export function createSessionActor(options: { store?: SessionStore; inspect?: Observer<InspectionEvent> } = {}) {
  return createActor(sessionMachine, { systemId: 'session', input: { store: options.store }, inspect: options.inspect });
}

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectSession(s: SessionSnapshot) {
  return {
    refreshing: selectIsRefreshing(s),
    lost: selectIsLost(s),
  };
}
