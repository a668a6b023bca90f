// gzip sizes of what the browser fetched: the bodies are gzipped here (zlib level 9, as Vite reports), so the
// figures do not depend on the server's compression settings.
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';

export type Asset = { url: string; path: string; kind: 'js' | 'css'; bytes: number; gzip: number };

export const gzipBytes = (body: Uint8Array): number => gzipSync(body, { level: 9 }).length;
export const kb = (bytes: number): number => Math.round(bytes / 10) / 100;

export function assetKind(url: string, contentType: string): Asset['kind'] | null {
  const path = new URL(url).pathname;
  if (path.endsWith('.js') || path.endsWith('.mjs') || contentType.includes('javascript')) return 'js';
  if (path.endsWith('.css') || contentType.includes('text/css')) return 'css';
  return null;
}

/** Sums JS and CSS of a list of assets, each URL once. */
export function totals(assets: Asset[]): { js: number; css: number; jsCount: number; cssCount: number } {
  const seen = new Set<string>();
  const out = { js: 0, css: 0, jsCount: 0, cssCount: 0 };
  for (const a of assets) {
    if (seen.has(a.url)) continue;
    seen.add(a.url);
    out[a.kind] += a.gzip;
    if (a.kind === 'js') out.jsCount++;
    else out.cssCount++;
  }
  return out;
}

/**
 * Records every JS and CSS response of `page` from now on. `take()` returns what arrived since the last `take()`
 * (waiting for bodies still being read), so consecutive phases of one visit can be told apart.
 */
export function recordAssets(page: Page) {
  let pending: Promise<Asset | null>[] = [];
  const onResponse = (response: Response) => {
    const kind = assetKind(response.url(), response.headers()['content-type'] ?? '');
    if (!kind || response.status() !== 200) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), path: new URL(response.url()).pathname, kind, bytes: body.length, gzip: gzipBytes(body) }),
        () => null,
      ),
    );
  };
  page.on('response', onResponse);
  return {
    async take(): Promise<Asset[]> {
      const batch = pending;
      pending = [];
      return (await Promise.all(batch)).filter((a): a is Asset => a !== null);
    },
    stop: () => page.off('response', onResponse),
  };
}
