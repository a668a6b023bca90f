// X-Forwarded-For counts only behind as many trusted proxies as TRUST_PROXY says, read from the right.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../../server/http/clientAddress';

async function addressSeen(trustProxyHops: number | undefined, forwardedFor?: string): Promise<string> {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (trustProxyHops !== undefined) c.set('config' as never, { trustProxyHops } as never);
    await next();
  });
  app.get('/', (c) => c.text(clientAddress(c)));
  const res = await app.request('/', { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });
  return res.text();
}

describe('clientAddress', () => {
  it('ignores X-Forwarded-For when no proxy is trusted (a client could forge it)', async () => {
    expect(await addressSeen(0, '6.6.6.6')).toBe('unknown');
    expect(await addressSeen(undefined, '6.6.6.6')).toBe('unknown');
  });

  it('takes the entry our own proxy appended, not what the client sent before it', async () => {
    expect(await addressSeen(1, '6.6.6.6, 10.0.0.7')).toBe('10.0.0.7');
    expect(await addressSeen(1, '10.0.0.7')).toBe('10.0.0.7');
    expect(await addressSeen(2, '6.6.6.6, 10.0.0.7, 192.168.1.2')).toBe('10.0.0.7');
  });

  it('falls back to the socket when the chain is shorter than the proxies', async () => {
    expect(await addressSeen(2, '10.0.0.7')).toBe('unknown');
    expect(await addressSeen(1, ' , ')).toBe('unknown');
  });
});
