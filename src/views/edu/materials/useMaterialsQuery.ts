import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'wouter';
import { ACTIVE_TAB_KEY } from '../../../lib/storage';
import { useQueryParams, type QueryChanges } from '../../common/useQueryParams';
import { queryIdOf, queryPageOf, resolveTab, type MaterialsTab } from './materialsTabs';

/** The page's state in the address (design page: tabs and filters live in the query), through useQueryParams. */
export function useMaterialsQuery() {
  const [params, set] = useQueryParams();
  const update = useCallback((patch: QueryChanges) => set(patch), [set]);
  const id = (key: string) => queryIdOf(params.get(key));
  const page = () => queryPageOf(params.get('page'));
  const flag = (key: string) => params.get(key) === 'true';
  return { params, update, id, page, flag };
}

/**
 * The active tab: `?tab=` first, else the one remembered in sessionStorage (ACTIVE_TAB_KEY). Choosing a tab
 * remembers it and puts it in the address with only the filters given (each tab's filters belong to that tab).
 */
export function useMaterialsTab(): [MaterialsTab, (tab: MaterialsTab, filters?: Record<string, number>) => void] {
  const [params, setParams] = useSearchParams();
  const fromQuery = params.get('tab');
  const tab = resolveTab(fromQuery, readRemembered());

  // Keep the address and the remembered tab in step with what is shown (a bare /edu/materials shows the
  // remembered tab; a shared link's tab becomes the remembered one).
  useEffect(() => {
    remember(tab);
    if (fromQuery !== tab) setParams((prev) => withTab(prev, tab), { replace: true });
  }, [tab, fromQuery, setParams]);

  const choose = useCallback(
    (next: MaterialsTab, filters: Record<string, number> = {}) => {
      remember(next);
      const query = new URLSearchParams({ tab: next });
      for (const [key, value] of Object.entries(filters)) query.set(key, String(value));
      setParams(query, { replace: true });
    },
    [setParams],
  );
  return [tab, choose];
}

function withTab(prev: URLSearchParams, tab: MaterialsTab) {
  const next = new URLSearchParams(prev);
  next.set('tab', tab);
  return next;
}

function readRemembered(): string | null {
  try {
    return sessionStorage.getItem(ACTIVE_TAB_KEY);
  } catch {
    return null;
  }
}

function remember(tab: MaterialsTab) {
  try {
    sessionStorage.setItem(ACTIVE_TAB_KEY, tab);
  } catch {
    // Storage may be unavailable (private mode quotas); the address still holds the tab.
  }
}
