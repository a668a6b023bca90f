import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  changePassword,
  fetchFilials,
  fetchMe,
  fetchNotifications,
  logoutSession,
  markNotificationRead,
  refreshTokens,
  signIn,
} from '../../../src/api/auth';
import { ApiError } from '../../../src/api/errors';
import { attachSession } from '../../../src/api/http';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../../../src/lib/storage';
import { sessionMachine } from '../../../src/machines/session';
import { MemoryStorage, expiredToken, validToken } from '../support/fakes';

type Call = { url: string; method: string; authorization: string | null; body: unknown };

const me = { id: 7, role: 'ADMINISTRATOR', full_name: 'Ali Valiyev', phone: '+998901234567', photo: null, filial: [1], pages: [] };

function stubServer(answer: (call: Call) => { status: number; body?: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call = {
      url: String(input),
      method: init?.method ?? 'GET',
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const { status, body } = answer(call);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  return calls;
}

describe('auth calls', () => {
  const local = new MemoryStorage();
  beforeEach(() => {
    local.clear();
    vi.stubGlobal('localStorage', local);
    vi.stubGlobal('sessionStorage', new MemoryStorage());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    attachSession(null);
  });

  it('signs in with the phone as +998XXXXXXXXX, unauthenticated, and parses the pair', async () => {
    const pair = { access_token: 'a', refresh_token: 'r' };
    const calls = stubServer(() => ({ status: 200, body: pair }));
    await expect(signIn({ phone: '+998 90 123 45 67', password: 'secret' })).resolves.toEqual(pair);
    expect(calls[0]).toMatchObject({ url: '/api/auth/token', method: 'POST', authorization: null, body: { phone: '+998901234567', password: 'secret' } });
  });

  it('rejects a malformed token answer', async () => {
    stubServer(() => ({ status: 200, body: { access_token: 'a' } }));
    await expect(signIn({ phone: '+998901234567', password: 'x' })).rejects.toThrow();
  });

  it('surfaces a wrong password as ApiError 401', async () => {
    stubServer(() => ({ status: 401, body: { detail: 'Invalid phone or password' } }));
    await expect(signIn({ phone: '+998901234567', password: 'x' })).rejects.toMatchObject({ status: 401, detail: 'Invalid phone or password' });
  });

  it('refreshes at POST /auth/refresh/', async () => {
    const calls = stubServer(() => ({ status: 200, body: { access_token: 'a2', refresh_token: 'r2' } }));
    await expect(refreshTokens('r1')).resolves.toEqual({ access_token: 'a2', refresh_token: 'r2' });
    expect(calls[0]).toMatchObject({ url: '/api/auth/refresh/', method: 'POST', body: { refresh_token: 'r1' } });
  });

  it('verifies with exactly the given token, or none, and parses me', async () => {
    const calls = stubServer((c) => (c.authorization ? { status: 200, body: me } : { status: 401, body: { detail: 'no' } }));
    await expect(fetchMe('tok')).resolves.toEqual(me);
    expect(calls[0]).toMatchObject({ url: '/api/auth/me/', authorization: 'Bearer tok' });
    const error = await fetchMe(null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it('logs out with the access token and never rejects', async () => {
    const calls = stubServer(() => ({ status: 500 }));
    await expect(logoutSession({ access: validToken('a'), refresh: validToken('r') })).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/auth/logout/', method: 'POST' });
    expect(calls[0].authorization).toMatch(/^Bearer /);
  });

  it('swaps an expired access token through a refresh before logging out', async () => {
    const fresh = validToken('fresh');
    const calls = stubServer((c) => (c.url.endsWith('/auth/refresh/') ? { status: 200, body: { access_token: fresh, refresh_token: 'r2' } } : { status: 204 }));
    await logoutSession({ access: expiredToken('a'), refresh: validToken('r') });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh/', '/api/auth/logout/']);
    expect(calls[1].authorization).toBe(`Bearer ${fresh}`);
  });

  it('skips the logout call when there is nothing to sign out with', async () => {
    const calls = stubServer(() => ({ status: 204 }));
    await logoutSession({ access: null, refresh: null });
    expect(calls).toHaveLength(0);
  });

  describe('through the session', () => {
    const token = validToken('a');
    beforeEach(() => {
      local.setItem(ACCESS_TOKEN_KEY, token);
      local.setItem(REFRESH_TOKEN_KEY, validToken('r'));
      attachSession(createActor(sessionMachine, { input: {} }).start());
    });

    it('fetches unread notifications of the user', async () => {
      const items = [{ id: 1, comment: 'Call back', is_read: false, created_at: '2026-01-05T10:00:00+05:00' }];
      const calls = stubServer(() => ({ status: 200, body: items }));
      await expect(fetchNotifications(7)).resolves.toEqual(items);
      expect(calls[0]).toMatchObject({ url: '/api/notifications/no-pg/?user=7&is_read=false', authorization: `Bearer ${token}` });
    });

    it('marks a notification read, changes a password, lists branches', async () => {
      const calls = stubServer((c) => ({ status: 200, body: c.url.includes('filial') ? [{ id: 1, name: 'Chilonzor' }] : {} }));
      await markNotificationRead(5);
      await changePassword(9, 'new-secret');
      await expect(fetchFilials()).resolves.toEqual([{ id: 1, name: 'Chilonzor' }]);
      expect(calls.map((c) => [c.method, c.url, c.body])).toEqual([
        ['PATCH', '/api/notifications/5', { is_read: true }],
        ['PATCH', '/api/auth/update/9/', { password: 'new-secret' }],
        ['GET', '/api/filial/no-pg/', undefined],
      ]);
    });
  });

  it('refuses authenticated calls before a session is attached', async () => {
    stubServer(() => ({ status: 200, body: [] }));
    await expect(fetchFilials()).rejects.toThrow(/no session actor attached/);
  });
});
