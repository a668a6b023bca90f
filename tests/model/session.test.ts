// Paths generated from the session model (src/machines/session.model.ts), each driving the REAL session machine
// and HTTP client against a fake API behind fetch, asserting what requests see in every model state.
import { expect } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createHttpClient } from '../../src/api/http';
import { ACCESS_TOKEN_KEY, LAST_VISITED_PATH_KEY, REFRESH_TOKEN_KEY } from '../../src/lib/storage';
import { refreshLogic, sessionMachine } from '../../src/machines/session';
import { sessionModel } from '../../src/machines/session.model';
import { createFakeApi, refreshVia } from '../unit/support/fakeApi';
import { expiredToken, flush, memoryStores, validToken, type Deferred } from '../unit/support/fakes';
import { walkModel } from './walkModel';

const WAITERS = 5;

function harness() {
  const server = createFakeApi({ access: validToken('a0'), refresh: validToken('r0') });
  const { local, store } = memoryStores();
  local.setItem(ACCESS_TOKEN_KEY, server.validAccess);
  local.setItem(REFRESH_TOKEN_KEY, server.validRefresh);
  local.setItem(LAST_VISITED_PATH_KEY, '/leads');
  const refreshCall = refreshVia(server);
  const session = createActor(sessionMachine.provide({ actors: { refresh: refreshLogic(refreshCall) } }), { input: { store } }).start();
  let lostEvents = 0;
  session.on('session.lost', () => void (lostEvents += 1));
  const api = createHttpClient({ session: () => session, store, fetch: server.fetch, baseURL: '/api' });

  const h = {
    server,
    local,
    session,
    expected: { refreshes: 0, fetches: 0, retries: 0, lostEvents: 0, error: null as string | null },
    hold: null as Deferred<boolean> | null,
    settled: 0,
    results: [] as PromiseSettledResult<unknown>[],
    running: Promise.resolve() as Promise<unknown>,
    lostEvents: () => lostEvents,
    launch(count: number) {
      h.settled = 0;
      h.results = [];
      const requests = Array.from({ length: count }, (_, i) => api.get(`/students/${i}/`).finally(() => void (h.settled += 1)));
      h.running = Promise.allSettled(requests).then((r) => (h.results = r));
      return requests;
    },
  };
  return h;
}

type Harness = ReturnType<typeof harness>;

const quietly = async (run: () => Promise<unknown>) => {
  const log = console.error;
  console.error = () => {}; // 'Failed to refresh token' is expected on these steps
  try {
    await run();
  } finally {
    console.error = log;
  }
};

const states = (h: Harness) => ({
  ready: () => {
    expect(h.session.getSnapshot().value).toBe('ready');
    expect(h.server.refreshCalls).toBe(h.expected.refreshes);
    expect(h.server.resourceCalls).toBe(h.expected.fetches);
    expect(h.results.every((r) => r.status === 'fulfilled')).toBe(true);
  },
  retried: () => {
    expect(h.session.getSnapshot().value).toBe('ready');
    expect(h.server.refreshCalls).toBe(h.expected.refreshes);
    expect(h.server.resourceCalls).toBe(h.expected.fetches);
    expect(h.results.map((r) => r.status)).toEqual(['fulfilled']);
  },
  refreshing: () => {
    expect(h.session.getSnapshot().value).toBe('refreshing');
    expect(h.server.refreshCalls).toBe(h.expected.refreshes);
    expect(h.server.resourceCalls).toBe(h.expected.fetches);
    expect(h.settled).toBe(0); // every request waits for the one refresh
  },
  lost: () => {
    expect(h.session.getSnapshot().value).toBe('lost');
    expect(h.server.refreshCalls).toBe(h.expected.refreshes);
    expect(h.server.resourceCalls).toBe(h.expected.fetches);
    expect(h.lostEvents()).toBe(h.expected.lostEvents);
    expect(h.results.length).toBeGreaterThan(0);
    for (const r of h.results) {
      expect(r.status).toBe('rejected');
      expect(((r as PromiseRejectedResult).reason as Error).message).toBe(h.expected.error);
    }
  },
});

const events = (h: Harness) => ({
  'requests.expired': async () => {
    h.local.setItem(ACCESS_TOKEN_KEY, expiredToken('stale'));
    h.hold = h.server.holdNextRefresh();
    h.launch(WAITERS);
    await flush();
    h.expected.refreshes += 1;
    h.expected.error = 'Refresh token expired';
    h.expected.retries = WAITERS;
  },
  'requests.rejected': async () => {
    h.server.rotateAccessOnly(); // the stored token is refused although its exp is ahead
    h.hold = h.server.holdNextRefresh();
    h.launch(WAITERS);
    await flush();
    h.expected.refreshes += 1;
    h.expected.fetches += WAITERS;
    h.expected.error = 'Invalid token'; // the 401 passes through when no new token comes
    h.expected.retries = WAITERS;
  },
  'request.staleToken': async () => {
    const current = h.local.getItem(ACCESS_TOKEN_KEY) as string;
    h.local.setItem(ACCESS_TOKEN_KEY, validToken('older'));
    const [request] = h.launch(1); // reads the older token now
    h.local.setItem(ACCESS_TOKEN_KEY, current); // a newer pair lands while it is in flight
    await request;
    await h.running;
    h.expected.fetches += 2;
  },
  'request.noRefreshToken': async () => {
    h.local.setItem(ACCESS_TOKEN_KEY, expiredToken('stale'));
    h.local.removeItem(REFRESH_TOKEN_KEY);
    h.launch(1);
    await h.running;
    h.expected.error = 'Refresh token expired';
  },
  'refresh.ok': async () => {
    h.hold?.resolve(true);
    await h.running;
    h.expected.fetches += h.expected.retries;
  },
  'refresh.fail': async () => {
    await quietly(async () => {
      h.hold?.resolve(false);
      await h.running;
    });
    h.expected.lostEvents += 1;
    expect(h.local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: '/leads' });
  },
  signIn: async () => {
    h.session.send({ type: 'tokens.set', access_token: h.server.validAccess, refresh_token: h.server.validRefresh });
    h.results = [];
    await waitFor(h.session, (s) => s.matches('ready'));
  },
});

walkModel('session', sessionModel, harness, { states, events });

