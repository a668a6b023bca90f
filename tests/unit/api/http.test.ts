import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError, RefreshTokenExpiredError } from '../../../src/api/errors';
import { createHttpClient } from '../../../src/api/http';
import { ACCESS_TOKEN_KEY, LAST_VISITED_PATH_KEY, REFRESH_TOKEN_KEY } from '../../../src/lib/storage';
import { refreshLogic, sessionMachine } from '../../../src/machines/session';
import { createFakeApi, refreshVia } from '../support/fakeApi';
import { expiredToken, flush, memoryStores, validToken } from '../support/fakes';

function setup(tokens: { access: string | null; refresh: string | null }, server = createFakeApi({ access: tokens.access ?? 'x', refresh: tokens.refresh ?? 'y' })) {
  const { local, store } = memoryStores();
  if (tokens.access) local.setItem(ACCESS_TOKEN_KEY, tokens.access);
  if (tokens.refresh) local.setItem(REFRESH_TOKEN_KEY, tokens.refresh);
  local.setItem(LAST_VISITED_PATH_KEY, '/leads');
  const refreshCall = refreshVia(server);
  const session = createActor(sessionMachine.provide({ actors: { refresh: refreshLogic(refreshCall) } }), { input: { store } }).start();
  const lost = vi.fn();
  session.on('session.lost', lost);
  const api = createHttpClient({ session: () => session, store, fetch: server.fetch, baseURL: '/api' });
  return { api, server, session, local, lost };
}

