// Paths generated from the auth gate model (src/machines/authGate.model.ts), each driving the REAL auth gate and
// session machines with stubbed server calls, asserting in every model state what the user would see.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Me } from '../../contract/auth';
import { ApiError } from '../../src/api/errors';
import { ACCESS_TOKEN_KEY, LAST_VISITED_PATH_KEY, REFRESH_TOKEN_KEY, SAVED_FILIAL_KEY } from '../../src/lib/storage';
import { authGateMachine, connectAuthGate } from '../../src/machines/authGate';
import { authGateModel } from '../../src/machines/authGate.model';
import { refreshLogic, sessionMachine } from '../../src/machines/session';
import { deferred, expiredToken, flush, memoryStores, validToken, type Deferred } from '../unit/support/fakes';
import { walkModel } from './walkModel';

const me: Me = { id: 7, role: 'ADMINISTRATOR', full_name: 'Ali', phone: '+998901234567', photo: null, filial: [1], pages: [] };
type Pair = { access_token: string; refresh_token: string };

function harness() {
  const { local, session: tabStorage, store } = memoryStores();
  const verifies: Deferred<Me>[] = [];
  const refreshes: Deferred<Pair>[] = [];
  const navigations: string[] = [];
  const session = createActor(
    sessionMachine.provide({
      actors: {
        refresh: refreshLogic(() => {
          const d = deferred<Pair>();
          refreshes.push(d);
          return d.promise;
        }),
      },
    }),
    { input: { store } },
  ).start();
  const gate = createActor(
    authGateMachine.provide({
      actors: {
        verify: fromPromise(() => {
          const d = deferred<Me>();
          verifies.push(d);
          return d.promise;
        }),
      },
      actions: { navigate: (_, { to }) => void navigations.push(to), callServerLogout: () => {} },
    }),
    { input: { session, store } },
  ).start();

  const h = {
    local,
    tabStorage,
    session,
    gate,
    verifies,
    refreshes,
    navigations,
    path: '/',
    navigationsBeforeStep: 0,
    storageBeforeStep: {} as Record<string, string>,
    visit(path: string, tokens: { access?: string; refresh?: string }) {
      local.clear();
      local.setItem(SAVED_FILIAL_KEY, '3');
      tabStorage.setItem('activeTab', 'payments');
      if (tokens.access) local.setItem(ACCESS_TOKEN_KEY, tokens.access);
      if (tokens.refresh) local.setItem(REFRESH_TOKEN_KEY, tokens.refresh);
      h.route(path);
    },
    route(path: string) {
      h.path = path;
      gate.send({ type: 'route.change', path });
    },
    /** Marks what the next server answer must leave untouched. */
    beforeAnswer() {
      h.navigationsBeforeStep = navigations.length;
      h.storageBeforeStep = local.entries();
    },
    async answerVerify(answer: (d: Deferred<Me>) => void) {
      h.beforeAnswer();
      answer(verifies.at(-1) as Deferred<Me>);
      await waitFor(gate, (s) => !s.matches({ checking: 'verifying' }) && !s.matches({ authorized: 'rechecking' }));
    },
  };
  return h;
}

type Harness = ReturnType<typeof harness>;

