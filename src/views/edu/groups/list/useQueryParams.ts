import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';

export type QueryChanges = Record<string, string | number | null | undefined>;

/**
 * The page's query string as filters (design page: filters and tabs live in the query, so a link reproduces what
 * a colleague sees). `set` merges changes; empty values drop the key. Filter changes replace the history entry,
 * so Back leaves the page instead of stepping through every filter.
 */
export function useQueryParams(): [URLSearchParams, (changes: QueryChanges, options?: { push?: boolean }) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (changes: QueryChanges, options: { push?: boolean } = {}) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      const query = next.toString();
      navigate(query ? `${location}?${query}` : location, { replace: !options.push });
    },
    [search, location, navigate],
  );
  return [params, set];
}

/** A positive integer from the query, or undefined. */
export function intParam(params: URLSearchParams, key: string): number | undefined {
  const value = Number(params.get(key));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
