/**
 * `items` in the order of `ids`; items the order does not know yet (just created) follow in their own order, ids
 * without an item (just archived) are skipped.
 */
export function arrangeByIds<T extends { id: number }>(items: readonly T[], ids: readonly number[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const placed = ids.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
  const known = new Set(ids);
  return [...placed, ...items.filter((item) => !known.has(item.id))];
}

/** The cached list after the server took a new order: arranged and numbered 1..n again. */
export function renumber<T extends { id: number; position: number }>(items: readonly T[], ids: readonly number[]): T[] {
  return arrangeByIds(items, ids).map((item, index) => ({ ...item, position: index + 1 }));
}
