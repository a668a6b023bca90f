import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Me } from '../../../contract/auth';
import { ApiError } from '../../../src/api/errors';
import { ACCESS_TOKEN_KEY, LAST_VISITED_PATH_KEY, REFRESH_TOKEN_KEY, SAVED_FILIAL_KEY } from '../../../src/lib/storage';
import { authGateMachine, connectAuthGate } from '../../../src/machines/authGate';
import { refreshLogic, sessionMachine } from '../../../src/machines/session';
import { deferred, expiredToken, flush, memoryStores, validToken } from '../support/fakes';

const me: Me = { id: 7, role: 'ADMINISTRATOR', full_name: 'Ali', phone: '+998901234567', photo: null, filial: [1], pages: [] };

type Options = {
  access?: string | null;
  refresh?: string | null;
  verify?: (token: string | null) => Promise<Me>;
  refreshCall?: (refresh: string) => Promise<{ access_token: string; refresh_token: string }>;
};

function start(options: Options = {}) {
  const stores = memoryStores();
  if (options.access) stores.local.setItem(ACCESS_TOKEN_KEY, options.access);
  if (options.refresh) stores.local.setItem(REFRESH_TOKEN_KEY, options.refresh);
  stores.local.setItem(SAVED_FILIAL_KEY, '3');
  const refreshCall = vi.fn(options.refreshCall ?? (async () => ({ access_token: validToken('new'), refresh_token: validToken('new-r') })));
  const verify = vi.fn(options.verify ?? (async () => me));
  const navigate = vi.fn();
  const serverLogout = vi.fn();
  const session = createActor(sessionMachine.provide({ actors: { refresh: refreshLogic(refreshCall) } }), { input: { store: stores.store } }).start();
  const gate = createActor(
    authGateMachine.provide({
      actors: { verify: fromPromise(({ input }) => verify(input.store.readTokens().access)) },
      actions: { navigate: (_, params) => navigate(params.to), callServerLogout: serverLogout },
    }),
    { input: { session, store: stores.store } },
  ).start();
  return { ...stores, sessionActor: session, gate, navigate, verify, refreshCall, serverLogout };
}

const settled = (gate: ReturnType<typeof start>['gate']) =>
  waitFor(gate, (s) => !s.matches('checking') && !s.matches({ authorized: 'rechecking' }));

