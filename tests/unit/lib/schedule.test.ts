import { describe, expect, it } from 'vitest';
import { TIME_SLOTS, WEEK_DAYS, minutesOfDay, schedulesConflict, timeSlots } from '../../../contract/schedule';

describe('time slots', () => {
  it('run from 09:00 to 23:30 every 30 minutes', () => {
    expect(TIME_SLOTS[0]).toBe('09:00');
    expect(TIME_SLOTS[1]).toBe('09:30');
    expect(TIME_SLOTS.at(-1)).toBe('23:30');
    expect(TIME_SLOTS).toHaveLength(30);
    expect(timeSlots()).toEqual(TIME_SLOTS);
  });

  it('weeks start on Monday', () => {
    expect(WEEK_DAYS[0]).toBe('monday');
    expect(WEEK_DAYS).toHaveLength(7);
  });

  it('reads HH:MM and HH:MM:SS, rejects the rest', () => {
    expect(minutesOfDay('09:30')).toBe(570);
    expect(minutesOfDay('23:30:00')).toBe(1410);
    expect(() => minutesOfDay('9:30')).toThrow(RangeError);
    expect(() => minutesOfDay('24:00')).toThrow(RangeError);
  });
});

describe('schedulesConflict', () => {
  const at = (days: (string | number)[], start_time: string, end_time: string) => ({ days, start_time, end_time });

  it('conflicts when a day is shared and the times overlap', () => {
    expect(schedulesConflict(at(['monday', 'wednesday'], '09:00', '10:30'), at(['wednesday'], '10:00', '11:00'))).toBe(true);
    expect(schedulesConflict(at([1, 3], '14:00', '16:00'), at([3, 5], '14:30', '15:00'))).toBe(true);
    expect(schedulesConflict(at(['Monday'], '09:00', '10:00'), at(['monday'], '09:00', '10:00'))).toBe(true);
  });

  it('does not conflict when ranges only touch', () => {
    expect(schedulesConflict(at(['monday'], '09:00', '10:00'), at(['monday'], '10:00', '11:00'))).toBe(false);
    expect(schedulesConflict(at(['monday'], '10:00', '11:00'), at(['monday'], '09:00', '10:00'))).toBe(false);
  });

  it('does not conflict without a shared day, however the times overlap', () => {
    expect(schedulesConflict(at(['monday'], '09:00', '12:00'), at(['tuesday'], '09:00', '12:00'))).toBe(false);
    expect(schedulesConflict(at([], '09:00', '12:00'), at([1], '09:00', '12:00'))).toBe(false);
  });

  it('does not conflict when one ends before the other starts', () => {
    expect(schedulesConflict(at([2], '09:00', '10:00'), at([2], '11:00', '12:00'))).toBe(false);
  });
});
