// Everything outside /api: translation files, the built app, and the single-page-app fallback.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { getCookie } from 'hono/cookie';
import type { Config } from '../config';
import { LANGS } from '../i18n';
import { type AppFrames, withAppFrame } from './appFrame';

const isLocaleLang = (lang: string) => (LANGS as readonly string[]).includes(lang);
const LOCALE_NAMESPACE = /^[a-z_]+\.json$/;
const NO_CACHE = { 'Cache-Control': 'no-cache' };
const NOT_BUILT = 'Markaz server is running, but the app is not built yet: run `npm run build`, then reload.\n';

async function readIfFile(file: string): Promise<{ body: Buffer; mtime: Date } | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? { body: await readFile(file), mtime: info.mtime } : null;
  } catch {
    return null;
  }
}

/** dist/app-frames.json, parsed once per build (the file's mtime); null when the build has none. */
function frameReader(file: string) {
  let cached: { mtime: number; frames: AppFrames | null } | null = null;
  return async (): Promise<AppFrames | null> => {
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    if (cached?.mtime !== info.mtimeMs) cached = { mtime: info.mtimeMs, frames: JSON.parse(await readFile(file, 'utf8')) as AppFrames };
    return cached.frames;
  };
}

export function staticRoutes(config: Pick<Config, 'staticDir' | 'localesDir'>) {
  const app = new Hono({ strict: false });
  const readFrames = frameReader(path.join(config.staticDir, 'app-frames.json'));

  // GET /locales/{lang}/{namespace}.json, only the interface languages (uz|ru|en) and [a-z_]+ names, so no path can leave LOCALES_DIR.
  app.get('/locales/:lang/:file', async (c) => {
    const { lang, file } = c.req.param();
    const found = isLocaleLang(lang) && LOCALE_NAMESPACE.test(file) && (await readIfFile(path.join(config.localesDir, lang, file)));
    if (!found) return c.json({ detail: 'Not found' }, 404);
    return c.body(new Uint8Array(found.body), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Last-Modified': found.mtime.toUTCString(),
    });
  });
  app.all('/locales/*', (c) => c.json({ detail: 'Not found' }, 404));

  // Vite puts content-hashed files under /assets/: they never change, so caches may keep them for a year.
  // Set before serveStatic builds its response (its onFound hook runs too late for headers).
  app.use('*', async (c, next) => {
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    await next();
  });
  // "/" is an app route too (the home page): it gets index.html with its frame below, not the bare file.
  const files = serveStatic({ root: config.staticDir });
  app.use('*', (c, next) => (c.req.path === '/' ? next() : files(c, next)));

  // Client-side routes (/students/info, /login, ...) get index.html; other misses are plain 404s.
  app.get('*', async (c) => {
    if (!(c.req.header('accept') ?? '').includes('text/html') && c.req.path !== '/') return c.text('Not found', 404, NO_CACHE);
    const index = await readIfFile(path.join(config.staticDir, 'index.html'));
    if (!index) return c.text(NOT_BUILT, 200, NO_CACHE);
    // An app route's HTML carries its frame (layout and title), painted before the app's script has run.
    const request = { pathname: c.req.path, lang: getCookie(c, 'lang'), sidebarState: getCookie(c, 'sidebar_state') };
    return c.html(withAppFrame(index.body.toString('utf8'), await readFrames(), request), 200, NO_CACHE);
  });
  app.all('*', (c) => c.text('Not found', 404, NO_CACHE));
  return app;
}
