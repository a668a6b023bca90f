// Security headers on every answer: the app's pages get a strict Content-Security-Policy, /api answers are
// never cached (downloads and errors included), and every answer refuses framing and sniffing.
import { describe, expect, it } from 'vitest';
import { backends, useTestApp } from './harness';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

/** `default-src 'self'; script-src 'self'` → Map(directive → sources). */
function parseCsp(header: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name, values);
  }
  return out;
}

function expectCommon(headers: Headers, what: string) {
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(headers.get('permissions-policy'), what).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(headers.get('strict-transport-security'), what).toBeNull();
}

describe.each(backends())('security headers on %s', (backend) => {
  const t = useTestApp(backend);

  it("gives the app's pages a Content-Security-Policy that allows only this origin and nothing inline", async () => {
    for (const path of ['/', '/students/info?id=1', '/login']) {
      const res = await t.call('GET', path, { headers: HTML });
      expect(res.status).toBe(200);
      expectCommon(res.headers, path);
      const csp = parseCsp(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      for (const sources of csp.values()) expect(sources.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    }
  });

  it('keeps the year-long cache of hashed assets and adds the same headers', async () => {
    const asset = await t.call('GET', '/assets/app-3f2a1b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expectCommon(asset.headers, 'asset');
    const locale = await t.call('GET', '/locales/en/validation.json');
    expectCommon(locale.headers, 'locale');
  });

  it('answers /api with no-store and a policy that allows nothing, on success, refusal and error alike', async () => {
    const { access_token } = await t.signInAs('DIRECTOR');
    const answers = [
      await t.call('GET', '/api/auth/me', { token: access_token }),
      await t.call('GET', '/api/auth/me'),
      await t.call('POST', '/api/auth/token', { body: { phone: 'x' } }),
      await t.call('GET', '/api/no/such/route', { token: access_token }),
      await t.call('GET', '/api/openapi.json'),
      await t.call('GET', '/api/finance/debtors/excel', { token: access_token }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 400, 404, 200, 200]);
    expect(answers[5].headers.get('content-disposition')).toMatch(/^attachment/);
    for (const res of answers) {
      expectCommon(res.headers, res.text.slice(0, 60));
      expect(res.headers.get('cache-control')).toBe('no-store');
      const csp = parseCsp(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    }
  });
});