describe('api (authenticated client)', () => {
  let logError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    logError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends the bearer token, the language, and cleaned params; parses with a schema', async () => {
    const access = validToken('a');
    const { api, server } = setup({ access, refresh: validToken('r') });
    const data = await api.get('/students/', {
      params: { filial: '', page: 2, search: null, is_archived: false },
      schema: { parse: (d: unknown) => (d as { url: string }).url },
    });
    expect(data).toBe('/api/students/?page=2&is_archived=false');
    expect(server.seen[0]).toMatchObject({ authorization: `Bearer ${access}`, acceptLanguage: 'uz', method: 'GET' });
  });

  it('refreshes an expired access token before the request, once, and stores the new pair', async () => {
    const refresh = validToken('r');
    const { api, server, local } = setup({ access: expiredToken('a'), refresh }, createFakeApi({ access: 'none', refresh }));
    await expect(api.post('/lid/', { name: 'x' })).resolves.toMatchObject({ ok: true });
    expect(server.refreshCalls).toBe(1);
    expect(server.resourceCalls).toBe(1);
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe(server.validAccess);
    expect(local.getItem(REFRESH_TOKEN_KEY)).toBe(server.validRefresh);
    expect(server.seen.at(-1)).toMatchObject({ method: 'POST', body: { name: 'x' }, authorization: `Bearer ${server.validAccess}` });
  });

  it("fails with 'Refresh token expired' when the access token expired and no valid refresh token exists", async () => {
    for (const refresh of [null, expiredToken('r')]) {
      const { api, server, session } = setup({ access: expiredToken('a'), refresh });
      const error = await api.get('/students/').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RefreshTokenExpiredError);
      expect((error as Error).message).toBe('Refresh token expired');
      expect(server.resourceCalls + server.refreshCalls).toBe(0);
      expect(session.getSnapshot().value).toBe('lost');
    }
  });

  it('turns five concurrent 401s into one refresh and ten fetches', async () => {
    const stale = validToken('stale');
    const refresh = validToken('r');
    const server = createFakeApi({ access: stale, refresh });
    const { api, session } = setup({ access: stale, refresh }, server);
    server.rotateAccessOnly(); // the server no longer accepts `stale`, though its exp is still ahead
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => api.get(`/students/${n}/`)));
    expect(results.every((r) => (r as { ok: boolean }).ok)).toBe(true);
    expect(server.refreshCalls).toBe(1);
    expect(server.resourceCalls).toBe(10);
    expect(session.getSnapshot().value).toBe('ready');
  });

  it('retries a 401 for an older token with the current one, without refreshing', async () => {
    const refresh = validToken('r');
    const current = validToken('current');
    const server = createFakeApi({ access: current, refresh });
    const { api, session, local } = setup({ access: validToken('old'), refresh }, server);
    const sent = vi.spyOn(session, 'send');
    const request = api.get('/groups/');
    // Another request (or tab) stores a newer pair while this one is in flight with the old token.
    local.setItem(ACCESS_TOKEN_KEY, current);
    await expect(request).resolves.toMatchObject({ ok: true });
    expect(server.refreshCalls).toBe(0);
    expect(server.resourceCalls).toBe(2);
    expect(sent).toHaveBeenCalledWith(expect.objectContaining({ type: 'token.rejected' }));
    expect(session.getSnapshot().value).toBe('ready');
  });

  it('lets a second 401 pass through as an ApiError', async () => {
    const access = validToken('a');
    const server = createFakeApi({ access, refresh: validToken('r') });
    const { api } = setup({ access, refresh: server.validRefresh }, server);
    server.forceStatus = 401;
    const error = await api.get('/students/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(server.resourceCalls).toBe(2);
    expect(server.refreshCalls).toBe(1);
  });

  it('lets a 401 pass through when there is no refresh token to use', async () => {
    const access = validToken('a');
    const server = createFakeApi({ access: 'other', refresh: 'none' });
    const { api } = setup({ access, refresh: null }, server);
    const error = await api.get('/students/').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(server.resourceCalls).toBe(1);
    expect(server.refreshCalls).toBe(0);
  });

  it('fails every waiter when the refresh fails, logs it, clears storage but lastVisitedPath, emits session.lost', async () => {
    const refresh = validToken('r');
    const server = createFakeApi({ access: 'none', refresh });
    const { api, local, lost, session } = setup({ access: expiredToken('a'), refresh }, server);
    const hold = server.holdNextRefresh();
    const requests = [api.get('/a/'), api.get('/b/'), api.get('/c/')].map((p) => p.catch((e: unknown) => e));
    await flush();
    expect(session.getSnapshot().value).toBe('refreshing');
    hold.resolve(false);
    const errors = await Promise.all(requests);
    expect(errors.map((e) => (e as Error).message)).toEqual(['Refresh token expired', 'Refresh token expired', 'Refresh token expired']);
    expect(server.refreshCalls).toBe(1);
    expect(server.resourceCalls).toBe(0);
    expect(logError).toHaveBeenCalledWith('Failed to refresh token', expect.anything());
    expect(lost).toHaveBeenCalledTimes(1);
    expect(local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: '/leads' });
  });

  it('normalises error bodies: fields, detail, retry_after', async () => {
    const access = validToken('a');
    const fetch: typeof globalThis.fetch = async (input) => {
      const url = String(input);
      if (url.includes('fields')) return new Response(JSON.stringify({ phone: ['validation.phone'], name: 'bad' }), { status: 400 });
      if (url.includes('throttled')) return new Response(JSON.stringify({ detail: 'Too many', retry_after: 42 }), { status: 429 });
      if (url.includes('header')) return new Response('', { status: 429, headers: { 'Retry-After': '7' } });
      throw new TypeError('Failed to fetch');
    };
    const { store, local } = memoryStores();
    local.setItem(ACCESS_TOKEN_KEY, access);
    const session = createActor(sessionMachine, { input: { store } }).start();
    const api = createHttpClient({ session: () => session, store, fetch, baseURL: '/api' });
    const fields = (await api.post('/fields').catch((e: unknown) => e)) as ApiError;
    expect(fields).toMatchObject({ status: 400, fields: { phone: ['validation.phone'], name: ['bad'] }, detail: undefined });
    const throttled = (await api.post('/throttled').catch((e: unknown) => e)) as ApiError;
    expect(throttled).toMatchObject({ status: 429, detail: 'Too many', retryAfter: 42, message: 'Too many' });
    expect(throttled.fields).toBeUndefined();
    expect(await api.post('/header').catch((e: unknown) => e)).toMatchObject({ status: 429, retryAfter: 7 });
    expect(await api.get('/down').catch((e: unknown) => e)).toMatchObject({ status: 0, message: 'Network error' });
  });
});
