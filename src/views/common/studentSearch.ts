// The student search of a form (a payment, a new group member, a coin award): what is typed is asked of the
// server after a pause, a few at a time; the answers become the choices of the form kit's SearchField.
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatPhoneInput } from '../../lib/phone';
import type { SearchItem } from '../../ui/SearchSelect';
import { useDebounced } from './useDebounced';

type Student = { id: number; full_name: string; phone: string };

/** The lines under the list, already in words. */
export type SearchTexts = { loading: string; empty: string; narrow: string; failed?: string };

/** The line under the list for a query's state: loading, failed, nothing found, or "narrow the search". */
export function searchStatus(query: Pick<UseQueryResult<unknown[]>, 'isPending' | 'isError' | 'data'>, shown: number, limit: number, texts: SearchTexts): string | null {
  if (query.isPending) return texts.loading;
  if (query.isError) return texts.failed ?? null;
  if (shown === 0) return texts.empty;
  return (query.data?.length ?? 0) >= limit ? texts.narrow : null;
}

/**
 * The typed text (debounced, as `q` for the caller's query) and the chosen student, kept when a new search no
 * longer lists them. `field(query)` gives the SearchField its items, status line and handlers.
 */
export function useStudentSearch<S extends Student>({ limit, texts }: { limit: number; texts: SearchTexts }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<S | null>(null);
  const q = useDebounced(search.trim());
  return {
    q,
    chosen,
    field: (query: UseQueryResult<S[]>, { hide, extra }: { hide?: ReadonlySet<number>; extra?: (student: S) => ReactNode } = {}) => {
      const found = (query.data ?? []).filter((s) => !hide?.has(s.id));
      return {
        items: found.map((s): SearchItem => ({ id: s.id, label: s.full_name, detail: formatPhoneInput(s.phone), extra: extra?.(s) })),
        // Before anything is typed the list is closed: no "narrow the search" under it yet.
        status: search.trim() === '' && !query.isPending && !query.isError && found.length > 0 ? null : searchStatus(query, found.length, limit, texts),
        onSearch: setSearch,
        onChoose: (item: SearchItem) => setChosen(found.find((s) => s.id === item.id) ?? null),
      };
    },
  };
}
