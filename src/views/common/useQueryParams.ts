import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

export type QueryChanges = Record<string, string | number | boolean | null | undefined>;

/**
 * The page's query string as filters (design page: filters and tabs live in the query, so a link reproduces what
 * a colleague sees). `set` merges changes; empty values (null, undefined, '', false) drop the key. Changes replace
 * the history entry unless `push`, so Back leaves the page instead of stepping through every filter. Several
 * calls before the next render build on each other.
 */
export function useQueryParams(): [URLSearchParams, (changes: QueryChanges, options?: { push?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (changes: QueryChanges, options: { push?: boolean } = {}) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '' || value === false) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: !options.push },
      ),
    [setParams],
  );
  return [params, set];
}

/** A positive integer from the query, or undefined. */
export function intParam(params: URLSearchParams, key: string): number | undefined {
  const value = Number(params.get(key));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
