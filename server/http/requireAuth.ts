// Bearer access token → the signed-in user on the context, or 401 `{detail}`.
import type { MiddlewareHandler } from 'hono';
import { loadSessionUser } from '../auth/sessionUser';
import type { AppDeps, AppEnv } from './context';
import { declareAuthGate } from './declare';
import { unauthorized } from '../domain/core/errors';

export function requireAuth(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!match) throw unauthorized('Authentication credentials were not provided');
    const claims = await (await deps.tokens()).verifyAccess(match[1]);
    if (!claims) throw unauthorized('Token is invalid or expired');
    const user = await loadSessionUser(deps.db, claims, deps.config.sessionMaxAge);
    if (!user) throw unauthorized('Session has ended; sign in again');
    c.set('user', user);
    c.set('sessionId', claims.sessionId);
    await next();
  };
  return declareAuthGate(middleware);
}
