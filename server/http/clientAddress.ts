// The client's address for throttling and the audit log.
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * With TRUST_PROXY=n, the address the n-th proxy from us appended to `x-forwarded-for` (entries to its left are
 * whatever the client sent, so they are never trusted); without it the socket address; else 'unknown'.
 */
export function clientAddress(c: Context): string {
  const hops = (c.get('config') as { trustProxyHops?: number } | undefined)?.trustProxyHops ?? 0;
  if (hops > 0) {
    const chain = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const forwarded = chain[chain.length - hops];
    if (forwarded) return forwarded.slice(0, 100);
  }
  try {
    // IPv4 clients of a dual-stack socket show up as ::ffff:1.2.3.4.
    return getConnInfo(c).remote.address?.replace(/^::ffff:(?=\d+\.)/, '') ?? 'unknown';
  } catch {
    // app.request() in tests has no socket behind it.
    return 'unknown';
  }
}
