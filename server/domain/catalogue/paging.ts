// Paged answers {count, next, previous, results} (design: "The API contract"); next/previous are the request's
// own path and query with another page number, null at either end. The links are relative (`/api/students/?page=2`):
// the request's URL takes its host from the Host header, which the client chooses, so an absolute link built from it
// could point a reader at any host (host header injection). A relative link resolves against the app's own origin.
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
export type PageRequest = { page: number; page_size: number };

export function pageOffset({ page, page_size }: PageRequest): number {
  return (page - 1) * page_size;
}

function withPage(url: string, page: number): string {
  const u = new URL(url, 'http://relative.invalid');
  u.searchParams.set('page', String(page));
  return `${u.pathname}${u.search}`;
}

export function toPage<T>(url: string, request: PageRequest, count: number, results: T[]): Page<T> {
  const last = Math.max(1, Math.ceil(count / request.page_size));
  return {
    count,
    next: request.page < last ? withPage(url, request.page + 1) : null,
    // A page past the end still links back to the last real one.
    previous: request.page > 1 ? withPage(url, Math.min(request.page - 1, last)) : null,
    results,
  };
}


/** A select still to be cut to a page (drizzle builds the query lazily: nothing runs until it is awaited). */
type Pageable<R> = { limit(n: number): { offset(n: number): PromiseLike<R[]> } };

/**
 * The page a request asks for: the whole list's count (`total`, a `count()` select), then that page of `rows`,
 * each shaped by `shape`. The one way the lists read a page, so paging stays the same everywhere.
 */
export async function readPage<R, T>(
  url: string,
  request: PageRequest,
  total: PromiseLike<{ n: number }[]>,
  rows: Pageable<R>,
  shape: (row: R) => T,
): Promise<Page<T>> {
  const [{ n }] = (await total) as [{ n: number }];
  const page = await rows.limit(request.page_size).offset(pageOffset(request));
  return toPage(url, request, n, page.map(shape));
}
