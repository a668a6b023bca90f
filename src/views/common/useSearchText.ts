// A list's search box: the text typed, sent on once typing settles (or at once on Enter). A search still waiting
// when the page is left (a row opened while typing) is dropped, so it never pulls the user back to the list.
import { useEffect, useRef, useState } from 'react';

/** Typing settles for this long before the search goes into the URL (and to the server). */
export const SEARCH_DELAY_MS = 400;

export function useSearchText(initial: string, onSearch: (q: string) => void) {
  const [search, setSearch] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const typeSearch = (text: string) => {
    setSearch(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
  };
  /** Enter: search now, without waiting for typing to settle. */
  const searchNow = () => {
    clearTimeout(timer.current);
    onSearch(search.trim());
  };
  /** Empties the box and drops a search still waiting (the caller clears the query). */
  const reset = () => {
    clearTimeout(timer.current);
    setSearch('');
  };
  return { search, typeSearch, searchNow, reset };
}
