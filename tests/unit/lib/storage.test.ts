import { describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  ACTIVE_TAB_KEY,
  LAST_VISITED_PATH_KEY,
  REFRESH_TOKEN_KEY,
  SAVED_FILIAL_KEY,
  clearOnPathChange,
  clearStorageKeepingLastPath,
  createDateFilterStore,
  pathnameOf,
} from '../../../src/lib/storage';
import { MemoryStorage } from '../support/fakes';

describe('storage keys', () => {
  it('are the spec names', () => {
    expect([ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, LAST_VISITED_PATH_KEY, SAVED_FILIAL_KEY, ACTIVE_TAB_KEY]).toEqual([
      'accessToken',
      'refreshToken',
      'lastVisitedPath',
      'savedFilial',
      'activeTab',
    ]);
  });
});

describe('clearStorageKeepingLastPath', () => {
  it('clears both storages but keeps lastVisitedPath', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    local.setItem(ACCESS_TOKEN_KEY, 'a');
    local.setItem(SAVED_FILIAL_KEY, '3');
    local.setItem(LAST_VISITED_PATH_KEY, '/students/info?id=4');
    session.setItem(ACTIVE_TAB_KEY, 'x');
    clearStorageKeepingLastPath(local, session);
    expect(local.entries()).toEqual({ [LAST_VISITED_PATH_KEY]: '/students/info?id=4' });
    expect(session.length).toBe(0);
  });

  it('does not invent a lastVisitedPath', () => {
    const local = new MemoryStorage();
    local.setItem(ACCESS_TOKEN_KEY, 'a');
    clearStorageKeepingLastPath(local, new MemoryStorage());
    expect(local.length).toBe(0);
  });
});

describe('pathnameOf', () => {
  it('drops query and hash', () => {
    expect(pathnameOf('/students/info?id=4#top')).toBe('/students/info');
    expect(pathnameOf('/leads#x')).toBe('/leads');
    expect(pathnameOf('/')).toBe('/');
  });
});

describe('dateFilterStore', () => {
  it('sets, notifies subscribers, keeps the snapshot stable, resets', () => {
    const store = createDateFilterStore();
    const listener = vi.fn();
    const off = store.subscribe(listener);
    const empty = store.get();
    expect(store.get()).toBe(empty);
    store.set({ start_date: '2026-01-01' });
    expect(store.get()).toEqual({ start_date: '2026-01-01', end_date: null });
    store.set({ start_date: '2026-01-01' }); // no change, no notification
    expect(listener).toHaveBeenCalledTimes(1);
    store.reset();
    expect(store.get()).toEqual({ start_date: null, end_date: null });
    expect(listener).toHaveBeenCalledTimes(2);
    off();
    store.set({ end_date: '2026-02-01' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('clearOnPathChange', () => {
  function setup() {
    const session = new MemoryStorage();
    session.setItem(ACTIVE_TAB_KEY, 'payments');
    const filters = createDateFilterStore();
    filters.set({ start_date: '2026-01-01', end_date: '2026-01-31' });
    return { session, filters };
  }

  it('resets the date filter and forgets the active tab on another path', () => {
    const deps = setup();
    expect(clearOnPathChange('/students', '/leads', deps)).toBe(true);
    expect(deps.session.getItem(ACTIVE_TAB_KEY)).toBeNull();
    expect(deps.filters.get()).toEqual({ start_date: null, end_date: null });
  });

  it('keeps both when only the query changes, and on the first route', () => {
    const deps = setup();
    expect(clearOnPathChange('/students?page=1', '/students?page=2', deps)).toBe(false);
    expect(clearOnPathChange(null, '/students', deps)).toBe(false);
    expect(deps.session.getItem(ACTIVE_TAB_KEY)).toBe('payments');
    expect(deps.filters.get().start_date).toBe('2026-01-01');
  });
});
