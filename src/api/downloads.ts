// Authenticated file downloads (Excel lists, lead documents): the app's HTTP client with a fetch that reads a
// successful body as a stream and reports bytes, so the token refresh and the one retry after a 401 still apply.
import { readBlobWithProgress } from '../lib/byteProgress';
import type { QueryValue } from '../lib/params';
import type { SessionActorRef } from '../machines/session';
import { createHttpClient } from './http';

export type DownloadRequest = {
  url: string;
  params?: Record<string, QueryValue>;
  /** A JSON body: the file is asked for with POST (e.g. POST /lid/document/). */
  body?: unknown;
  fileName: string;
};

export type FetchFileOptions = {
  session: SessionActorRef;
  signal?: AbortSignal;
  onProgress?: (received: number, total: number | null) => void;
  fetch?: typeof fetch;
};

/** A fetch that hands back a successful response with its body already read (counting bytes as it came). */
export function countingFetch(options: Pick<FetchFileOptions, 'signal' | 'onProgress' | 'fetch'>): typeof fetch {
  return async (input, init = {}) => {
    const base = options.fetch ?? ((i: RequestInfo | URL, n?: RequestInit) => globalThis.fetch(i, n));
    const response = await base(input, { ...init, signal: options.signal });
    if (!response.ok) return response;
    const blob = await readBlobWithProgress(response, (received, total) => {
      if (!options.signal?.aborted) options.onProgress?.(received, total);
    });
    return new Response(blob, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** GET `url` with `params` (empty ones dropped) as a Blob; POST when the request has a body. */
export function fetchFile(request: Pick<DownloadRequest, 'url' | 'params' | 'body'>, options: FetchFileOptions): Promise<Blob> {
  const client = createHttpClient({ session: () => options.session, fetch: countingFetch(options) });
  if (request.body !== undefined) return client.post<Blob>(request.url, request.body, { params: request.params, responseType: 'blob' });
  return client.get<Blob>(request.url, { params: request.params, responseType: 'blob' });
}
