import { describe, expect, it, vi } from 'vitest';
import { createPublicClient, lazySchema } from '../../../src/api/http';

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('schemas loaded on demand', () => {
  it('are loaded on the first successful answer only, once, and parse it', async () => {
    const load = vi.fn(async () => ({ parse: (d: unknown) => (d as { n: number }).n * 2 }));
    const schema = lazySchema(load);
    const failing = createPublicClient({ fetch: answer(401, { detail: 'no' }) as unknown as typeof fetch, baseURL: '/api' });
    await expect(failing.get('/x', { schema })).rejects.toMatchObject({ status: 401 });
    expect(load).not.toHaveBeenCalled();
    const client = createPublicClient({ fetch: answer(200, { n: 21 }) as unknown as typeof fetch, baseURL: '/api' });
    await expect(client.get('/x', { schema })).resolves.toBe(42);
    await expect(client.get('/x', { schema })).resolves.toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('are fetched again after a failed import, and a bad answer is refused', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue({ parse: (d: unknown) => { if (typeof d !== 'number') throw new Error('not a number'); return d; } });
    const schema = lazySchema<number>(load);
    const client = createPublicClient({ fetch: answer(200, 'text') as unknown as typeof fetch, baseURL: '/api' });
    await expect(client.get('/x', { schema })).rejects.toThrow();
    await expect(client.get('/x', { schema })).rejects.toThrow();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
