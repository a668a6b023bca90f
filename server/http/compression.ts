// gzip for clients that ask, off the event loop. Hono's compress() pipes every body through a CompressionStream:
// web streams on the server's one thread for each answer however small (a c.json() body has no Content-Length, so
// its 1 kB threshold never applied), and a streamed body the server then writes chunk by chunk. Under the staff
// workload that was 11 % of the server's CPU (docs/performance.md). Every body here is whole in memory (JSON, the
// app's files, downloads built as bytes), so it is gzipped in one call on libuv's thread pool, from 1 kB on, and
// written at once.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { parseAccept } from 'hono/utils/accept';

const gzipOffThread = promisify(gzip);

/** Smaller bodies go as they are: gzip's header and the round trip to the thread pool outweigh the saving. */
export const COMPRESS_MIN_BYTES = 1024;

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** Whether an Accept-Encoding header admits gzip (by name, or by `*` when gzip is not named), with q above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const named = accepts.find((a) => a.type.toLowerCase() === 'gzip');
  const q = named ? named.q : (accepts.find((a) => a.type === '*')?.q ?? 0);
  return q > 0;
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type');
    if (
      !res.body ||
      c.req.method === 'HEAD' ||
      res.status === 206 ||
      res.headers.has('Content-Encoding') ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')
    )
      return;
    // Whatever this client gets, a cache must not give it to one that asks otherwise.
    const vary = res.headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ENCODING.test(vary))) res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (!acceptsGzip(c.req.header('Accept-Encoding'))) return;
    const length = Number(res.headers.get('Content-Length') ?? Number.NaN);
    if (length < COMPRESS_MIN_BYTES) return;

    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    // zlib's Buffer is backed by a plain ArrayBuffer, as a Response body must be.
    let out = body as Uint8Array<ArrayBuffer>;
    if (body.byteLength >= COMPRESS_MIN_BYTES) {
      out = (await gzipOffThread(body)) as Uint8Array<ArrayBuffer>;
      headers.set('Content-Encoding', 'gzip');
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    headers.set('Content-Length', String(out.byteLength));
    // Unset first: Hono's setter would otherwise wrap the new response around the old one's headers and body stream.
    c.res = undefined;
    c.res = new Response(out, { status: res.status, statusText: res.statusText, headers });
  };
}
