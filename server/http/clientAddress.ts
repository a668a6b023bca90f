// The client's address for throttling and the audit log.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The first `x-forwarded-for` entry (the app usually runs behind a proxy), else the socket address, else
 * 'unknown'. The header can be forged when nothing in front sets it; the per-phone limit still holds then.
 */
export function clientAddress(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded.slice(0, 100);
  try {
    // IPv4 clients of a dual-stack socket show up as ::ffff:1.2.3.4.
    return getConnInfo(c).remote.address?.replace(/^::ffff:(?=\d+\.)/, '') ?? 'unknown';
  } catch {
    // app.request() in tests has no socket behind it.
    return 'unknown';
  }
}
