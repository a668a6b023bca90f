// Auth, branch and notification calls of spec section 7, parsed with the contract schemas.
import type { Me, TokenPair } from '../../contract/auth';
import type { Filial } from '../../contract/filial';
import type { Notification } from '../../contract/notifications';
import { isTokenExpired } from '../lib/jwt';
import { phoneToWire } from '../lib/phone';
import { browserSessionStore } from '../lib/sessionStore';
import { api, lazySchema, publicApi } from './http';

// The schemas (and zod) arrive with the first answer that needs them, not with the login page.
const schemas = () => import('./authSchemas');
const tokenPair = lazySchema<TokenPair>(() => schemas().then((s) => s.tokenPair));
const me = lazySchema<Me>(() => schemas().then((s) => s.me));
const filials = lazySchema<Filial[]>(() => schemas().then((s) => s.filials));
const notifications = lazySchema<Notification[]>(() => schemas().then((s) => s.notifications));

/** POST /auth/token with the phone as +998XXXXXXXXX. */
export function signIn(credentials: { phone: string; password: string }): Promise<TokenPair> {
  return publicApi.post('/auth/token', { phone: phoneToWire(credentials.phone), password: credentials.password }, { schema: tokenPair });
}

/** POST /auth/refresh/: rotates the pair. Unauthenticated: it must not wait for the session it is refreshing. */
export function refreshTokens(refreshToken: string): Promise<TokenPair> {
  return publicApi.post('/auth/refresh/', { refresh_token: refreshToken }, { schema: tokenPair });
}

/**
 * GET /auth/me/ with exactly the given access token (default: the stored one), no refresh: the gate has already
 * refreshed if it could, and spec section 4 step 5 makes the call even with no valid token (expecting 401).
 */
export function fetchMe(accessToken: string | null = browserSessionStore().readTokens().access): Promise<Me> {
  return publicApi.get('/auth/me/', { token: accessToken, schema: me });
}

/** PATCH /auth/update/{id}/ with the new password. */
export function changePassword(id: number, password: string): Promise<unknown> {
  return api.patch(`/auth/update/${id}/`, { password });
}

/**
 * POST /auth/logout/, best effort: never rejects. Called with the tokens read before storage is cleared. The
 * server revokes the session of the access token it is given, so an expired one is first swapped through a
 * direct refresh (not the session machine: storage is already being cleared and nothing should wait on it).
 */
export async function logoutSession(tokens: { access: string | null; refresh: string | null }): Promise<void> {
  try {
    let access = tokens.access;
    if (isTokenExpired(access, Date.now()) && tokens.refresh && !isTokenExpired(tokens.refresh, Date.now())) {
      access = (await refreshTokens(tokens.refresh)).access_token;
    }
    if (!access) return;
    await publicApi.post('/auth/logout/', undefined, { token: access });
  } catch {
    // Signed out locally either way; an unreachable server must not keep the user in.
  }
}

export function fetchFilials(): Promise<Filial[]> {
  return api.get('/filial/no-pg/', { schema: filials });
}

/** GET /notifications/no-pg/?user={id}&is_read=false. */
export function fetchNotifications(userId: number): Promise<Notification[]> {
  return api.get('/notifications/no-pg/', { params: { user: userId, is_read: false }, schema: notifications });
}

export function markNotificationRead(id: number): Promise<unknown> {
  return api.patch(`/notifications/${id}`, { is_read: true });
}