describe('auth gate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits for the router, and lets /login through without any check', () => {
    const { gate, verify, local } = start({ access: validToken() });
    expect(gate.getSnapshot().value).toBe('waiting');
    gate.send({ type: 'route.change', path: '/login' });
    expect(gate.getSnapshot().value).toBe('public');
    expect(connectAuthGate(gate.getSnapshot()).gateView).toBe('public');
    expect(verify).not.toHaveBeenCalled();
    expect(local.getItem(LAST_VISITED_PATH_KEY)).toBeNull();
  });

  it('with a valid access token: renders nothing while verifying, then authorized with me', async () => {
    const access = validToken('a');
    const { gate, verify, refreshCall, local } = start({ access, refresh: validToken() });
    gate.send({ type: 'route.change', path: '/students/info?id=4' });
    expect(gate.getSnapshot().matches({ checking: 'verifying' })).toBe(true);
    expect(connectAuthGate(gate.getSnapshot()).gateView).toBe('blank');
    expect(connectAuthGate(gate.getSnapshot()).busy).toBe(true);
    await settled(gate);
    expect(connectAuthGate(gate.getSnapshot()).authorized).toBe(true);
    expect(connectAuthGate(gate.getSnapshot()).me).toEqual(me);
    expect(verify).toHaveBeenCalledWith(access);
    expect(refreshCall).not.toHaveBeenCalled();
    expect(local.getItem(LAST_VISITED_PATH_KEY)).toBe('/students/info?id=4');
  });

  it('with an expired access token and a valid refresh token: refreshes through the session, verifies with the new token', async () => {
    const newAccess = validToken('new');
    const { gate, sessionActor, verify, refreshCall } = start({
      access: expiredToken(),
      refresh: validToken('r'),
      refreshCall: async () => ({ access_token: newAccess, refresh_token: validToken('r2') }),
    });
    gate.send({ type: 'route.change', path: '/leads' });
    expect(gate.getSnapshot().matches({ checking: 'refreshing' })).toBe(true);
    expect(sessionActor.getSnapshot().value).toBe('refreshing');
    await settled(gate);
    expect(refreshCall).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith(newAccess);
    expect(gate.getSnapshot().matches({ authorized: 'idle' })).toBe(true);
  });

  it('when the refresh fails: unauthorized, storage cleared but lastVisitedPath, one trip to /login', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { gate, navigate, verify, local, session } = start({
      access: expiredToken(),
      refresh: validToken('r'),
      refreshCall: () => Promise.reject(new ApiError(401)),
    });
    session.setItem('activeTab', 'x');
    gate.send({ type: 'route.change', path: '/cashiers' });
    await settled(gate);
    expect(gate.getSnapshot().value).toBe('unauthorized');
    expect(navigate.mock.calls).toEqual([['/login']]);
    expect(verify).not.toHaveBeenCalled();
    expect(local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: '/cashiers' });
    expect(session.length).toBe(0);
  });

  it('with no tokens at all: no refresh, verification still made, 401 → storage cleared, /login', async () => {
    const { gate, navigate, verify, refreshCall, local } = start({ verify: () => Promise.reject(new ApiError(401)) });
    gate.send({ type: 'route.change', path: '/tasks' });
    expect(gate.getSnapshot().matches({ checking: 'verifying' })).toBe(true);
    await settled(gate);
    expect(verify).toHaveBeenCalledWith(null);
    expect(refreshCall).not.toHaveBeenCalled();
    expect(gate.getSnapshot().value).toBe('unauthorized');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: '/tasks' });
  });

  it('with both tokens expired: no refresh, verifies with the expired token', async () => {
    const access = expiredToken('a');
    const { gate, verify, refreshCall } = start({ access, refresh: expiredToken('r'), verify: () => Promise.reject(new ApiError(401)) });
    gate.send({ type: 'route.change', path: '/' });
    await settled(gate);
    expect(refreshCall).not.toHaveBeenCalled();
    expect(verify).toHaveBeenCalledWith(access);
    expect(gate.getSnapshot().value).toBe('unauthorized');
  });

  it('on another verification failure: unauthorized and blank, storage kept, no redirect', async () => {
    const access = validToken('a');
    const { gate, navigate, local } = start({ access, verify: () => Promise.reject(new ApiError(500)) });
    gate.send({ type: 'route.change', path: '/edu/groups' });
    await settled(gate);
    expect(gate.getSnapshot().value).toBe('unauthorized');
    expect(connectAuthGate(gate.getSnapshot()).gateView).toBe('blank');
    expect(gate.getSnapshot().context.error).toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe(access);
    expect(local.getItem(SAVED_FILIAL_KEY)).toBe('3');
  });

  it('re-verifies on later route changes while keeping the page on screen', async () => {
    const answer = deferred<Me>();
    let calls = 0;
    const { gate, local } = start({ access: validToken(), verify: () => (++calls === 1 ? Promise.resolve(me) : answer.promise) });
    gate.send({ type: 'route.change', path: '/leads' });
    await settled(gate);
    gate.send({ type: 'route.change', path: '/students' });
    expect(gate.getSnapshot().matches({ authorized: { rechecking: 'verifying' } })).toBe(true);
    expect(connectAuthGate(gate.getSnapshot()).gateView).toBe('page');
    expect(connectAuthGate(gate.getSnapshot()).busy).toBe(true);
    expect(local.getItem(LAST_VISITED_PATH_KEY)).toBe('/students');
    answer.resolve({ ...me, full_name: 'Ali V.' });
    await settled(gate);
    expect(gate.getSnapshot().matches({ authorized: 'idle' })).toBe(true);
    expect(connectAuthGate(gate.getSnapshot()).busy).toBe(false);
    expect(connectAuthGate(gate.getSnapshot()).me?.full_name).toBe('Ali V.');
  });

  it('a change of the query alone (filters, tabs) stays on the route: remembered, not re-verified', async () => {
    const { gate, verify, local } = start({ access: validToken() });
    gate.send({ type: 'route.change', path: '/edu/groups' });
    await settled(gate);
    gate.send({ type: 'route.change', path: '/edu/groups?status=active&page=2' });
    expect(gate.getSnapshot().matches({ authorized: 'idle' })).toBe(true);
    expect(connectAuthGate(gate.getSnapshot()).busy).toBe(false);
    expect(local.getItem(LAST_VISITED_PATH_KEY)).toBe('/edu/groups?status=active&page=2');
    gate.send({ type: 'route.change', path: '/edu/rooms?status=active' });
    expect(gate.getSnapshot().matches({ authorized: 'rechecking' })).toBe(true);
    await settled(gate);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('re-verifies on me.refetch', async () => {
    const { gate, verify } = start({ access: validToken() });
    gate.send({ type: 'route.change', path: '/' });
    await settled(gate);
    gate.send({ type: 'me.refetch' });
    expect(gate.getSnapshot().matches({ authorized: 'rechecking' })).toBe(true);
    await settled(gate);
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('a route change during the first check restarts it for the new path', async () => {
    const first = deferred<Me>();
    let calls = 0;
    const { gate } = start({ access: validToken(), verify: () => (++calls === 1 ? first.promise : Promise.reject(new ApiError(401))) });
    gate.send({ type: 'route.change', path: '/a' });
    gate.send({ type: 'route.change', path: '/b' });
    await settled(gate);
    first.resolve(me); // the abandoned check answers late: ignored
    await flush();
    expect(gate.getSnapshot().value).toBe('unauthorized');
    expect(gate.getSnapshot().context.path).toBe('/b');
  });

  it('going to /login while authorized forgets the user', async () => {
    const { gate } = start({ access: validToken() });
    gate.send({ type: 'route.change', path: '/' });
    await settled(gate);
    gate.send({ type: 'route.change', path: '/login' });
    expect(gate.getSnapshot().value).toBe('public');
    expect(connectAuthGate(gate.getSnapshot()).me).toBeNull();
  });

  it('logout: server told, storage cleared, previous path remembered, session cleared, /login', async () => {
    const { gate, session, local, navigate, serverLogout } = start({ access: validToken(), refresh: validToken() });
    session.setItem('activeTab', 'x');
    gate.send({ type: 'route.change', path: '/employees?tab=attendance' });
    await settled(gate);
    gate.send({ type: 'session.logout' });
    expect(serverLogout).toHaveBeenCalledTimes(1);
    expect(local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: '/employees?tab=attendance' });
    expect(session.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(gate.getSnapshot().value).toBe('unauthorized');
    expect(gate.getSnapshot().context.session.getSnapshot().value).toBe('lost');
  });

  it('calls the server logout before storage is cleared', async () => {
    const access = validToken('a');
    const { gate, local } = start({ access, refresh: validToken() });
    let tokenAtLogout: string | null = 'unset';
    const logoutGate = createActor(
      authGateMachine.provide({
        actors: { verify: fromPromise(async () => me) },
        actions: { navigate: () => {}, callServerLogout: () => void (tokenAtLogout = local.getItem(ACCESS_TOKEN_KEY)) },
      }),
      { input: { session: gate.getSnapshot().context.session, store: gate.getSnapshot().context.store } },
    ).start();
    logoutGate.send({ type: 'route.change', path: '/' });
    await settled(logoutGate);
    logoutGate.send({ type: 'session.logout' });
    expect(tokenAtLogout).toBe(access);
  });

  it('session.lost while authorized: storage cleared but lastVisitedPath, /login', async () => {
    const { gate, local, navigate } = start({ access: validToken(), refresh: validToken() });
    gate.send({ type: 'route.change', path: '/leads/orders' });
    await settled(gate);
    gate.send({ type: 'session.lost' });
    expect(gate.getSnapshot().value).toBe('unauthorized');
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: '/leads/orders' });
  });

  it('login.succeeded stores the pair through the session and returns to lastVisitedPath', async () => {
    const { gate, local, navigate } = start({});
    local.setItem(LAST_VISITED_PATH_KEY, '/students/info?id=4');
    gate.send({ type: 'route.change', path: '/login' });
    const tokens = { access_token: validToken('a'), refresh_token: validToken('r') };
    gate.send({ type: 'login.succeeded', tokens });
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe(tokens.access_token);
    expect(local.getItem(REFRESH_TOKEN_KEY)).toBe(tokens.refresh_token);
    expect(gate.getSnapshot().context.session.getSnapshot().value).toBe('ready');
    expect(navigate).toHaveBeenCalledWith('/students/info?id=4');
  });

  it("login.succeeded with no remembered path goes to '/'", () => {
    const { gate, navigate } = start({});
    gate.send({ type: 'route.change', path: '/login' });
    gate.send({ type: 'login.succeeded', tokens: { access_token: validToken(), refresh_token: validToken() } });
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
