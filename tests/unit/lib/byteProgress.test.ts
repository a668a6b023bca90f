import { describe, expect, it, vi } from 'vitest';
import { countingFetch } from '../../../src/api/downloads';
import { declaredLength, progressFraction, readBlobWithProgress } from '../../../src/lib/byteProgress';

/** A response whose body arrives in the given chunks. */
function streamed(chunks: number[], headers: Record<string, string> = {}, status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size).fill(7));
      controller.close();
    },
  });
  return new Response(body, { status, headers });
}

describe('declaredLength', () => {
  it('reads a whole positive Content-Length', () => {
    expect(declaredLength('1200')).toBe(1200);
    expect(declaredLength(' 5 ')).toBe(5);
  });
  it('is null when absent, zero or not a number (indeterminate)', () => {
    expect(declaredLength(null)).toBeNull();
    expect(declaredLength('0')).toBeNull();
    expect(declaredLength('abc')).toBeNull();
    expect(declaredLength('-3')).toBeNull();
    expect(declaredLength('1.5')).toBeNull();
  });
});

describe('progressFraction', () => {
  it('divides by the total and caps at 1', () => {
    expect(progressFraction(50, 200)).toBe(0.25);
    expect(progressFraction(300, 200)).toBe(1);
  });
  it('is null without a total', () => {
    expect(progressFraction(50, null)).toBeNull();
  });
});

describe('readBlobWithProgress', () => {
  it('counts bytes per chunk against Content-Length and returns the whole body', async () => {
    const seen: Array<[number, number | null]> = [];
    const blob = await readBlobWithProgress(streamed([10, 20, 30], { 'content-length': '60', 'content-type': 'application/x-test' }), (r, t) => seen.push([r, t]));
    expect(seen).toEqual([
      [0, 60],
      [10, 60],
      [30, 60],
      [60, 60],
    ]);
    expect(blob.size).toBe(60);
    expect(blob.type).toBe('application/x-test');
  });

  it('reports a null total when the server sends no length', async () => {
    const seen: Array<number | null> = [];
    const blob = await readBlobWithProgress(streamed([4, 4]), (_r, t) => seen.push(t));
    expect(blob.size).toBe(8);
    expect(seen.every((t) => t === null)).toBe(true);
  });
});

describe('countingFetch', () => {
  it('reads a successful body through the counter and keeps the status', async () => {
    const onProgress = vi.fn();
    const fetch = countingFetch({ fetch: async () => streamed([3, 5], { 'content-length': '8' }), onProgress });
    const response = await fetch('/x');
    expect(response.status).toBe(200);
    expect((await response.blob()).size).toBe(8);
    expect(onProgress).toHaveBeenLastCalledWith(8, 8);
  });

  it('passes an error response through untouched (the client turns it into an ApiError)', async () => {
    const onProgress = vi.fn();
    const fetch = countingFetch({ fetch: async () => new Response('{"detail":"no"}', { status: 403 }), onProgress });
    const response = await fetch('/x');
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ detail: 'no' });
    expect(onProgress).not.toHaveBeenCalled();
  });
});
