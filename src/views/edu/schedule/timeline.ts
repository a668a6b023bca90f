// Pure rules of the rooms-by-time layout: one day, a row per room (or teacher), the half-hour slots of
// 09:00-23:30 across. Positions are in slots (0 at 09:00, 29 at 23:30) so the view only multiplies by a width;
// overlapping lessons of a row stack in lanes, with the lane assignment of the week grid (layoutDay).
import { SLOT_MINUTES, TIME_SLOTS, minutesOfDay } from '../../../../contract/schedule';
import { AXIS_END, AXIS_START, layoutDay, type Timed } from './layout';

/** The half-hours between the first and the last time slot: 09:00-09:30 … 23:00-23:30. */
export const SLOT_COUNT = TIME_SLOTS.length - 1;

/** Slot position of a time of day: 0 at 09:00, 1 at 09:30, … SLOT_COUNT at 23:30; fractional between, clamped. */
export function slotOf(time: string): number {
  const minutes = Math.max(AXIS_START, Math.min(AXIS_END, minutesOfDay(time)));
  return (minutes - AXIS_START) / SLOT_MINUTES;
}

/** Where a lesson sits on the slot axis: its first slot and how many slots it covers (clamped to the axis). */
export function spanOf(block: Timed): { from: number; span: number } {
  const from = slotOf(block.start_time);
  return { from, span: Math.max(0, slotOf(block.end_time) - from) };
}

export type RowItem<T> = { block: T; from: number; span: number; lane: number };

/**
 * Stacks one row's lessons: lessons that overlap go one under the other, the first free lane from the top
 * (touching lessons, 10:00-11:00 and 11:00-12:00, share a lane). `lanes` is the row's height in lanes.
 */
export function stackRow<T extends Timed>(blocks: readonly T[]): { items: RowItem<T>[]; lanes: number } {
  const items = layoutDay(blocks).map((p) => ({ block: p.block, ...spanOf(p.block), lane: p.lane }));
  return { items, lanes: Math.max(1, ...items.map((i) => i.lane + 1)) };
}

export type TimelineRow<T> = { id: number; name: string; items: RowItem<T>[]; lanes: number };

type RowBlock = Timed & { row_id: number; date: string };

/**
 * The rows of one day: every row the server lists, in its order (free rooms show as empty rows), each with its
 * stacked lessons of `day`; a lesson whose row is not listed gets a row of its own at the end, named by `nameOf`.
 */
export function timelineRows<T extends RowBlock>(
  rows: readonly { id: number; name: string }[],
  blocks: readonly T[],
  day: string,
  nameOf: (block: T) => string,
): TimelineRow<T>[] {
  const byRow = new Map<number, T[]>();
  for (const b of blocks) if (b.date === day) byRow.set(b.row_id, [...(byRow.get(b.row_id) ?? []), b]);
  const listed = new Set(rows.map((r) => r.id));
  const extra = [...byRow.entries()].filter(([id]) => !listed.has(id)).map(([id, bs]) => ({ id, name: nameOf(bs[0]) }));
  return [...rows, ...extra].map((r) => ({ id: r.id, name: r.name, ...stackRow(byRow.get(r.id) ?? []) }));
}

/** The slot position of a moment when it falls on the axis (the "now" line), else null. */
export function slotOfMoment(moment: Date): number | null {
  const minutes = moment.getHours() * 60 + moment.getMinutes();
  return minutes < AXIS_START || minutes > AXIS_END ? null : (minutes - AXIS_START) / SLOT_MINUTES;
}

/** The earliest slot any row uses, for opening the day scrolled to its first lesson; null on an empty day. */
export function firstUsedSlot(rows: readonly TimelineRow<unknown>[]): number | null {
  const froms = rows.flatMap((r) => r.items.map((i) => i.from));
  return froms.length ? Math.min(...froms) : null;
}
