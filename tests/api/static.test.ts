// Everything outside /api: translation files, the built app with its cache headers, and the SPA fallback.
import { mkdtempSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { backends, call, testConfig, useTestApp } from './harness';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe.each(backends())('static files on %s', (backend) => {
  const t = useTestApp(backend);

  it('serves /locales/{uz|ru|en}/{namespace}.json', async () => {
    const res = await t.call('GET', '/locales/en/validation.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json.required).toBe('This field is required');
    const ru = await t.call('GET', '/locales/ru/validation.json');
    expect(ru.status).toBe(200);
    expect(ru.json.required).toBe('Обязательное поле');
  });

  it('refuses other languages, odd names and paths leaving the folder', async () => {
    for (const p of ['/locales/kk/validation.json', '/locales/uz/Validation.json', '/locales/uz/missing.json', '/locales/uz/..%2f..%2fpackage.json', '/locales/uz/a/b.json', '/locales/uz/validation.js']) {
      expect((await t.call('GET', p)).status, p).toBe(404);
    }
  });

  it('serves index.html without caching and hashed assets for a year', async () => {
    const index = await t.call('GET', '/', { headers: HTML });
    expect(index.status).toBe(200);
    expect(index.text).toContain('Markaz test build');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const asset = await t.call('GET', '/assets/app-3f2a1b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await t.call('GET', '/favicon.svg')).headers.get('cache-control')).toBe('no-cache');
  });

  it('compresses for clients that accept gzip, and only for them', async () => {
    const zipped = await t.call('GET', '/assets/large-9c8d7e.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const plain = await t.call('GET', '/assets/large-9c8d7e.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toContain('markaz fixture line 59');
  });

  it('gzips an answer of 1 kB or more whole, with its length; smaller answers and other clients get it as it is', async () => {
    // Raw bytes: the app itself, not the harness's text reading.
    const app = createApp({ db: t.db, config: testConfig() });
    const big = '/assets/large-9c8d7e.js';
    const zipped = await app.request(big, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(Number(zipped.headers.get('content-length'))).toBe(bytes.length);
    const plain = await app.request(big);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(1024);
    expect(gunzipSync(bytes).toString('utf8')).toBe(text);
    expect((await app.request(big, { headers: { 'accept-encoding': 'gzip;q=0, *' } })).headers.get('content-encoding')).toBeNull();
    // A refusal of a few dozen bytes goes as it is, with its length.
    const small = await app.request('/api/students/', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.status).toBe(401);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(Number(small.headers.get('content-length'))).toBe(Buffer.byteLength(await small.text()));
  });

  it('falls back to index.html for client routes that accept html', async () => {
    for (const p of ['/login', '/students/info?id=42', '/control/finance/']) {
      const res = await t.call('GET', p, { headers: HTML });
      expect(res.status, p).toBe(200);
      expect(res.text).toContain('<div id="root">');
    }
    const missing = await t.call('GET', '/assets/missing-123.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-cache');
    // /api never falls back to the app.
    expect((await t.call('GET', '/api/students/info', { headers: HTML })).status).toBe(401);
  });

  it('tells how to build when there is no build', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'markaz-nobuild-'));
    const app = createApp({ db: t.db, config: testConfig({ STATIC_DIR: empty }) });
    const res = await call(app, 'GET', '/', { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.text).toContain('npm run build');
  });
});
