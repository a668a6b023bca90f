import { describe, expect, it } from 'vitest';
import { TIME_SLOTS } from '../../../contract/schedule';
import {
  SLOT_COUNT,
  firstUsedSlot,
  slotOf,
  slotOfMoment,
  spanOf,
  stackRow,
  timelineRows,
} from '../../../src/views/edu/schedule/timeline';

describe('slot axis', () => {
  it('has the 29 half-hours between 09:00 and 23:30', () => {
    expect(SLOT_COUNT).toBe(29);
    expect(TIME_SLOTS[0]).toBe('09:00');
    expect(TIME_SLOTS[SLOT_COUNT]).toBe('23:30');
  });

  it('numbers every time slot from 0 at 09:00 to 29 at 23:30', () => {
    expect(TIME_SLOTS.map(slotOf)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(slotOf('14:00:00')).toBe(10); // PostgreSQL's HH:MM:SS
  });

  it('places a time between slots proportionally and clamps what lies off the axis', () => {
    expect(slotOf('09:15')).toBe(0.5);
    expect(slotOf('10:10')).toBeCloseTo(2 + 1 / 3);
    expect(slotOf('08:00')).toBe(0);
    expect(slotOf('23:45')).toBe(29);
  });

  it('spans a lesson from its start slot over its length', () => {
    expect(spanOf({ start_time: '09:00', end_time: '10:30' })).toEqual({ from: 0, span: 3 });
    expect(spanOf({ start_time: '18:00', end_time: '19:30' })).toEqual({ from: 18, span: 3 });
    expect(spanOf({ start_time: '22:30', end_time: '23:30' })).toEqual({ from: 27, span: 2 });
    expect(spanOf({ start_time: '08:00', end_time: '09:30' })).toEqual({ from: 0, span: 1 });
    expect(spanOf({ start_time: '08:00', end_time: '08:30' })).toEqual({ from: 0, span: 0 });
  });
});

describe('stacking a row', () => {
  const b = (id: number, start_time: string, end_time: string) => ({ id, start_time, end_time });
  const lanes = (blocks: ReturnType<typeof b>[]) => {
    const row = stackRow(blocks);
    return { lanes: row.lanes, items: row.items.map((i) => [i.block.id, i.from, i.span, i.lane]) };
  };

  it('keeps an empty row one lane high', () => {
    expect(stackRow([])).toEqual({ items: [], lanes: 1 });
  });

  it('keeps lessons that follow or touch each other in one lane, in time order', () => {
    expect(lanes([b(2, '10:30', '12:00'), b(1, '09:00', '10:30'), b(3, '14:00', '15:30')])).toEqual({
      lanes: 1,
      items: [
        [1, 0, 3, 0],
        [2, 3, 3, 0],
        [3, 10, 3, 0],
      ],
    });
  });

  it('puts an overlapping lesson under the other and reuses a lane once it is free', () => {
    expect(lanes([b(1, '09:00', '10:30'), b(2, '10:00', '11:30'), b(3, '10:30', '12:00')])).toEqual({
      lanes: 2,
      items: [
        [1, 0, 3, 0],
        [2, 2, 3, 1],
        [3, 3, 3, 0],
      ],
    });
  });

  it('makes the row as high as its busiest moment, the longer lesson on top', () => {
    const row = lanes([b(1, '18:00', '19:00'), b(2, '18:00', '20:00'), b(3, '18:30', '19:30'), b(4, '21:00', '22:00')]);
    expect(row.lanes).toBe(3);
    expect(row.items.map(([id, , , lane]) => [id, lane])).toEqual([
      [2, 0],
      [1, 1],
      [3, 2],
      [4, 0],
    ]);
  });
});

describe('rows of a day', () => {
  const rows = [
    { id: 1, name: '101' },
    { id: 2, name: '102' },
  ];
  const lesson = (lesson_id: number, row_id: number, date: string, start_time = '09:00', end_time = '10:30') => ({
    lesson_id,
    row_id,
    date,
    start_time,
    end_time,
    room_name: `Room ${row_id}`,
  });

  it('lists every row in the given order with only the chosen day’s lessons', () => {
    const blocks = [lesson(10, 2, '2026-11-23'), lesson(11, 2, '2026-11-24'), lesson(12, 1, '2026-11-24', '14:00', '15:30')];
    const day = timelineRows(rows, blocks, '2026-11-23', (x) => x.room_name);
    expect(day.map((r) => [r.id, r.name, r.lanes, r.items.map((i) => i.block.lesson_id)])).toEqual([
      [1, '101', 1, []],
      [2, '102', 1, [10]],
    ]);
    const next = timelineRows(rows, blocks, '2026-11-24', (x) => x.room_name);
    expect(next.map((r) => r.items.map((i) => [i.block.lesson_id, i.from]))).toEqual([[[12, 10]], [[11, 0]]]);
  });

  it('stacks overlapping lessons per row, not across rows', () => {
    const blocks = [lesson(1, 1, '2026-11-23'), lesson(2, 2, '2026-11-23'), lesson(3, 2, '2026-11-23', '10:00', '11:00')];
    expect(timelineRows(rows, blocks, '2026-11-23', (x) => x.room_name).map((r) => r.lanes)).toEqual([1, 2]);
  });

  it('gives a lesson of an unlisted row a row at the end, named from the lesson', () => {
    const day = timelineRows(rows, [lesson(5, 9, '2026-11-23'), lesson(6, 9, '2026-11-23', '12:00', '13:00')], '2026-11-23', (x) => x.room_name);
    expect(day.map((r) => [r.id, r.name, r.items.length])).toEqual([
      [1, '101', 0],
      [2, '102', 0],
      [9, 'Room 9', 2],
    ]);
  });

  it('finds the first slot in use, or none on an empty day', () => {
    const blocks = [lesson(1, 1, '2026-11-23', '14:00', '15:00'), lesson(2, 2, '2026-11-23', '11:30', '13:00')];
    expect(firstUsedSlot(timelineRows(rows, blocks, '2026-11-23', (x) => x.room_name))).toBe(5);
    expect(firstUsedSlot(timelineRows(rows, blocks, '2026-11-25', (x) => x.room_name))).toBeNull();
  });
});

describe('the now line', () => {
  it('sits at the moment’s slot while the centre is open, and nowhere outside 09:00-23:30', () => {
    expect(slotOfMoment(new Date(2026, 10, 23, 9, 0))).toBe(0);
    expect(slotOfMoment(new Date(2026, 10, 23, 14, 45))).toBe(11.5);
    expect(slotOfMoment(new Date(2026, 10, 23, 23, 30))).toBe(29);
    expect(slotOfMoment(new Date(2026, 10, 23, 8, 59))).toBeNull();
    expect(slotOfMoment(new Date(2026, 10, 23, 23, 31))).toBeNull();
  });
});
