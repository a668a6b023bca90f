// Sessions against OWASP ASVS 5.0 (docs/sessions-security.md maps each requirement to the test here): refresh
// rotation and reuse detection (10.4.5), absolute and idle expiry (10.4.8, 7.3.1, 7.3.2, 9.2.1), termination on
// logout, password change and archiving (7.4.1-7.4.3), forged and misused tokens (9.1.1-9.1.3, 9.2.2) and
// sign-in throttling under parallel attempts.
import { createHmac, generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeJwt, type JWTPayload } from 'jose';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/config';
import { auditLog, sessions } from '../../server/db/schema';
import { MAX_ADDRESS_FAILURES, MAX_PAIR_FAILURES, PHONE_FREE_FAILURES } from '../../server/auth/throttle';
import { createApp } from '../../server/app';
import { TEST_SECRET, backends, call, freshAddress, useTestApp, type CallResult, type TestApp } from './harness';

const DAY = 86_400;
const key = new TextEncoder().encode(TEST_SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A 401 in the API's error shape, whatever the reason. */
function expectRefused(res: CallResult, what: string) {
  expect(res.status, what).toBe(401);
  expect(res.json, what).toEqual({ detail: expect.any(String) });
}

/** Signs arbitrary claims and header with the app's own secret, as only the server could. */
function signWithAppKey(claims: JWTPayload, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) {
  const input = `${b64(header)}.${b64(claims)}`;
  const mac = createHmac(header.alg === 'HS512' ? 'sha512' : 'sha256', TEST_SECRET).update(input).digest('base64url');
  return `${input}.${mac}`;
}

let phoneCounter = 0;
/** A fresh teacher of its own, so password changes and throttling never touch the demo accounts. */
async function freshEmployee(t: TestApp, password = 'secret12'): Promise<{ id: number; phone: string; password: string }> {
  phoneCounter += 1;
  const phone = `+99893${String(process.pid % 1000).padStart(3, '0')}${String(phoneCounter).padStart(4, '0')}`;
  const id = await t.addEmployee({ role: 'TEACHER', phone, password, fullName: `Sessiya ${phoneCounter}`, filials: ['Chilonzor'] });
  return { id, phone, password };
}

describe.each(backends())('session security on %s', (backend) => {
  const t = useTestApp(backend);
  const me = (token: string) => t.call('GET', '/api/auth/me/', { token });
  const refresh = (refresh_token: string) => t.call('POST', '/api/auth/refresh/', { body: { refresh_token } });
  const signIn = async (who: { phone: string; password: string }) => t.signIn(who.phone, who.password, freshAddress());
  const sessionOf = async (token: string) => {
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, String(decodeJwt(token).sid)));
    return row;
  };
  /** Moves the session's sign-in time (and with it its absolute deadline) back by `seconds`. */
  const age = (token: string, seconds: number) =>
    t.db
      .update(sessions)
      .set({ createdAt: sql`${sessions.createdAt} - make_interval(secs => ${seconds})` })
      .where(eq(sessions.id, String(decodeJwt(token).sid)));

  describe('refresh rotation and reuse detection (ASVS 10.4.5)', () => {
    it('a rotated refresh token used again revokes the whole family: newest refresh and every access token die', async () => {
      const user = await freshEmployee(t);
      const first = await signIn(user);
      const second = (await refresh(first.refresh_token)).json;
      const third = (await refresh(second.refresh_token)).json;
      expect((await me(third.access_token)).status).toBe(200);
      expect((await me(first.access_token)).status).toBe(200);

      expectRefused(await refresh(first.refresh_token), 'replayed first refresh token');

      expectRefused(await refresh(third.refresh_token), 'the newest refresh token');
      for (const [name, pair] of Object.entries({ first, second, third })) {
        expectRefused(await me(pair.access_token), `access token of pair ${name}`);
      }
      expect((await sessionOf(first.access_token)).revokedReason).toBe('reuse');
      expect(await t.lastAudit('auth.refresh_reuse', String(decodeJwt(first.access_token).sid))).toBeDefined();
    });

    it('reuse ends only that family: another session of the same employee keeps working', async () => {
      const user = await freshEmployee(t);
      const stolen = await signIn(user);
      const other = await signIn(user);
      expect(decodeJwt(other.access_token).sid).not.toBe(decodeJwt(stolen.access_token).sid);
      await refresh(stolen.refresh_token);
      expectRefused(await refresh(stolen.refresh_token), 'replay');
      expect((await me(other.access_token)).status).toBe(200);
      expect((await refresh(other.refresh_token)).status).toBe(200);
    });
  });

  describe('absolute session lifetime (ASVS 10.4.8, 7.3.2)', () => {
    it('keeps the deadline from sign-in across rotations and refuses both tokens once it has passed', async () => {
      const user = await freshEmployee(t);
      const first = await signIn(user);
      // A week's sliding expiry fits inside the 30 days of a fresh session.
      const claims = decodeJwt(first.refresh_token);
      expect(claims.exp! - claims.iat!).toBe(7 * DAY);

      // 30 days less one hour after sign-in: a refresh still works, but its tokens end at the deadline.
      await age(first.access_token, 30 * DAY - 3600);
      const deadline = Math.floor((await sessionOf(first.access_token)).createdAt.getTime() / 1000) + 30 * DAY;
      const late = (await refresh(first.refresh_token)).json;
      for (const token of [late.access_token, late.refresh_token]) {
        expect(decodeJwt(token).exp).toBeLessThanOrEqual(deadline);
      }
      expect(decodeJwt(late.refresh_token).exp).toBe(deadline);
      const row = await sessionOf(late.access_token);
      expect(Math.floor(row.expiresAt.getTime() / 1000)).toBeLessThanOrEqual(deadline);
      // Another rotation keeps the same deadline rather than starting a new one.
      const later = (await refresh(late.refresh_token)).json;
      expect(decodeJwt(later.refresh_token).exp).toBe(deadline);
      expect((await me(later.access_token)).status).toBe(200);

      // The deadline passes: the refresh token (still unexpired as a JWT, still the current one) and the access
      // token are refused at once.
      await age(later.access_token, 3601);
      expect(decodeJwt(later.refresh_token).exp).toBeGreaterThan(Date.now() / 1000);
      expectRefused(await refresh(later.refresh_token), 'refresh past the deadline');
      expectRefused(await me(later.access_token), 'access past the deadline');
    });

    it('a session refreshed every day cannot be extended past 30 days', async () => {
      const user = await freshEmployee(t);
      let pair = await signIn(user);
      const statuses: number[] = [];
      for (let day = 1; day <= 31; day++) {
        // One day passes; the employee refreshes well within the 7-day sliding window each time.
        await age(pair.access_token, DAY);
        const res = await refresh(pair.refresh_token);
        statuses.push(res.status);
        if (res.status !== 200) break;
        pair = res.json;
      }
      expect(statuses).toEqual([...Array(29).fill(200), 401]);
    });
  });

  describe('idle and token expiry (ASVS 7.3.1, 9.2.1)', () => {
    it('refuses an access token whose exp has passed and accepts the same claims unexpired', async () => {
      const user = await freshEmployee(t);
      const pair = await signIn(user);
      const claims = decodeJwt(pair.access_token);
      const now = Math.floor(Date.now() / 1000);
      expect(claims.exp! - claims.iat!).toBe(900);
      const resigned = (exp: number) => signWithAppKey({ ...claims, iat: now - 1000, exp });
      expect((await me(resigned(now + 60))).status).toBe(200);
      expectRefused(await me(resigned(now - 1)), 'access token expired a second ago');
      expectRefused(await me(resigned(now - 3600)), 'access token expired an hour ago');
    });

    it('refuses a refresh token whose exp has passed, even when it is the current one of a live session', async () => {
      const user = await freshEmployee(t);
      const pair = await signIn(user);
      const claims = decodeJwt(pair.refresh_token);
      const now = Math.floor(Date.now() / 1000);
      expectRefused(await refresh(signWithAppKey({ ...claims, exp: now - 1 })), 'expired refresh token');
      // The same claims unexpired are accepted (and nothing was revoked by the refusal).
      expect((await refresh(signWithAppKey({ ...claims, exp: now + 60 }))).status).toBe(200);
    });

    it('ends a session left idle past its sliding expiry: access and refresh both refused', async () => {
      const user = await freshEmployee(t);
      const pair = await signIn(user);
      await t.db
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(sessions.id, String(decodeJwt(pair.access_token).sid)));
      expectRefused(await me(pair.access_token), 'access after idle expiry');
      expectRefused(await refresh(pair.refresh_token), 'refresh after idle expiry');
    });
  });

  describe('termination (ASVS 7.4.1-7.4.3)', () => {
    it('logout revokes the session: its access and refresh tokens are refused, other sessions live on', async () => {
      const user = await freshEmployee(t);
      const a = await signIn(user);
      const b = await signIn(user);
      expect((await t.call('POST', '/api/auth/logout/', { token: a.access_token })).status).toBe(204);
      expectRefused(await me(a.access_token), 'access after logout');
      expectRefused(await refresh(a.refresh_token), 'refresh after logout');
      expectRefused(await t.call('POST', '/api/auth/logout/', { token: a.access_token }), 'second logout');
      expect((await sessionOf(a.access_token)).revokedReason).toBe('logout');
      expect((await me(b.access_token)).status).toBe(200);
    });

    it('changing your own password ends your other sessions and keeps the one that changed it', async () => {
      const user = await freshEmployee(t);
      const current = await signIn(user);
      const other = await signIn(user);
      const res = await t.call('PATCH', `/api/auth/update/${user.id}/`, { token: current.access_token, body: { password: 'changed12' } });
      expect(res.status).toBe(200);
      expectRefused(await me(other.access_token), 'other session access');
      expectRefused(await refresh(other.refresh_token), 'other session refresh');
      expect((await sessionOf(other.access_token)).revokedReason).toBe('password_change');
      expect((await me(current.access_token)).status).toBe(200);
      expect((await refresh(current.refresh_token)).status).toBe(200);
      await expect(t.signIn(user.phone, user.password, freshAddress())).rejects.toThrow(/401/);
      await expect(t.signIn(user.phone, 'changed12', freshAddress())).resolves.toHaveProperty('access_token');
    });

    it("a director changing someone's password ends every session of that person", async () => {
      const user = await freshEmployee(t);
      const director = await t.signInAs('DIRECTOR');
      const a = await signIn(user);
      const b = await signIn(user);
      const res = await t.call('PATCH', `/api/auth/update/${user.id}/`, { token: director.access_token, body: { password: 'reset1234' } });
      expect(res.status).toBe(200);
      for (const [name, pair] of Object.entries({ a, b })) {
        expectRefused(await me(pair.access_token), `session ${name} access`);
        expectRefused(await refresh(pair.refresh_token), `session ${name} refresh`);
      }
      expect((await me(director.access_token)).status).toBe(200);
    });

    it('archiving an employee ends all their sessions at once, and restoring does not bring them back', async () => {
      const user = await freshEmployee(t);
      const director = (await t.signInAs('DIRECTOR')).access_token;
      const a = await signIn(user);
      const b = await signIn(user);
      const card = (await t.call('GET', `/api/api/employees/${user.id}/`, { token: director })).json;
      const archived = await t.call('PUT', `/api/api/employees/${user.id}/`, { token: director, body: { ...card, password: '', is_archived: true, archive_reason: 'Ketdi' } });
      expect(archived.status, archived.text).toBe(200);
      for (const [name, pair] of Object.entries({ a, b })) {
        expectRefused(await me(pair.access_token), `session ${name} access`);
        expectRefused(await refresh(pair.refresh_token), `session ${name} refresh`);
        expect((await sessionOf(pair.access_token)).revokedReason).toBe('archived');
      }
      const restored = await t.call('PUT', `/api/api/employees/${user.id}/`, { token: director, body: { ...card, password: '', is_archived: false } });
      expect(restored.status, restored.text).toBe(200);
      expectRefused(await me(a.access_token), 'access after restore');
      expectRefused(await refresh(b.refresh_token), 'refresh after restore');
    });
  });

  describe('forged and misused tokens (ASVS 9.1.1-9.1.3, 9.2.2)', () => {
    it('accepts a token re-signed with exactly the issued header and claims (the control for the refusals below)', async () => {
      const pair = await signIn(await freshEmployee(t));
      expect((await me(signWithAppKey(decodeJwt(pair.access_token)))).status).toBe(200);
    });

    it('refuses unsigned, tampered, foreign-key and wrong-algorithm tokens with 401 {detail}', async () => {
      const victim = await freshEmployee(t);
      const pair = await signIn(victim);
      const claims = decodeJwt(pair.access_token);
      const [header, , signature] = pair.access_token.split('.');
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const director = String(t.demo('DIRECTOR').id);
      const forged: Record<string, string> = {
        'alg none (jose)': new UnsecuredJWT({ ...claims }).encode(),
        'alg none, no signature': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
        'alg none with the original signature': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.${signature}`,
        'payload tampered (sub), original signature': `${header}.${b64({ ...claims, sub: director })}.${signature}`,
        'payload tampered (exp), original signature': `${header}.${b64({ ...claims, exp: claims.exp! + DAY })}.${signature}`,
        'another secret': await new SignJWT({ ...claims })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .sign(new TextEncoder().encode('another-secret-another-secret-another')),
        'RS256 with a foreign private key': await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256', typ: 'JWT' }).sign(privateKey),
        'RS256 header, HMAC with the app secret (key confusion)': signWithAppKey(claims, { alg: 'RS256', typ: 'JWT' }),
        'HS512 with the app secret': signWithAppKey(claims, { alg: 'HS512', typ: 'JWT' }),
        'HS384 with the app secret (jose)': await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS384', typ: 'JWT' }).sign(key),
        'embedded jwk header': signWithAppKey(claims, { alg: 'HS256', typ: 'JWT', jwk: { kty: 'oct', k: Buffer.from('x').toString('base64url') } }),
        'jku header': signWithAppKey(claims, { alg: 'HS256', typ: 'JWT', jku: 'https://attacker.example/keys' }),
        'kid header': signWithAppKey(claims, { alg: 'HS256', typ: 'JWT', kid: '../../dev/null' }),
        'typ header other than JWT': signWithAppKey(claims, { alg: 'HS256', typ: 'at+jwt' }),
      };
      for (const [name, token] of Object.entries(forged)) expectRefused(await me(token), name);
      // None of that touched the real session.
      expect((await me(pair.access_token)).status).toBe(200);
    });

    it('refuses a refresh token as an access token and an access token as a refresh token (typ)', async () => {
      const pair = await signIn(await freshEmployee(t));
      expectRefused(await me(pair.refresh_token), 'refresh token as access');
      expectRefused(await refresh(pair.access_token), 'access token as refresh');
      // An access token given the refresh typ and the family's jti is still refused where an access token is
      // expected, and the other way round.
      const access = decodeJwt(pair.access_token);
      const refreshClaims = decodeJwt(pair.refresh_token);
      expectRefused(await me(signWithAppKey({ ...access, typ: 'refresh' })), 'access claims with typ refresh');
      expectRefused(await refresh(signWithAppKey({ ...refreshClaims, typ: 'access' })), 'refresh claims with typ access');
      // The pair still works: misuse is refused without side effects.
      expect((await me(pair.access_token)).status).toBe(200);
      expect((await refresh(pair.refresh_token)).status).toBe(200);
    });

    it('refuses validly signed tokens of an unknown or deleted session', async () => {
      const pair = await signIn(await freshEmployee(t));
      const access = decodeJwt(pair.access_token);
      const refreshClaims = decodeJwt(pair.refresh_token);
      const unknown = randomUUID();
      expectRefused(await me(signWithAppKey({ ...access, sid: unknown })), 'access of an unknown session');
      expectRefused(await refresh(signWithAppKey({ ...refreshClaims, sid: unknown })), 'refresh of an unknown session');
      // Another employee's id on a real session is no better.
      expectRefused(await me(signWithAppKey({ ...access, sub: String(t.demo('DIRECTOR').id) })), 'session of someone else');
      await t.db.delete(sessions).where(eq(sessions.id, String(access.sid)));
      expectRefused(await me(pair.access_token), 'access of a deleted session');
      expectRefused(await refresh(pair.refresh_token), 'refresh of a deleted session');
    });

    it('refuses garbage and JWTs with extra or missing claims', async () => {
      const pair = await signIn(await freshEmployee(t));
      const access = decodeJwt(pair.access_token);
      const refreshClaims = decodeJwt(pair.refresh_token);
      const without = (claims: JWTPayload, name: string) => Object.fromEntries(Object.entries(claims).filter(([k]) => k !== name));
      const bad: Record<string, string> = {
        garbage: 'garbage',
        'three dots': 'a.b.c',
        'valid token plus junk': `${pair.access_token}x`,
        'valid token with a fourth part': `${pair.access_token}.x`,
        'header only': pair.access_token.split('.')[0],
        'payload not JSON': `${pair.access_token.split('.')[0]}.${Buffer.from('not json').toString('base64url')}.${pair.access_token.split('.')[2]}`,
        'extra claim role': signWithAppKey({ ...access, role: 'DIRECTOR' }),
        'extra claim nbf': signWithAppKey({ ...access, nbf: access.iat }),
        'extra claim jti on an access token': signWithAppKey({ ...access, jti: refreshClaims.jti }),
        'sub not an id': signWithAppKey({ ...access, sub: `${access.sub}abc` }),
        'sub as a number': signWithAppKey({ ...access, sub: Number(access.sub) as unknown as string }),
        'sid not a uuid': signWithAppKey({ ...access, sid: 'session' }),
        'exp as a string': signWithAppKey({ ...access, exp: String(access.exp) as unknown as number }),
      };
      for (const name of ['sub', 'sid', 'typ', 'iat', 'exp']) bad[`missing ${name}`] = signWithAppKey(without(access, name));
      for (const [name, token] of Object.entries(bad)) expectRefused(await me(token), name);
      for (const name of ['jti', 'exp', 'sid']) {
        expectRefused(await refresh(signWithAppKey(without(refreshClaims, name))), `refresh missing ${name}`);
      }
      expectRefused(await refresh(signWithAppKey({ ...refreshClaims, admin: true })), 'refresh with an extra claim');
      // Malformed Authorization headers.
      for (const authorization of ['Bearer', `Basic ${pair.access_token}`, `Bearer ${pair.access_token} extra`, pair.access_token]) {
        expectRefused(await t.call('GET', '/api/auth/me/', { headers: { authorization } }), `Authorization: ${authorization.slice(0, 12)}`);
      }
      expect((await me(pair.access_token)).status).toBe(200);
    });
  });

  describe('sign-in throttling under parallel attempts', () => {
    /** How many sign-in attempts were checked against a password, by the audit log's reasons. */
    const checkedFor = async (phone: string) => {
      const rows = await t.db
        .select({ reason: sql<string>`${auditLog.after}->>'reason'` })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.sign_in_failed'), sql`${auditLog.after}->>'phone' = ${phone}`));
      return {
        checked: rows.filter((r) => r.reason !== 'throttled').length,
        throttled: rows.filter((r) => r.reason === 'throttled').length,
      };
    };
    const attempt = (phone: string, password: string, headers: Record<string, string>) =>
      t.call('POST', '/api/auth/token', { body: { phone, password }, headers });

    function expectThrottled(res: CallResult) {
      expect(res.status).toBe(429);
      const wait = Number(res.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(900);
      expect(res.json).toEqual({ detail: `Too many sign-in attempts. Try again in ${wait} seconds.`, retry_after: wait });
    }

    it('30 wrong passwords at once for one phone from one address: only the limit reaches the password check', async () => {
      const user = await freshEmployee(t);
      const headers = freshAddress();
      const results = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(user.phone, `wrong-${i}`, headers)));
      const refused = results.filter((r) => r.status === 401);
      const throttled = results.filter((r) => r.status === 429);
      expect(refused).toHaveLength(MAX_PAIR_FAILURES);
      expect(throttled).toHaveLength(30 - MAX_PAIR_FAILURES);
      throttled.forEach(expectThrottled);
      expect(await checkedFor(user.phone)).toEqual({ checked: MAX_PAIR_FAILURES, throttled: 30 - MAX_PAIR_FAILURES });
      // The right password is refused from that address while it is locked for the phone; from another it works.
      expectThrottled(await attempt(user.phone, user.password, headers));
      expect((await attempt(user.phone, user.password, freshAddress())).status).toBe(200);
    });

    it('30 wrong passwords at once for one phone from 30 addresses: only the free failures are checked, the rest slowed', async () => {
      // One instant for every attempt (the app's clock stands still), so the slow-down's first second never ends.
      const fixed = new Date();
      const app = createApp({ db: t.db, config: t.config, clock: { now: () => fixed } });
      const user = await freshEmployee(t);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => call(app, 'POST', '/api/auth/token', { body: { phone: user.phone, password: `wrong-${i}` }, headers: freshAddress() })),
      );
      expect(results.filter((r) => r.status === 401)).toHaveLength(PHONE_FREE_FAILURES);
      const throttled = results.filter((r) => r.status === 429);
      expect(throttled).toHaveLength(30 - PHONE_FREE_FAILURES);
      throttled.forEach(expectThrottled);
      expect(await checkedFor(user.phone)).toEqual({ checked: PHONE_FREE_FAILURES, throttled: 30 - PHONE_FREE_FAILURES });
    });

    it('30 wrong passwords at once from one address across phones: only the address limit is checked', async () => {
      const headers = freshAddress();
      const phones = Array.from({ length: 30 }, (_, i) => `+99894${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`);
      const results = await Promise.all(phones.map((phone) => attempt(phone, 'wrong', headers)));
      expect(results.filter((r) => r.status === 401)).toHaveLength(MAX_ADDRESS_FAILURES);
      const throttled = results.filter((r) => r.status === 429);
      expect(throttled).toHaveLength(30 - MAX_ADDRESS_FAILURES);
      throttled.forEach(expectThrottled);
      const audit = await Promise.all(phones.map(checkedFor));
      expect(audit.reduce((sum, a) => sum + a.checked, 0)).toBe(MAX_ADDRESS_FAILURES);
      // The right password from the locked address is refused; from another address it is accepted.
      const user = await freshEmployee(t);
      expectThrottled(await attempt(user.phone, user.password, headers));
      expect((await attempt(user.phone, user.password, freshAddress())).status).toBe(200);
    });

    it('30 attempts at once for one phone from one address, the right password among them: at most the limit are checked', async () => {
      const user = await freshEmployee(t);
      const headers = freshAddress();
      const passwords = Array.from({ length: 30 }, (_, i) => (i === 29 ? user.password : `wrong-${i}`));
      const results = await Promise.all(passwords.map((password) => attempt(user.phone, password, headers)));
      const checked = results.filter((r) => r.status !== 429);
      expect(checked.length).toBeGreaterThanOrEqual(MAX_PAIR_FAILURES);
      // A success clears the pair's counter, so at most one more batch of the limit can follow it.
      expect(checked.length).toBeLessThanOrEqual(2 * MAX_PAIR_FAILURES);
      const { checked: audited } = await checkedFor(user.phone);
      expect(audited).toBe(results.filter((r) => r.status === 401).length);
    });

    it('a success gives back its own reservation on the address but does not reset it', async () => {
      const headers = freshAddress();
      const user = await freshEmployee(t);
      for (let i = 0; i < MAX_ADDRESS_FAILURES - 1; i++) {
        expect((await attempt(`+99895${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`, 'wrong', headers)).status).toBe(401);
      }
      expect((await attempt(user.phone, user.password, headers)).status).toBe(200);
      // 19 failures: one more is still checked (a success is not counted as a failure) ...
      expect((await attempt('+998950000999', 'wrong', headers)).status).toBe(401);
      // ... and then the address is locked (the success did not clear the address's counter).
      expectThrottled(await attempt(user.phone, user.password, headers));
    });
  });
});

describe('SESSION_MAX_AGE', () => {
  it('defaults to 30 days and must be a positive integer', () => {
    expect(configFromEnv({}).sessionMaxAge).toBe(30 * DAY);
    expect(configFromEnv({ SESSION_MAX_AGE: '3600' }).sessionMaxAge).toBe(3600);
    expect(() => configFromEnv({ SESSION_MAX_AGE: '0' })).toThrow(/SESSION_MAX_AGE/);
    expect(() => configFromEnv({ SESSION_MAX_AGE: '1.5' })).toThrow(/SESSION_MAX_AGE/);
  });
});

describe.each(backends())('a configured SESSION_MAX_AGE on %s', (backend) => {
  const t = useTestApp(backend, { SESSION_MAX_AGE: '600' });

  it('caps both tokens and the session at 10 minutes from sign-in, across refreshes', async () => {
    const pair = await t.signIn(t.demo('TEACHER').phone, t.demo('TEACHER').password, freshAddress());
    const access = decodeJwt(pair.access_token);
    const refreshClaims = decodeJwt(pair.refresh_token);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, String(access.sid)));
    const deadline = Math.floor(row.createdAt.getTime() / 1000) + 600;
    expect(refreshClaims.exp).toBe(deadline);
    expect(access.exp).toBe(deadline);
    expect(Math.floor(row.expiresAt.getTime() / 1000)).toBe(deadline);
    const next = (await t.call('POST', '/api/auth/refresh/', { body: { refresh_token: pair.refresh_token } })).json;
    expect(decodeJwt(next.refresh_token).exp).toBe(deadline);
    expect(decodeJwt(next.access_token).exp).toBe(deadline);
  });
});

describe.each(backends())('a SESSION_MAX_AGE reaching past 2038 on %s', (backend) => {
  const t = useTestApp(backend, { SESSION_MAX_AGE: String(20 * 365 * DAY) });

  it('signs in and refreshes (the deadline is not squeezed into a 32-bit integer)', async () => {
    const pair = await t.signIn(t.demo('TEACHER').phone, t.demo('TEACHER').password, freshAddress());
    const refreshed = await t.call('POST', '/api/auth/refresh/', { body: { refresh_token: pair.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.json.refresh_token).exp! - decodeJwt(refreshed.json.refresh_token).iat!).toBe(7 * DAY);
  });
});
