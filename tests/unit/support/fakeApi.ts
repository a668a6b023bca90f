import { ApiError } from '../../../src/api/errors';
// A fake API behind `fetch` for the HTTP client: it accepts only the access token it currently considers valid,
// rotates the pair on /auth/refresh/, and counts every call. Refreshes can be held open to test waiting.
import { deferred, validToken, type Deferred } from './fakes';

export type FakeApi = ReturnType<typeof createFakeApi>;

export function createFakeApi(initial: { access: string; refresh: string }) {
  const state = {
    validAccess: initial.access,
    validRefresh: initial.refresh,
    resourceCalls: 0,
    refreshCalls: 0,
    generation: 0,
    /** When set, /auth/refresh/ answers only once this resolves (true: rotate, false: 401). */
    holdRefresh: null as Deferred<boolean> | null,
    /** Answer every resource call with this status whatever the token. */
    forceStatus: null as number | null,
    seen: [] as { url: string; method: string; authorization: string | null; acceptLanguage: string | null; body: unknown }[],
  };

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    state.seen.push({
      url,
      method: init?.method ?? 'GET',
      authorization: headers.get('authorization'),
      acceptLanguage: headers.get('accept-language'),
      body,
    });
    if (url.includes('/auth/refresh/')) {
      state.refreshCalls += 1;
      const ok = state.holdRefresh ? await state.holdRefresh.promise : true;
      if (!ok || (body as { refresh_token?: string }).refresh_token !== state.validRefresh) return json(401, { detail: 'Invalid refresh token' });
      state.generation += 1;
      state.validAccess = validToken(`access-${state.generation}`);
      state.validRefresh = validToken(`refresh-${state.generation}`);
      return json(200, { access_token: state.validAccess, refresh_token: state.validRefresh });
    }
    state.resourceCalls += 1;
    if (state.forceStatus) return json(state.forceStatus, { detail: 'forced' });
    if (headers.get('authorization') !== `Bearer ${state.validAccess}`) return json(401, { detail: 'Invalid token' });
    return json(200, { ok: true, url });
  };

  return Object.assign(state, {
    fetch,
    /** The server revokes the current access token (as after a restart of its clock, or a rotation elsewhere). */
    rotateAccessOnly() {
      state.generation += 1;
      state.validAccess = validToken(`server-only-${state.generation}`);
    },
    holdNextRefresh() {
      state.holdRefresh = deferred<boolean>();
      return state.holdRefresh;
    },
  });
}

/** The real refresh call (POST /auth/refresh/) through the fake server's fetch. */
export function refreshVia(server: FakeApi) {
  return async (refresh_token: string) => {
    const res = await server.fetch('/api/auth/refresh/', { method: 'POST', body: JSON.stringify({ refresh_token }) });
    if (!res.ok) throw new ApiError(res.status);
    return (await res.json()) as { access_token: string; refresh_token: string };
  };
}
