// What requests see of the session, as a small machine @xstate/graph can walk (no invoke, no delays);
// tests/model/session.test.ts drives the real session machine and HTTP client with every generated path.
import { createMachine } from 'xstate';

const whileReady = {
  /** Five requests start while the access token has expired (refresh token valid). */
  'requests.expired': 'refreshing',
  /** Five requests in flight are all refused with 401 for the current token. */
  'requests.rejected': 'refreshing',
  /** A request sent with an older token is refused while storage already holds a newer one. */
  'request.staleToken': 'retried',
  /** A request starts with an expired access token and no valid refresh token. */
  'request.noRefreshToken': 'lost',
} as const;

export const sessionModel = createMachine({
  id: 'sessionModel',
  initial: 'ready',
  types: {} as {
    events:
      | { type: 'requests.expired' }
      | { type: 'requests.rejected' }
      | { type: 'request.staleToken' }
      | { type: 'request.noRefreshToken' }
      | { type: 'refresh.ok' }
      | { type: 'refresh.fail' }
      | { type: 'signIn' };
  },
  states: {
    /** Requests are answered; nothing waits. */
    ready: { on: whileReady },
    /** As ready, after a request refused for an older token was retried with the current one, without a refresh. */
    retried: { on: whileReady },
    /** One refresh runs; every request waits for it. */
    refreshing: { on: { 'refresh.ok': 'ready', 'refresh.fail': 'lost' } },
    /** No usable session: requests fail until the user signs in again. */
    lost: { on: { signIn: 'ready' } },
  },
});
