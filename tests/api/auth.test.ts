// Sign-in, throttling, refresh rotation, token checks, logout and request validation (spec sections 4 and 7).
import { SignJWT, decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, employees } from '../../server/db/schema';
import { TEST_SECRET, backends, freshAddress, useTestApp } from './harness';

const INVALID = { detail: 'Invalid phone or password' };

describe.each(backends())('auth on %s', (backend) => {
  const t = useTestApp(backend);

  describe('sign-in', () => {
    it('answers a token pair with the documented claims', async () => {
      const director = t.demo('DIRECTOR');
      const res = await t.call('POST', '/api/auth/token', { body: { phone: director.phone, password: 'director' } });
      expect(res.status).toBe(200);
      expect(Object.keys(res.json).sort()).toEqual(['access_token', 'refresh_token']);
      const access = decodeJwt(res.json.access_token);
      const refresh = decodeJwt(res.json.refresh_token);
      expect(access).toMatchObject({ sub: String(director.id), typ: 'access' });
      expect(refresh).toMatchObject({ sub: String(director.id), typ: 'refresh', sid: access.sid });
      expect(typeof refresh.jti).toBe('string');
      expect(access.exp! - access.iat!).toBe(900);
      expect(refresh.exp! - refresh.iat!).toBe(604800);
      const entry = await t.lastAudit('auth.sign_in', String(access.sid));
      expect(entry).toMatchObject({ actorId: director.id, entity: 'session' });
    });

    it('accepts the phone with the spaces of the input mask', async () => {
      const res = await t.call('POST', '/api/auth/token', { body: { phone: '+998 90 000 00 12', password: 'teacher' } });
      expect(res.status).toBe(200);
    });

    it('answers a wrong password and an unknown phone the same way', async () => {
      const headers = freshAddress();
      const wrong = await t.call('POST', '/api/auth/token', { body: { phone: t.demo('TEACHER').phone, password: 'nope' }, headers });
      const unknown = await t.call('POST', '/api/auth/token', { body: { phone: '+998997777777', password: 'nope' }, headers });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.json).toEqual(INVALID);
      expect(unknown.text).toBe(wrong.text);
      const failed = await t.lastAudit('auth.sign_in_failed');
      expect(failed?.after).toEqual({ phone: '+998997777777', reason: 'unknown_phone' });
      expect(failed?.ip).toBe(headers['x-forwarded-for']);
    });

    it('refuses an archived employee with the same answer', async () => {
      await t.addEmployee({ role: 'TEACHER', phone: '+998931110001', password: 'archived1', fullName: 'Arxiv Oʻqituvchi', filials: ['Chilonzor'] });
      await t.db.update(employees).set({ isArchived: true }).where(eq(employees.phone, '+998931110001'));
      const res = await t.call('POST', '/api/auth/token', { body: { phone: '+998931110001', password: 'archived1' }, headers: freshAddress() });
      expect(res.status).toBe(401);
      expect(res.json).toEqual(INVALID);
    });
  });

  describe('throttling', () => {
    it('locks a phone at one address after 5 failures with 429 and Retry-After, even for the right password', async () => {
      const { phone } = t.demo('ASSISTANT');
      const headers = freshAddress();
      for (let i = 0; i < 5; i++) {
        const res = await t.call('POST', '/api/auth/token', { body: { phone, password: `wrong${i}` }, headers });
        expect(res.status).toBe(401);
      }
      const locked = await t.call('POST', '/api/auth/token', { body: { phone, password: 'assistant' }, headers });
      expect(locked.status).toBe(429);
      const wait = Number(locked.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(800);
      expect(wait).toBeLessThanOrEqual(900);
      expect(locked.json).toEqual({ detail: `Too many sign-in attempts. Try again in ${wait} seconds.`, retry_after: wait });
      // The same phone from another address, and another phone from this one, are not affected.
      await expect(t.signIn(phone, 'assistant', freshAddress())).resolves.toHaveProperty('access_token');
      await expect(t.signIn(t.demo('TESTOLOG').phone, 'testolog', headers)).resolves.toHaveProperty('access_token');
    });

    it('locks a client address after 20 failures across phones', async () => {
      const headers = freshAddress();
      for (let i = 0; i < 20; i++) {
        const res = await t.call('POST', '/api/auth/token', { body: { phone: `+9989100000${String(i).padStart(2, '0')}`, password: 'x' }, headers });
        expect(res.status).toBe(401);
      }
      const locked = await t.call('POST', '/api/auth/token', { body: { phone: t.demo('ACCOUNTING').phone, password: 'accounting' }, headers });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      // The same employee from another address signs in.
      await expect(t.signIn(t.demo('ACCOUNTING').phone, 'accounting', freshAddress())).resolves.toHaveProperty('access_token');
    });

    it('clears the counter of the phone at that address on success', async () => {
      const { phone, password } = t.demo('SERVICE_MANAGER');
      const headers = freshAddress();
      const fail = () => t.call('POST', '/api/auth/token', { body: { phone, password: 'bad' }, headers });
      for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
      await t.signIn(phone, password, headers);
      for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
      await expect(t.signIn(phone, password, headers)).resolves.toHaveProperty('access_token');
    });
  });

  describe('request validation', () => {
    it('answers malformed JSON with 400 {detail}, with or without a JSON content type', async () => {
      const withType = await t.call('POST', '/api/auth/token', { rawBody: '{"phone": ' });
      expect(withType.status).toBe(400);
      expect(withType.json).toEqual({ detail: 'Malformed JSON body' });
      const plain = await t.call('POST', '/api/auth/token', { rawBody: 'phone=1', headers: { 'content-type': 'text/plain' } });
      expect(plain.status).toBe(400);
      expect(plain.json).toEqual({ detail: 'Malformed JSON body' });
    });

    it('lists missing fields in Uzbek by default', async () => {
      const res = await t.call('POST', '/api/auth/token', { body: {} });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ phone: ['Majburiy maydon'], password: ['Majburiy maydon'] });
    });

    it('answers in English for Accept-Language: en', async () => {
      const res = await t.call('POST', '/api/auth/token', {
        body: { phone: '12345', password: '' },
        headers: { 'accept-language': 'en-US,en;q=0.9,uz;q=0.5' },
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ phone: ['Phone must look like +998 XX XXX XX XX'], password: ['This field is required'] });
    });

    it('falls back to Uzbek for other languages', async () => {
      const res = await t.call('POST', '/api/auth/token', { body: { phone: 5 }, headers: { 'accept-language': 'fr' } });
      expect(res.json.phone).toEqual(['Majburiy maydon']);
    });

    it('answers a body that is not an object with non_field_errors', async () => {
      const res = await t.call('POST', '/api/auth/token', { body: [1, 2] });
      expect(res.status).toBe(400);
      expect(res.json.non_field_errors).toHaveLength(1);
    });
  });

  describe('refresh rotation', () => {
    it('rotates the pair and keeps the session', async () => {
      const first = await t.signInAs('HEAD_TEACHER');
      const res = await t.call('POST', '/api/auth/refresh/', { body: { refresh_token: first.refresh_token } });
      expect(res.status).toBe(200);
      expect(res.json.refresh_token).not.toBe(first.refresh_token);
      expect(decodeJwt(res.json.refresh_token).sid).toBe(decodeJwt(first.refresh_token).sid);
      expect((await t.call('GET', '/api/auth/me', { token: res.json.access_token })).status).toBe(200);
      // The newest refresh token keeps working (path without the trailing slash too).
      const again = await t.call('POST', '/api/auth/refresh', { body: { refresh_token: res.json.refresh_token } });
      expect(again.status).toBe(200);
    });

    it('revokes the family when a rotated refresh token comes back', async () => {
      const first = await t.signInAs('MONITORING_MANAGER');
      const second = (await t.call('POST', '/api/auth/refresh/', { body: { refresh_token: first.refresh_token } })).json;
      const reuse = await t.call('POST', '/api/auth/refresh/', { body: { refresh_token: first.refresh_token } });
      expect(reuse.status).toBe(401);
      expect(reuse.json).toHaveProperty('detail');
      // The thief's copy and the owner's newer pair are both dead now.
      expect((await t.call('POST', '/api/auth/refresh/', { body: { refresh_token: second.refresh_token } })).status).toBe(401);
      expect((await t.call('GET', '/api/auth/me/', { token: second.access_token })).status).toBe(401);
      const sid = String(decodeJwt(first.refresh_token).sid);
      const [row] = await t.db.select().from(sessions).where(eq(sessions.id, sid));
      expect(row.revokedReason).toBe('reuse');
      expect(await t.lastAudit('auth.refresh_reuse', sid)).toBeDefined();
    });

    it('accepts only one of two simultaneous refreshes with the same token', async () => {
      const first = await t.signInAs('FILIAL_Manager');
      const results = await Promise.all(
        [1, 2].map(() => t.call('POST', '/api/auth/refresh/', { body: { refresh_token: first.refresh_token } })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    });

    it('refuses garbage, an access token and a missing field', async () => {
      const pair = await t.signInAs('TEACHER');
      for (const refresh_token of ['garbage', pair.access_token]) {
        const res = await t.call('POST', '/api/auth/refresh/', { body: { refresh_token } });
        expect(res.status).toBe(401);
        expect(res.json).toHaveProperty('detail');
      }
      const missing = await t.call('POST', '/api/auth/refresh/', { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.json).toEqual({ refresh_token: ['Majburiy maydon'] });
    });
  });

  describe('access tokens', () => {
    it('refuses an expired access token of a live session', async () => {
      const pair = await t.signInAs('ADMINISTRATOR');
      const claims = decodeJwt(pair.access_token);
      const expired = await new SignJWT({ sid: claims.sid, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setIssuedAt(Math.floor(Date.now() / 1000) - 120)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(TEST_SECRET));
      const res = await t.call('GET', '/api/auth/me', { token: expired });
      expect(res.status).toBe(401);
      expect(res.json).toHaveProperty('detail');
      expect((await t.call('GET', '/api/auth/me', { token: pair.access_token })).status).toBe(200);
    });

    it('refuses a token signed with another secret, a refresh token and no token', async () => {
      const pair = await t.signInAs('ADMINISTRATOR');
      const claims = decodeJwt(pair.access_token);
      const forged = await new SignJWT({ sid: claims.sid, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.sub))
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('another-secret-another-secret-another'));
      for (const token of [forged, pair.refresh_token]) {
        expect((await t.call('GET', '/api/auth/me', { token })).status).toBe(401);
      }
      const none = await t.call('GET', '/api/auth/me');
      expect(none.status).toBe(401);
      expect(none.json).toHaveProperty('detail');
    });
  });

  describe('logout', () => {
    it('ends the current session only', async () => {
      const a = await t.signInAs('SERVICE_SALES');
      const b = await t.signInAs('SERVICE_SALES');
      const res = await t.call('POST', '/api/auth/logout/', { token: a.access_token });
      expect(res.status).toBe(204);
      expect((await t.call('GET', '/api/auth/me', { token: a.access_token })).status).toBe(401);
      expect((await t.call('POST', '/api/auth/refresh/', { body: { refresh_token: a.refresh_token } })).status).toBe(401);
      expect((await t.call('GET', '/api/auth/me', { token: b.access_token })).status).toBe(200);
      expect(await t.lastAudit('auth.sign_out', String(decodeJwt(a.access_token).sid))).toBeDefined();
    });
  });

  describe('paths', () => {
    it('answers 401 on any /api path without a token, 404 with one', async () => {
      for (const [method, path] of [
        ['GET', '/api/nothing-here'],
        ['GET', '/api/students/'],
        ['GET', '/api/auth/token'],
        ['DELETE', '/api/filial/no-pg/'],
      ]) {
        const res = await t.call(method, path);
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.json).toHaveProperty('detail');
      }
      const { access_token } = await t.signInAs('DIRECTOR');
      const missing = await t.call('GET', '/api/nothing-here/', { token: access_token });
      expect(missing.status).toBe(404);
      expect(missing.json).toEqual({ detail: 'Not found' });
    });

    it('answers every path with and without its trailing slash', async () => {
      const { access_token: token } = await t.signInAs('DIRECTOR');
      for (const path of ['/api/auth/me', '/api/auth/me/', '/api/auth/roles', '/api/auth/roles/', '/api/filial/no-pg', '/api/filial/no-pg/', '/api/notifications/no-pg', '/api/notifications/no-pg/']) {
        expect((await t.call('GET', path, { token })).status, path).toBe(200);
      }
      const { phone, password } = t.demo('DIRECTOR');
      expect((await t.call('POST', '/api/auth/token/', { body: { phone, password } })).status).toBe(200);
    });
  });
});
