// What a list's filter bar keeps: the search text typed (sent to the URL query once typing settles), the phone
// sheet's open state, how many other filters are set, and clearing them all. Every change puts the page back to 1.
import { useRef, useState } from 'react';
import type { QueryChanges } from './useQueryParams';

/** Typing settles for this long before the search goes into the URL (and to the server). */
export const SEARCH_DELAY_MS = 400;

export function useFilterBar<K extends string>(keys: readonly K[], values: Partial<Record<K, unknown>> & { q?: string }, onChange: (changes: QueryChanges) => void) {
  const [search, setSearch] = useState(values.q ?? '');
  const [sheetOpen, setSheetOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const apply = (changes: QueryChanges) => onChange({ ...changes, page: null });
  const typeSearch = (text: string) => {
    setSearch(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply({ q: text.trim() }), SEARCH_DELAY_MS);
  };
  /** Enter: search now, without waiting for typing to settle. */
  const searchNow = () => {
    clearTimeout(timer.current);
    apply({ q: search.trim() });
  };
  /** Filters set besides the search. */
  const set = keys.filter((key) => key !== 'q' && values[key] !== undefined).length;
  const clear = () => {
    clearTimeout(timer.current);
    setSearch('');
    apply(Object.fromEntries(keys.map((key) => [key, null])));
  };
  return { search, typeSearch, searchNow, apply, set, clear, sheetOpen, setSheetOpen };
}
