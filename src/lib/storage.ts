// Browser storage keys of spec section 3, and the helpers that clear them. Everything is typed against the
// Storage interface (or the part of it a helper needs) so tests pass in-memory fakes and no DOM is needed.

export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const LAST_VISITED_PATH_KEY = 'lastVisitedPath';
export const SAVED_FILIAL_KEY = 'savedFilial';
/** sessionStorage: the tab a tabbed page last showed; forgotten when the user goes to another path. */
export const ACTIVE_TAB_KEY = 'activeTab';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'>;

/**
 * Clears both storages but keeps lastVisitedPath, so a user thrown out to /login comes back to the page they
 * were on (spec section 4, steps 3 and 4).
 */
export function clearStorageKeepingLastPath(local: KeyValueStorage, session: Pick<Storage, 'clear'>): void {
  const lastPath = local.getItem(LAST_VISITED_PATH_KEY);
  local.clear();
  session.clear();
  if (lastPath !== null) local.setItem(LAST_VISITED_PATH_KEY, lastPath);
}

/** The pathname of a path that may carry a query or a hash: "/students/info?id=4" → "/students/info". */
export function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

export type DateFilter = { start_date: string | null; end_date: string | null };
type Listener = () => void;

const EMPTY_FILTER: DateFilter = Object.freeze({ start_date: null, end_date: null }) as DateFilter;

/**
 * A tiny external store for the page's date filter (`YYYY-MM-DD` strings), read with useSyncExternalStore.
 * `get()` returns the same object until something changes, as useSyncExternalStore requires.
 */
export function createDateFilterStore() {
  let value: DateFilter = EMPTY_FILTER;
  const listeners = new Set<Listener>();
  const publish = (next: DateFilter) => {
    if (next.start_date === value.start_date && next.end_date === value.end_date) return;
    value = next;
    listeners.forEach((l) => l());
  };
  return {
    get: (): DateFilter => value,
    set: (patch: Partial<DateFilter>) => publish({ ...value, ...patch }),
    reset: () => publish(EMPTY_FILTER),
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type DateFilterStore = ReturnType<typeof createDateFilterStore>;

export const dateFilterStore = createDateFilterStore();

/**
 * Spec section 2: on navigating to a different path the date filters are reset and the remembered active tab is
 * cleared. Only the pathname counts: a change of query (filters, tabs, `?id=`) is the same page. Returns whether
 * it cleared anything.
 */
export function clearOnPathChange(
  previousPath: string | null,
  nextPath: string,
  deps: { session?: Pick<Storage, 'removeItem'>; filters?: DateFilterStore } = {},
): boolean {
  if (previousPath === null || pathnameOf(previousPath) === pathnameOf(nextPath)) return false;
  const session = deps.session ?? globalThis.sessionStorage;
  session?.removeItem(ACTIVE_TAB_KEY);
  (deps.filters ?? dateFilterStore).reset();
  return true;
}
