// What a list's filter bar keeps: the search text typed (sent to the URL query once typing settles), the phone
// sheet's open state, how many other filters are set, and clearing them all. Every change puts the page back to 1.
import { useState } from 'react';
import type { QueryChanges } from './useQueryParams';
import { useSearchText } from './useSearchText';

export { SEARCH_DELAY_MS } from './useSearchText';

export function useFilterBar<K extends string>(keys: readonly K[], values: Partial<Record<K, unknown>> & { q?: string }, onChange: (changes: QueryChanges) => void) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const apply = (changes: QueryChanges) => onChange({ ...changes, page: null });
  const { search, typeSearch, searchNow, reset } = useSearchText(values.q ?? '', (q) => apply({ q }));
  /** Filters set besides the search. */
  const set = keys.filter((key) => key !== 'q' && values[key] !== undefined).length;
  const clear = () => {
    reset();
    apply(Object.fromEntries(keys.map((key) => [key, null])));
  };
  return { search, typeSearch, searchNow, apply, set, clear, sheetOpen, setSheetOpen };
}
