// The token pair and lastVisitedPath as the session machine, the auth gate and the HTTP client see them.
// localStorage is the source of truth (read at the moment of use), so several tabs agree on the current pair.
import {
  ACCESS_TOKEN_KEY,
  LAST_VISITED_PATH_KEY,
  REFRESH_TOKEN_KEY,
  clearStorageKeepingLastPath,
  type KeyValueStorage,
} from './storage';

export type StoredTokens = { access: string | null; refresh: string | null };
export type TokenPairLike = { access_token: string; refresh_token: string };

export interface SessionStore {
  readTokens(): StoredTokens;
  writeTokens(pair: TokenPairLike): void;
  clearTokens(): void;
  /** Clears local and session storage but keeps lastVisitedPath (spec section 4). */
  clearKeepingLastPath(): void;
  rememberPath(path: string): void;
  lastPath(): string | null;
}

/** A store over two storages, looked up on every call (so tests and pages may swap them at any time). */
export function createSessionStore(local: () => KeyValueStorage, session: () => Pick<Storage, 'clear'>): SessionStore {
  return {
    readTokens: () => ({ access: local().getItem(ACCESS_TOKEN_KEY), refresh: local().getItem(REFRESH_TOKEN_KEY) }),
    writeTokens(pair) {
      local().setItem(ACCESS_TOKEN_KEY, pair.access_token);
      local().setItem(REFRESH_TOKEN_KEY, pair.refresh_token);
    },
    clearTokens() {
      local().removeItem(ACCESS_TOKEN_KEY);
      local().removeItem(REFRESH_TOKEN_KEY);
    },
    clearKeepingLastPath: () => clearStorageKeepingLastPath(local(), session()),
    rememberPath: (path) => local().setItem(LAST_VISITED_PATH_KEY, path),
    lastPath: () => local().getItem(LAST_VISITED_PATH_KEY),
  };
}

/** The browser's localStorage and sessionStorage. */
export function browserSessionStore(): SessionStore {
  return createSessionStore(
    () => globalThis.localStorage,
    () => globalThis.sessionStorage,
  );
}
