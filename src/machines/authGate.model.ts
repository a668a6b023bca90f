// What the user sees of the auth gate, as a small machine with no invoke and no delays, so @xstate/graph can walk
// it (tests/model/authGate.test.ts drives the real authGate with every generated path). States are named by what
// is on screen; events are the test's steps (a visit with given tokens, an answer from the server, a user action).
import { createMachine } from 'xstate';

export const authGateModel = createMachine({
  id: 'authGateModel',
  initial: 'start',
  types: {} as {
    events:
      | { type: 'visit.login' }
      | { type: 'visit.page' }
      | { type: 'session.expired' }
      | { type: 'session.missing' }
      | { type: 'refresh.ok' }
      | { type: 'refresh.fail' }
      | { type: 'verify.ok' }
      | { type: 'verify.401' }
      | { type: 'verify.500' }
      | { type: 'route.change' }
      | { type: 'session.logout' }
      | { type: 'session.lost' }
      | { type: 'redirect.followed' }
      | { type: 'login.succeeded' };
  },
  states: {
    /** The router is not ready: nothing rendered, nothing checked. */
    start: {
      on: {
        'visit.login': 'loginPage',
        /** A page with a valid access token. */
        'visit.page': 'checking',
        /** A page with an expired access token and a valid refresh token. */
        'session.expired': 'refreshing',
        /** A page with no tokens at all. */
        'session.missing': 'checking',
      },
    },
    /** /login: shown without any check. */
    loginPage: { on: { 'login.succeeded': 'checking' } },
    /** Blank while the current-user call runs. */
    checking: { on: { 'verify.ok': 'authorized', 'verify.401': 'unauthorized', 'verify.500': 'blank' } },
    /** Blank while the one shared refresh runs. */
    refreshing: { on: { 'refresh.ok': 'checking', 'refresh.fail': 'unauthorized' } },
    /** The page. */
    authorized: { on: { 'route.change': 'rechecking', 'session.logout': 'signedOut', 'session.lost': 'unauthorized' } },
    /** The page stays while the progress bar shows the re-verification. */
    rechecking: { on: { 'verify.ok': 'authorized', 'verify.401': 'unauthorized', 'verify.500': 'blank' } },
    /** Sent to /login; storage cleared but lastVisitedPath. */
    unauthorized: { on: { 'redirect.followed': 'loginPage' } },
    /** Logged out: sent to /login; storage cleared, the page left is lastVisitedPath. */
    signedOut: { on: { 'redirect.followed': 'loginPage' } },
    /** Blank, not redirected, storage kept (the server failed otherwise). */
    blank: {},
  },
});
