/** `list` with the item at `from` taken out and put in at `to` (drag-and-drop and arrow moves). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}
