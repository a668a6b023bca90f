// HS256 JWTs (jose). Access: {sub, sid, typ:'access', iat, exp}; refresh: {sub, sid, jti, typ:'refresh', iat, exp}.
// Verification accepts exactly what pair() signs: HS256 with this process's key, the header {alg, typ: 'JWT'},
// exactly the claim names of the token's type, an unexpired exp. Anything else is "not signed in".
import { SignJWT, jwtVerify } from 'jose';

export type AccessClaims = { employeeId: number; sessionId: string };
export type RefreshClaims = AccessClaims & { jti: string };
export type TokenPair = { access_token: string; refresh_token: string };

export type TokenService = {
  /**
   * A new pair for the session. `notAfter` (epoch seconds) is the session's absolute deadline: neither token
   * outlives it, whatever the configured lifetimes.
   */
  pair(claims: RefreshClaims & { notAfter: number }): Promise<TokenPair>;
  /** The claims of a valid, unexpired access token, or null. */
  verifyAccess(token: string): Promise<AccessClaims | null>;
  /** The claims of a valid, unexpired refresh token, or null. */
  verifyRefresh(token: string): Promise<RefreshClaims | null>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALGORITHM = 'HS256';
const HEADER_NAMES = ['alg', 'typ'];
const CLAIM_NAMES = {
  access: ['sub', 'sid', 'typ', 'iat', 'exp'],
  refresh: ['sub', 'sid', 'jti', 'typ', 'iat', 'exp'],
} as const;

type TokenType = keyof typeof CLAIM_NAMES;

/** Access tokens verified lately, kept so a session's every request does not repeat the HMAC (a WebCrypto job). */
const VERIFIED_KEPT = 10_000;

const sameNames = (actual: string[], expected: readonly string[]) =>
  actual.length === expected.length && expected.every((name) => actual.includes(name));

export function createTokenService(secret: string, ttl: { access: number; refresh: number }): TokenService {
  // Imported once: given raw bytes, jose imports a new CryptoKey on every sign and verify (every request).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

  function sign(payload: Record<string, unknown>, subject: number, exp: number, jti?: string) {
    const jwt = new SignJWT(payload)
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(subject))
      .setIssuedAt()
      .setExpirationTime(exp);
    return key.then((k) => (jti ? jwt.setJti(jti) : jwt).sign(k));
  }

  async function verify(token: string, typ: TokenType) {
    try {
      // The algorithm allowlist refuses 'none', RS*/ES* (key confusion) and HS384/HS512 before the MAC is read;
      // the key is always this process's secret, so jwk/jku/kid headers cannot choose another one.
      const { payload, protectedHeader } = await jwtVerify(token, await key, {
        algorithms: [ALGORITHM],
        typ: 'JWT',
        requiredClaims: [...CLAIM_NAMES[typ]],
      });
      if (!sameNames(Object.keys(protectedHeader), HEADER_NAMES)) return null;
      if (!sameNames(Object.keys(payload), CLAIM_NAMES[typ]) || payload.typ !== typ) return null;
      // sub is the employee id as a decimal string (RFC 7519 makes it a string), nothing looser.
      if (typeof payload.sub !== 'string' || !/^[1-9]\d*$/.test(payload.sub)) return null;
      const employeeId = Number(payload.sub);
      const sessionId = payload.sid;
      if (!Number.isSafeInteger(employeeId)) return null;
      if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return null;
      return { employeeId, sessionId, jti: payload.jti, exp: payload.exp as number };
    } catch {
      // Bad signature, malformed token or expired: all mean "not signed in".
      return null;
    }
  }

  // Keyed by the whole token, so a token that differs in any byte is verified afresh; a kept one still expires at
  // its exp (jose's rule: expired when exp <= now). Oldest first out when full (Map keeps insertion order).
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();

  return {
    async pair({ employeeId, sessionId, jti, notAfter }) {
      const now = Math.floor(Date.now() / 1000);
      const [access_token, refresh_token] = await Promise.all([
        sign({ sid: sessionId, typ: 'access' }, employeeId, Math.min(now + ttl.access, notAfter)),
        sign({ sid: sessionId, typ: 'refresh' }, employeeId, Math.min(now + ttl.refresh, notAfter), jti),
      ]);
      return { access_token, refresh_token };
    },
    async verifyAccess(token) {
      const now = Math.floor(Date.now() / 1000);
      const kept = verified.get(token);
      if (kept) {
        if (kept.exp > now) return { ...kept.claims };
        verified.delete(token);
        return null;
      }
      const claims = await verify(token, 'access');
      if (!claims) return null;
      const access = { employeeId: claims.employeeId, sessionId: claims.sessionId };
      if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value as string);
      verified.set(token, { claims: access, exp: claims.exp });
      return access;
    },
    async verifyRefresh(token) {
      const claims = await verify(token, 'refresh');
      if (!claims || typeof claims.jti !== 'string' || claims.jti === '') return null;
      return { employeeId: claims.employeeId, sessionId: claims.sessionId, jti: claims.jti };
    },
  };
}
