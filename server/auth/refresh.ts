// POST /auth/refresh/: rotate the session's refresh token. Presenting a token that is no longer the family's
// current one means it was copied: the whole session is revoked and the caller must sign in again. A session past
// its sliding expiry or its absolute deadline cannot be refreshed.
import { audit } from '../domain/audit/record';
import type { AppDeps } from '../http/context';
import { unauthorized } from '../domain/core/errors';
import { revokeOnReuse, rotateSession } from './sessions';
import type { TokenPair } from './tokens';

export async function refreshTokens({ db, config, tokens }: AppDeps, refreshToken: string, ip: string): Promise<TokenPair> {
  const service = await tokens();
  const claims = await service.verifyRefresh(refreshToken);
  if (!claims) throw unauthorized('Refresh token is invalid or expired');

  const rotated = await rotateSession(db, { ...claims, ttlSeconds: config.refreshTtl, maxAgeSeconds: config.sessionMaxAge });
  // The new pair keeps the family's deadline from sign-in: refreshing never extends a session past it.
  if (rotated) return service.pair({ ...claims, ...rotated });

  const revoked = await db.transaction(async (tx) => {
    if (!(await revokeOnReuse(tx, claims.sessionId, claims.jti))) return false;
    await audit(tx, {
      actorId: null,
      action: 'auth.refresh_reuse',
      entity: 'session',
      entityId: claims.sessionId,
      after: { employee_id: claims.employeeId, revoked_reason: 'reuse' },
      ip,
    });
    return true;
  });
  throw unauthorized(revoked ? 'Refresh token was already used; the session has been revoked' : 'Refresh token is invalid or expired');
}
