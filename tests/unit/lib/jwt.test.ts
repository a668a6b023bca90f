import { describe, expect, it } from 'vitest';
import { isTokenExpired, tokenExpiryMs } from '../../../src/lib/jwt';
import { fakeJwt } from '../support/fakes';

const token = (payload: object) =>
  `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.x`;

describe('tokenExpiryMs', () => {
  it('reads exp in seconds as milliseconds', () => {
    expect(tokenExpiryMs(token({ exp: 1_700_000_000 }))).toBe(1_700_000_000_000);
  });

  it('decodes base64url payloads with - and _ and no padding', () => {
    // "ÿþ" in the name makes the base64 of the payload contain url-safe characters.
    const t = token({ exp: 2_000_000_000, name: 'ÿþ~~~???' });
    expect(t.split('.')[1]).toMatch(/[-_]/);
    expect(tokenExpiryMs(t)).toBe(2_000_000_000_000);
  });

  it('gives null for missing or non-numeric exp and for garbage', () => {
    expect(tokenExpiryMs(token({ sub: '1' }))).toBeNull();
    expect(tokenExpiryMs(token({ exp: '1700000000' }))).toBeNull();
    expect(tokenExpiryMs('not-a-jwt')).toBeNull();
    expect(tokenExpiryMs('a.b')).toBeNull();
    expect(tokenExpiryMs('a.%%%.c')).toBeNull();
    expect(tokenExpiryMs(`a.${Buffer.from('not json').toString('base64url')}.c`)).toBeNull();
    expect(tokenExpiryMs(`a.${Buffer.from('42').toString('base64url')}.c`)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  const exp = 1_700_000_000;
  it('is expired at and after exp, valid before (milliseconds)', () => {
    const t = token({ exp });
    expect(isTokenExpired(t, exp * 1000 - 1)).toBe(false);
    expect(isTokenExpired(t, exp * 1000)).toBe(true);
    expect(isTokenExpired(t, exp * 1000 + 1)).toBe(true);
  });

  it('treats missing and unparsable tokens as expired', () => {
    expect(isTokenExpired(null, 0)).toBe(true);
    expect(isTokenExpired(undefined, 0)).toBe(true);
    expect(isTokenExpired('', 0)).toBe(true);
    expect(isTokenExpired('garbage', 0)).toBe(true);
  });

  it('works with the fakes used elsewhere', () => {
    expect(isTokenExpired(fakeJwt(60), Date.now())).toBe(false);
    expect(isTokenExpired(fakeJwt(-1), Date.now())).toBe(true);
  });
});
