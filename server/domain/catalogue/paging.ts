// Paged answers {count, next, previous, results} (design: "The API contract"); next/previous are the request's
// own URL with another page number, null at either end.
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
export type PageRequest = { page: number; page_size: number };

export function pageOffset({ page, page_size }: PageRequest): number {
  return (page - 1) * page_size;
}

function withPage(url: string, page: number): string {
  const u = new URL(url);
  u.searchParams.set('page', String(page));
  return u.toString();
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

