import { describe, expect, it } from 'vitest';
import { AXIS_MINUTES, hourMarks, layoutDay, mondayOf, shiftWeek, weekDays } from '../../../src/views/edu/schedule/layout';

const today = new Date(2026, 10, 25); // Wednesday 25 November 2026

describe('week of the schedule', () => {
  it('takes the Monday of the week a date falls in', () => {
    expect(mondayOf('2026-11-23', today)).toBe('2026-11-23');
    expect(mondayOf('2026-11-29', today)).toBe('2026-11-23'); // Sunday belongs to the week before it
    expect(mondayOf('2026-11-30', today)).toBe('2026-11-30');
    expect(mondayOf('2027-01-01', today)).toBe('2026-12-28');
  });

  it('falls back to this week for a missing or broken value', () => {
    expect(mondayOf(null, today)).toBe('2026-11-23');
    expect(mondayOf('', today)).toBe('2026-11-23');
    expect(mondayOf('2026-13-45', today)).toBe('2026-11-23');
    expect(mondayOf('next week', today)).toBe('2026-11-23');
  });

  it('moves by whole weeks across months and years, and lists Monday to Sunday', () => {
    expect(shiftWeek('2026-11-23', 1)).toBe('2026-11-30');
    expect(shiftWeek('2026-12-28', 1)).toBe('2027-01-04');
    expect(shiftWeek('2026-11-02', -1)).toBe('2026-10-26');
    expect(weekDays('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });
});

describe('day layout', () => {
  const b = (id: number, start_time: string, end_time: string) => ({ id, start_time, end_time });

  it('places a lesson by its start and length on the 09:00-23:30 axis', () => {
    expect(AXIS_MINUTES).toBe(14.5 * 60);
    expect(layoutDay([b(1, '14:00', '15:30')])).toEqual([{ block: b(1, '14:00', '15:30'), top: 300, height: 90, lane: 0, lanes: 1 }]);
  });

  it('touching lessons share no lane count; overlapping ones split the width', () => {
    const placed = layoutDay([b(2, '11:00', '12:00'), b(1, '10:00', '11:00')]);
    expect(placed.map((p) => [p.block.id, p.lane, p.lanes])).toEqual([
      [1, 0, 1],
      [2, 0, 1],
    ]);
    const overlapping = layoutDay([b(1, '09:00', '10:30'), b(2, '10:00', '11:30'), b(3, '10:30', '12:00'), b(4, '13:00', '14:00')]);
    expect(overlapping.map((p) => [p.block.id, p.lane, p.lanes])).toEqual([
      [1, 0, 2],
      [2, 1, 2],
      [3, 0, 2], // lane 0 is free again at 10:30
      [4, 0, 1], // a new cluster
    ]);
  });

  it('three at once get three lanes, the longest first', () => {
    const placed = layoutDay([b(1, '18:00', '19:00'), b(2, '18:00', '20:00'), b(3, '18:30', '19:30')]);
    expect(placed.map((p) => [p.block.id, p.lane, p.lanes])).toEqual([
      [2, 0, 3],
      [1, 1, 3],
      [3, 2, 3],
    ]);
  });

  it('clamps what lies outside the axis', () => {
    const [p] = layoutDay([b(1, '08:00', '09:30')]);
    expect([p.top, p.height]).toEqual([0, 30]);
  });

  it('marks every hour from 09:00 to 23:00', () => {
    expect(hourMarks()).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
      '22:00',
      '23:00',
    ]);
  });
});
