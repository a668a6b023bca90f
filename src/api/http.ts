// The HTTP client. Every authenticated call goes through the session machine (spec "Request session handling"):
// - before a request, an expired access token (read from localStorage at that moment) makes it send
//   `token.expired` and wait until the session settles; no usable token then → RefreshTokenExpiredError;
// - after a 401 it sends `token.rejected` with the token it used, waits, and retries exactly once with the new
//   token; a second 401 (or a 401 the session could not refresh) passes through as an ApiError.
// The session machine answers `token.rejected` only for the current token and runs one refresh at a time, so five
// concurrent 401s cost one refresh and ten fetches.
import redaxios, { type Options } from 'redaxios';
import { waitFor } from 'xstate';
import { currentLang } from '../i18n/language';
import { isTokenExpired } from '../lib/jwt';
import { cleanParams, type QueryValue } from '../lib/params';
import type { SessionStore } from '../lib/sessionStore';
import type { SessionActorRef } from '../machines/session';
import { RefreshTokenExpiredError, statusOf, toApiError } from './errors';

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

/** Anything with a zod-like `parse`; the contract schemas fit. */
export type Schema<T> = { parse(data: unknown): T };
/** A schema fetched when a response needs it, so a module of the first load need not bring zod along. */
export type LazySchema<T> = { load(): Promise<Schema<T>> };

/** Wraps a dynamic import of a schema; the import runs once, on the first successful response. */
export function lazySchema<T>(load: () => Promise<Schema<T>>): LazySchema<T> {
  let loading: Promise<Schema<T>> | null = null;
  return {
    load: () =>
      (loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      })),
  };
}

export type RequestOptions<T> = {
  params?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Parses (and types) the response body. */
  schema?: Schema<T> | LazySchema<T>;
  responseType?: Options['responseType'];
};

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Send = <T>(method: Method, url: string, token: string | null, body: unknown, options: RequestOptions<T>) => Promise<T>;

// Reads globalThis.fetch at call time, so tests can stub it and browsers get it with the right `this`.
const globalFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

function createSender(baseURL: string, fetchImpl: typeof fetch): Send {
  const client = redaxios.create({ baseURL, fetch: fetchImpl });
  return async (method, url, token, body, options) => {
    const headers: Record<string, string> = { 'Accept-Language': currentLang(), ...options.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await client(url, {
      method,
      data: body,
      headers,
      params: options.params ? cleanParams(options.params) : undefined,
      responseType: options.responseType,
    });
    if (!options.schema) return response.data as never;
    const schema = 'load' in options.schema ? await options.schema.load() : options.schema;
    return schema.parse(response.data);
  };
}

export type Api = {
  get<T = unknown>(url: string, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(url: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(url: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(url: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  patch<T = unknown>(url: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
};

function methods(call: <T>(method: Method, url: string, body: unknown, options?: RequestOptions<T>) => Promise<T>): Api {
  return {
    get: (url, options) => call('get', url, undefined, options),
    delete: (url, options) => call('delete', url, undefined, options),
    post: (url, body, options) => call('post', url, body, options),
    put: (url, body, options) => call('put', url, body, options),
    patch: (url, body, options) => call('patch', url, body, options),
  };
}

export type HttpClientDeps = {
  /** The session actor; a function so the app can attach it after this module loads. */
  session: () => SessionActorRef;
  /** Where the tokens are read; default: the session actor's own store, so both always agree. */
  store?: SessionStore;
  fetch?: typeof fetch;
  baseURL?: string;
};

/** An authenticated client bound to a session actor (the app's `api` below, or a test's own). */
export function createHttpClient(deps: HttpClientDeps): Api {
  const send = createSender(deps.baseURL ?? API_BASE, deps.fetch ?? globalFetch);
  const currentAccess = () => (deps.store ?? deps.session().getSnapshot().context.store).readTokens().access;

  async function settle(event: { type: 'token.expired' } | { type: 'token.rejected'; token: string | null }) {
    const session = deps.session();
    session.send(event);
    await waitFor(session, (s) => !s.matches('refreshing'));
  }

  async function freshToken(): Promise<string> {
    const token = currentAccess();
    if (token && !isTokenExpired(token, Date.now())) return token;
    await settle({ type: 'token.expired' });
    const after = currentAccess();
    if (after && !isTokenExpired(after, Date.now())) return after;
    throw new RefreshTokenExpiredError();
  }

  async function call<T>(method: Method, url: string, body: unknown, options: RequestOptions<T> = {}): Promise<T> {
    const token = await freshToken();
    try {
      return await send(method, url, token, body, options);
    } catch (error) {
      if (statusOf(error) !== 401) throw toApiError(error);
      await settle({ type: 'token.rejected', token });
      const next = currentAccess();
      // No newer token: the session could not refresh, so the 401 stands.
      if (!next || next === token || isTokenExpired(next, Date.now())) throw toApiError(error);
      try {
        return await send(method, url, next, body, options);
      } catch (retryError) {
        throw toApiError(retryError);
      }
    }
  }

  return methods(call);
}

export type PublicRequestOptions<T> = RequestOptions<T> & {
  /** A bearer token sent as is, with no refresh: the gate's verification and logout use it. */
  token?: string | null;
};

export type PublicApi = {
  get<T = unknown>(url: string, options?: PublicRequestOptions<T>): Promise<T>;
  post<T = unknown>(url: string, body?: unknown, options?: PublicRequestOptions<T>): Promise<T>;
};

/** Calls that must not go through the session: sign-in, refresh, the gate's verification, logout. */
export function createPublicClient(deps: { fetch?: typeof fetch; baseURL?: string } = {}): PublicApi {
  const send = createSender(deps.baseURL ?? API_BASE, deps.fetch ?? globalFetch);
  const call = async <T>(method: Method, url: string, body: unknown, options: PublicRequestOptions<T> = {}) => {
    try {
      return await send(method, url, options.token ?? null, body, options);
    } catch (error) {
      throw toApiError(error);
    }
  };
  return {
    get: (url, options) => call('get', url, undefined, options),
    post: (url, body, options) => call('post', url, body, options),
  };
}

let attachedSession: SessionActorRef | null = null;

/** Binds the app's `api` to the session actor; createAppActors does this. */
export function attachSession(session: SessionActorRef | null): void {
  attachedSession = session;
}

export const api: Api = createHttpClient({
  session: () => {
    if (!attachedSession) throw new Error('api: no session actor attached (call createAppActors first)');
    return attachedSession;
  },
});

export const publicApi: PublicApi = createPublicClient();
