// HS256 JWTs (jose). Access: {sub, sid, typ:'access'}; refresh: {sub, sid, jti, typ:'refresh'}; both with exp.
import { SignJWT, jwtVerify } from 'jose';

export type AccessClaims = { employeeId: number; sessionId: string };
export type RefreshClaims = AccessClaims & { jti: string };
export type TokenPair = { access_token: string; refresh_token: string };

export type TokenService = {
  pair(claims: RefreshClaims): Promise<TokenPair>;
  /** The claims of a valid, unexpired access token, or null. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
  /** The claims of a valid, unexpired refresh token, or null. */
  verifyRefresh(token: string): Promise<RefreshClaims | null>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTokenService(secret: string, ttl: { access: number; refresh: number }): TokenService {
  const key = new TextEncoder().encode(secret);

  function sign(payload: Record<string, unknown>, subject: number, seconds: number, jti?: string) {
    const jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(subject))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + seconds);
    return (jti ? jwt.setJti(jti) : jwt).sign(key);
  }

  async function verify(token: string, typ: 'access' | 'refresh') {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
      const employeeId = Number(payload.sub);
      const sessionId = payload.sid;
      if (payload.typ !== typ || !Number.isSafeInteger(employeeId) || employeeId <= 0) return null;
      if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return null;
      return { employeeId, sessionId, jti: payload.jti };
    } catch {
      // Bad signature, malformed token or expired: all mean "not signed in".
      return null;
    }
  }

  return {
    async pair({ employeeId, sessionId, jti }) {
      const [access_token, refresh_token] = await Promise.all([
        sign({ sid: sessionId, typ: 'access' }, employeeId, ttl.access),
        sign({ sid: sessionId, typ: 'refresh' }, employeeId, ttl.refresh, jti),
      ]);
      return { access_token, refresh_token };
    },
    async verifyAccess(token) {
      const claims = await verify(token, 'access');
      return claims && { employeeId: claims.employeeId, sessionId: claims.sessionId };
    },
    async verifyRefresh(token) {
      const claims = await verify(token, 'refresh');
      if (!claims || typeof claims.jti !== 'string' || claims.jti === '') return null;
      return { employeeId: claims.employeeId, sessionId: claims.sessionId, jti: claims.jti };
    },
  };
}
