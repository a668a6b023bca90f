// The token service alone: lifetimes capped at the session's deadline, and only the issued shape accepted.
import { createHmac, randomUUID } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../../server/auth/tokens';

const SECRET = 'unit-test-secret-unit-test-secret-0123';
const service = createTokenService(SECRET, { access: 900, refresh: 604_800 });
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (claims: JWTPayload, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
};
const session = () => ({ employeeId: 7, sessionId: randomUUID(), jti: randomUUID() });

describe('token service', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a verified access token without checking its MAC again, until its exp', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const kept = createTokenService(SECRET, { access: 900, refresh: 604_800 });
    const { employeeId, sessionId } = session();
    const token = sign({ sub: String(employeeId), sid: sessionId, typ: 'access', iat: now(), exp: now() + 60 });
    const verifies = vi.spyOn(crypto.subtle, 'verify');
    expect(await kept.verifyAccess(token)).toEqual({ employeeId, sessionId });
    expect(await kept.verifyAccess(token)).toEqual({ employeeId, sessionId });
    expect(verifies).toHaveBeenCalledTimes(1);
    // One byte of another signature is another token: verified afresh, and refused.
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await kept.verifyAccess(forged)).toBeNull();
    vi.setSystemTime(Date.now() + 59_000);
    expect(await kept.verifyAccess(token)).toEqual({ employeeId, sessionId });
    vi.setSystemTime(Date.now() + 1_000); // now = exp: expired, as jose has it
    expect(await kept.verifyAccess(token)).toBeNull();
    verifies.mockRestore();
  });

  it('issues the documented header and claims, with the configured lifetimes while the deadline is far', async () => {
    const claims = session();
    const pair = await service.pair({ ...claims, notAfter: now() + 30 * 86_400 });
    expect(decodeProtectedHeader(pair.access_token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const access = decodeJwt(pair.access_token);
    const refresh = decodeJwt(pair.refresh_token);
    expect(Object.keys(access).sort()).toEqual(['exp', 'iat', 'sid', 'sub', 'typ']);
    expect(Object.keys(refresh).sort()).toEqual(['exp', 'iat', 'jti', 'sid', 'sub', 'typ']);
    expect(access.exp! - access.iat!).toBe(900);
    expect(refresh.exp! - refresh.iat!).toBe(604_800);
    expect(await service.verifyAccess(pair.access_token)).toEqual({ employeeId: 7, sessionId: claims.sessionId });
    expect(await service.verifyRefresh(pair.refresh_token)).toEqual(claims);
  });

  it('never lets a token outlive the session deadline', async () => {
    const notAfter = now() + 300;
    const pair = await service.pair({ ...session(), notAfter });
    expect(decodeJwt(pair.access_token).exp).toBe(notAfter);
    expect(decodeJwt(pair.refresh_token).exp).toBe(notAfter);
  });

  it('accepts a hand-made token of exactly the issued shape (the control for the refusals below)', async () => {
    const { employeeId, sessionId } = session();
    const token = sign({ sub: String(employeeId), sid: sessionId, typ: 'access', iat: now(), exp: now() + 60 });
    expect(await service.verifyAccess(token)).toEqual({ employeeId, sessionId });
  });

  it('refuses any other header, claim set, type or time', async () => {
    const base = { sub: '7', sid: randomUUID(), typ: 'access', iat: now(), exp: now() + 60 };
    const refused = [
      sign(base, { alg: 'HS256' }),
      sign(base, { alg: 'HS256', typ: 'JWT', kid: 'x' }),
      sign({ ...base, extra: 1 }),
      sign({ ...base, typ: 'refresh' }),
      sign({ ...base, sub: '07' }),
      sign({ ...base, sub: '0' }),
      sign({ ...base, sub: '99999999999999999999' }),
      sign({ ...base, exp: now() - 1 }),
      sign({ ...base, iat: 'yesterday' as unknown as number }),
      sign(Object.fromEntries(Object.entries(base).filter(([k]) => k !== 'iat'))),
    ];
    for (const token of refused) expect(await service.verifyAccess(token), token).toBeNull();
    expect(await service.verifyRefresh(sign({ ...base, typ: 'refresh' }))).toBeNull(); // no jti
    expect(await service.verifyRefresh(sign({ ...base, typ: 'refresh', jti: '' }))).toBeNull();
  });
});