const states = (h: Harness) => ({
  start: () => {
    expect(h.gate.getSnapshot().value).toBe('waiting');
    expect(connectAuthGate(h.gate.getSnapshot()).gateView).toBe('blank');
  },
  loginPage: () => {
    expect(h.gate.getSnapshot().value).toBe('public');
    expect(connectAuthGate(h.gate.getSnapshot()).gateView).toBe('public');
    expect(connectAuthGate(h.gate.getSnapshot()).me).toBeNull();
  },
  checking: () => {
    expect(h.gate.getSnapshot().matches({ checking: 'verifying' })).toBe(true);
    expect(connectAuthGate(h.gate.getSnapshot()).gateView).toBe('blank');
    expect(h.local.getItem(LAST_VISITED_PATH_KEY)).toBe(h.path);
  },
  refreshing: () => {
    expect(h.gate.getSnapshot().matches({ checking: 'refreshing' })).toBe(true);
    expect(h.session.getSnapshot().value).toBe('refreshing');
    expect(h.refreshes).toHaveLength(1);
    expect(connectAuthGate(h.gate.getSnapshot()).gateView).toBe('blank');
  },
  authorized: () => {
    expect(h.gate.getSnapshot().matches({ authorized: 'idle' })).toBe(true);
    expect(connectAuthGate(h.gate.getSnapshot()).gateView).toBe('page');
    expect(connectAuthGate(h.gate.getSnapshot()).busy).toBe(false);
    expect(connectAuthGate(h.gate.getSnapshot()).me).toEqual(me);
  },
  rechecking: () => {
    expect(h.gate.getSnapshot().matches({ authorized: { rechecking: 'verifying' } })).toBe(true);
    expect(connectAuthGate(h.gate.getSnapshot()).gateView).toBe('page');
    expect(connectAuthGate(h.gate.getSnapshot()).busy).toBe(true);
  },
  unauthorized: () => {
    expect(h.gate.getSnapshot().value).toBe('unauthorized');
    expect(connectAuthGate(h.gate.getSnapshot()).gateView).toBe('blank');
    expect(h.navigations.at(-1)).toBe('/login');
    expect(h.navigations.length).toBe(h.navigationsBeforeStep + 1);
    expect(h.local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: h.path });
    expect(h.tabStorage.length).toBe(0);
  },
  signedOut: () => {
    expect(h.gate.getSnapshot().value).toBe('unauthorized');
    expect(h.navigations.at(-1)).toBe('/login');
    expect(h.local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: h.path });
    expect(h.session.getSnapshot().value).toBe('lost');
  },
  blank: () => {
    expect(h.gate.getSnapshot().value).toBe('unauthorized');
    expect(connectAuthGate(h.gate.getSnapshot()).gateView).toBe('blank');
    expect(h.navigations.length).toBe(h.navigationsBeforeStep);
    expect(h.local.entries()).toEqual(h.storageBeforeStep);
  },
});

const events = (h: Harness) => ({
  'visit.login': () => h.route('/login'),
  'visit.page': () => h.visit('/students/info?id=4', { access: validToken('a'), refresh: validToken('r') }),
  'session.expired': () => h.visit('/cashiers', { access: expiredToken('a'), refresh: validToken('r') }),
  'session.missing': () => h.visit('/tasks', {}),
  'refresh.ok': async () => {
    h.refreshes.at(-1)?.resolve({ access_token: validToken('fresh'), refresh_token: validToken('fresh-r') });
    await waitFor(h.gate, (s) => !s.matches({ checking: 'refreshing' }));
  },
  'refresh.fail': async () => {
    h.beforeAnswer();
    const quiet = console.error;
    console.error = () => {}; // 'Failed to refresh token' is expected here
    h.refreshes.at(-1)?.reject(new ApiError(401, 'revoked'));
    await waitFor(h.gate, (s) => s.matches('unauthorized')).finally(() => (console.error = quiet));
  },
  'verify.ok': () => h.answerVerify((d) => d.resolve(me)),
  'verify.401': () => h.answerVerify((d) => d.reject(new ApiError(401))),
  'verify.500': () => h.answerVerify((d) => d.reject(new ApiError(500))),
  'route.change': () => h.route('/leads?stage=KUTULMOQDA'),
  'session.logout': () => h.gate.send({ type: 'session.logout' }),
  'session.lost': () => {
    h.beforeAnswer();
    h.gate.send({ type: 'session.lost' });
  },
  'redirect.followed': () => h.route('/login'),
  'login.succeeded': async () => {
    h.gate.send({ type: 'login.succeeded', tokens: { access_token: validToken('signed-in'), refresh_token: validToken('r') } });
    const target = h.navigations.at(-1) as string;
    expect(target).toBe(h.local.getItem(LAST_VISITED_PATH_KEY) ?? '/');
    h.route(target); // the router reports the navigation
    await flush(1);
  },
});

const model = walkModel('auth gate', authGateModel, harness, { states, events });

describe('auth gate model', () => {
  it('covers the cases the spec names', () => {
    const names = model.getShortestPaths({ allowDuplicatePaths: true }).map((p) => p.description);
    expect(names).toContain('Reaches state "loginPage": xstate.init → visit.login');
    expect(names).toContain('Reaches state "unauthorized": xstate.init → session.expired → refresh.fail');
    expect(names).toContain('Reaches state "blank": xstate.init → visit.page → verify.500');
  });
});
