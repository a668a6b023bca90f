// A download with a body goes out as POST with that JSON (a lead's .docx: POST /lid/document/ {lead, kind});
// without one it stays a GET. The body comes back as a Blob either way, its bytes counted.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { fetchFile } from '../../../src/api/downloads';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../../../src/lib/storage';
import { sessionMachine } from '../../../src/machines/session';
import { memoryStores, validToken } from '../support/fakes';

function setup() {
  const { local, store } = memoryStores();
  local.setItem(ACCESS_TOKEN_KEY, validToken('a'));
  local.setItem(REFRESH_TOKEN_KEY, validToken('r'));
  const session = createActor(sessionMachine, { input: { store } }).start();
  const calls: { method: string; url: string; body: string | null; type: string | null }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    calls.push({ method: init.method ?? 'GET', url: String(input), body: (init.body as string | undefined) ?? null, type: headers.get('content-type') });
    return new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'content-length': '4' } });
  };
  return { session, calls, fetch };
}

describe('fetchFile', () => {
  it('POSTs the JSON body when the request has one', async () => {
    const { session, calls, fetch } = setup();
    const progress: number[] = [];
    const blob = await fetchFile({ url: '/lid/document/', body: { lead: 7, kind: 'contract' } }, { session, fetch, onProgress: (received) => progress.push(received) });
    expect(calls).toHaveLength(1);
    expect(calls[0].method.toUpperCase()).toBe('POST');
    expect(calls[0].url).toMatch(/\/lid\/document\/$/);
    expect(JSON.parse(calls[0].body ?? '')).toEqual({ lead: 7, kind: 'contract' });
    expect(calls[0].type).toMatch(/application\/json/);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4b, 3, 4]));
    expect(progress.at(-1)).toBe(4);
  });

  it('stays a GET with the query when there is no body', async () => {
    const { session, calls, fetch } = setup();
    await fetchFile({ url: '/lid/excel/', params: { stage: 'YANGI_LEAD', q: '' } }, { session, fetch });
    expect(calls[0].method.toUpperCase()).toBe('GET');
    expect(calls[0].url).toMatch(/\/lid\/excel\/\?stage=YANGI_LEAD$/);
    expect(calls[0].body).toBeNull();
  });
});
