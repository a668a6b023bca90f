// The tabs of /edu/materials (spec section 3: "materials also covers subjects, levels, courses and themes") and
// where the active one comes from: the address first (a link reproduces it), then the tab remembered in session
// storage for this page (the shell forgets it when the user goes to another path), else the first.

export const MATERIALS_TABS = ['subjects', 'levels', 'courses', 'themes'] as const;
export type MaterialsTab = (typeof MATERIALS_TABS)[number];

export const isMaterialsTab = (value: unknown): value is MaterialsTab => MATERIALS_TABS.includes(value as MaterialsTab);

export function resolveTab(fromQuery: string | null, remembered: string | null): MaterialsTab {
  if (isMaterialsTab(fromQuery)) return fromQuery;
  if (isMaterialsTab(remembered)) return remembered;
  return MATERIALS_TABS[0];
}

/** A positive integer id from a query value, else null ("", "abc", "0", "-3", "1.5" are not ids). */
export function queryIdOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** A page number from the query: 1 unless it is a whole number of at least 1. */
export function queryPageOf(value: string | null): number {
  return queryIdOf(value) ?? 1;
}
