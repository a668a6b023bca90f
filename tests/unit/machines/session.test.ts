import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ACCESS_TOKEN_KEY, LAST_VISITED_PATH_KEY, REFRESH_TOKEN_KEY } from '../../../src/lib/storage';
import { connectSession, createSessionActor, refreshLogic, sessionMachine } from '../../../src/machines/session';
import { deferred, expiredToken, flush, memoryStores, validToken } from '../support/fakes';

function start(tokens: { access?: string | null; refresh?: string | null }, call = vi.fn(async () => ({ access_token: validToken('new'), refresh_token: validToken('new-r') }))) {
  const stores = memoryStores();
  if (tokens.access) stores.local.setItem(ACCESS_TOKEN_KEY, tokens.access);
  if (tokens.refresh) stores.local.setItem(REFRESH_TOKEN_KEY, tokens.refresh);
  const actor = createActor(sessionMachine.provide({ actors: { refresh: refreshLogic(call) } }), { input: { store: stores.store } }).start();
  const lost = vi.fn();
  actor.on('session.lost', lost);
  return { ...stores, actor, call, lost };
}

describe('session machine', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stays ready when the access token is still valid (someone already refreshed)', () => {
    const { actor, call } = start({ access: validToken(), refresh: validToken() });
    actor.send({ type: 'token.expired' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(call).not.toHaveBeenCalled();
  });

  it('refreshes once for many token.expired and stores the new pair', async () => {
    const gate = deferred<{ access_token: string; refresh_token: string }>();
    const refresh = validToken('r');
    const { actor, call, local } = start({ access: expiredToken(), refresh }, vi.fn(() => gate.promise));
    actor.send({ type: 'token.expired' });
    actor.send({ type: 'token.expired' });
    actor.send({ type: 'token.rejected', token: null });
    expect(connectSession(actor.getSnapshot()).refreshing).toBe(true);
    await flush();
    const pair = { access_token: validToken('a2'), refresh_token: validToken('r2') };
    gate.resolve(pair);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith(refresh);
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe(pair.access_token);
    expect(local.getItem(REFRESH_TOKEN_KEY)).toBe(pair.refresh_token);
  });

  it('is lost, without refreshing or clearing, when there is no valid refresh token', () => {
    for (const refresh of [null, expiredToken('r'), 'garbage']) {
      const { actor, call, local, lost } = start({ access: expiredToken(), refresh });
      actor.send({ type: 'token.expired' });
      expect(connectSession(actor.getSnapshot()).lost).toBe(true);
      expect(call).not.toHaveBeenCalled();
      expect(lost).not.toHaveBeenCalled();
      expect(local.getItem(REFRESH_TOKEN_KEY)).toBe(refresh);
    }
  });

  it('ignores token.rejected for a token that is no longer the current one', () => {
    const { actor, call } = start({ access: validToken('current'), refresh: validToken() });
    actor.send({ type: 'token.rejected', token: validToken('older') });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(call).not.toHaveBeenCalled();
  });

  it('refreshes after token.rejected for the current token', async () => {
    const current = validToken('current');
    const { actor, call } = start({ access: current, refresh: validToken() });
    actor.send({ type: 'token.rejected', token: current });
    expect(actor.getSnapshot().value).toBe('refreshing');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('on refresh failure logs, clears storage but lastVisitedPath, emits session.lost, is lost', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('401');
    const { actor, local, session, lost } = start({ access: expiredToken(), refresh: validToken() }, vi.fn(() => Promise.reject(error)));
    local.setItem(LAST_VISITED_PATH_KEY, '/cashiers');
    local.setItem('savedFilial', '2');
    session.setItem('activeTab', 'x');
    actor.send({ type: 'token.expired' });
    await waitFor(actor, (s) => s.matches('lost'));
    expect(log).toHaveBeenCalledWith('Failed to refresh token', error);
    expect(local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: '/cashiers' });
    expect(session.length).toBe(0);
    expect(lost).toHaveBeenCalledWith({ type: 'session.lost', error });
  });

  it('tokens.set stores the pair and makes the session ready again; tokens.clear removes it', () => {
    const { actor, local } = start({});
    actor.send({ type: 'token.expired' });
    expect(actor.getSnapshot().value).toBe('lost');
    const pair = { access_token: validToken('a'), refresh_token: validToken('r') };
    actor.send({ type: 'tokens.set', ...pair });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe(pair.access_token);
    local.setItem(LAST_VISITED_PATH_KEY, '/x');
    actor.send({ type: 'tokens.clear' });
    expect(actor.getSnapshot().value).toBe('lost');
    expect(local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: '/x' });
  });

  it('leaves lost when another tab has signed in meanwhile', () => {
    const { actor, local } = start({});
    actor.send({ type: 'token.expired' });
    expect(actor.getSnapshot().value).toBe('lost');
    local.setItem(ACCESS_TOKEN_KEY, validToken('other-tab'));
    actor.send({ type: 'token.expired' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('registers the app instance as `session`', () => {
    const actor = createSessionActor({ store: memoryStores().store }).start();
    expect(actor.system.get('session')).toBe(actor);
    actor.stop();
  });
});

describe('refresh logic', () => {
  it('uses the pair another tab stored instead of calling the server', async () => {
    const stale = validToken('stale');
    const { store, local } = memoryStores();
    const fresh = { access: validToken('fresh'), refresh: validToken('fresh-r') };
    local.setItem(ACCESS_TOKEN_KEY, fresh.access);
    local.setItem(REFRESH_TOKEN_KEY, fresh.refresh);
    const call = vi.fn();
    const actor = createActor(refreshLogic(call), { input: { store, staleAccess: stale } }).start();
    await expect(waitFor(actor, (s) => s.status === 'done').then((s) => s.output)).resolves.toEqual({
      access_token: fresh.access,
      refresh_token: fresh.refresh,
    });
    expect(call).not.toHaveBeenCalled();
  });

  it('does not store the new pair when the user signed out while it was running', async () => {
    const { store, local } = memoryStores();
    const refresh = validToken('r');
    local.setItem(ACCESS_TOKEN_KEY, expiredToken('a'));
    local.setItem(REFRESH_TOKEN_KEY, refresh);
    const answer = deferred<{ access_token: string; refresh_token: string }>();
    const actor = createActor(refreshLogic(() => answer.promise), { input: { store, staleAccess: null } }).start();
    await flush();
    local.clear(); // logout
    answer.resolve({ access_token: validToken('late'), refresh_token: validToken('late-r') });
    await waitFor(actor, (s) => s.status === 'done');
    expect(local.length).toBe(0);
  });
});
