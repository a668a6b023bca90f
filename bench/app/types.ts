// The shape every app benchmark reports: one row per figure, with its budget when there is one.
export type AppBenchRow = { name: string; value: number; unit: string; budget?: number; ok?: boolean };
export type AppBenchResult = { rows: AppBenchRow[]; details?: unknown };

/** A row whose `ok` says whether `value` stays within `budget` (lower is better). */
export function budgetRow(name: string, value: number, unit: string, budget?: number): AppBenchRow {
  return budget === undefined ? { name, value, unit } : { name, value, unit, budget, ok: value <= budget };
}

/** The app's speed budgets on the reference 2-core machine. */
export const BUDGETS = {
  /** gzip JS of the login page's first load, kB. */
  loginJsKb: 120,
  /** Largest contentful paint at 4× CPU throttling on localhost, ms. */
  lcpMs: 1000,
  /** A sidebar click to the next list painted, warm cache, ms. */
  clickMs: 300,
} as const;
