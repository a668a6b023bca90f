// The orders board: leads with an order, narrowed by group and by a period of the first lesson date (the server
// filters the period on created_at, so the board does this one itself), then grouped by first lesson date,
// soonest first; orders without a date come last.
import type { Lead } from '../../../../contract/leads';

export type OrderFilters = { group?: number; start_date?: string; end_date?: string };
export type OrderDay = { date: string | null; orders: Lead[] };

export function filterOrders(orders: readonly Lead[], f: OrderFilters): Lead[] {
  return orders.filter((o) => {
    if (f.group && o.order_group?.id !== f.group) return false;
    const day = o.first_lesson_date;
    if ((f.start_date || f.end_date) && !day) return false;
    if (f.start_date && day && day < f.start_date) return false;
    if (f.end_date && day && day > f.end_date) return false;
    return true;
  });
}

/** Orders by first lesson date (ISO days sort as text), soonest first; within a day by name. */
export function groupByFirstLesson(orders: readonly Lead[]): OrderDay[] {
  const byDay = new Map<string | null, Lead[]>();
  for (const o of orders) {
    const key = o.first_lesson_date ?? null;
    byDay.set(key, [...(byDay.get(key) ?? []), o]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1))
    .map(([date, list]) => ({ date, orders: list.sort((x, y) => x.full_name.localeCompare(y.full_name)) }));
}
