import { describe, expect, it } from 'vitest';
import { defaultDue, dueInstant, dueText, TIME_SLOTS } from '../../../src/views/tasks/taskForm';
import { clockText, clockValue, instantOf, scheduleText, tashkentToday } from '../../../src/views/employees/attendance/timeText';

describe('the task form', () => {
  it('turns a day and a slot into a Tashkent instant and reads it back on Tashkent’s clock', () => {
    expect(dueInstant('2026-01-05', '14:30')).toBe('2026-01-05T14:30:00+05:00');
    expect(dueText('2026-01-05T09:30:00Z', 'uz')).toBe('05.01.2026 14:30');
    expect(dueText('2026-01-05T20:00:00Z', 'en')).toBe('Jan 6, 2026 01:00');
  });

  it('defaults to the first slot half an hour ahead, or tomorrow morning after the last', () => {
    // 10:10 in Tashkent → 11:00 (10:40 is not a slot).
    expect(defaultDue(new Date('2026-01-05T05:10:00Z'))).toEqual({ day: '2026-01-05', slot: '11:00' });
    // 23:10 in Tashkent → tomorrow's first slot.
    expect(defaultDue(new Date('2026-01-05T18:10:00Z'))).toEqual({ day: '2026-01-06', slot: TIME_SLOTS[0] });
    // Before the first slot.
    expect(defaultDue(new Date('2026-01-05T01:00:00Z'))).toEqual({ day: '2026-01-05', slot: '09:00' });
  });
});

describe('attendance times', () => {
  it('shows clocks in Tashkent and builds instants from time fields', () => {
    expect(clockValue('2026-01-05T04:17:00Z')).toBe('09:17');
    expect(clockText(null)).toBe('—');
    expect(instantOf('2026-01-05', '09:02')).toBe('2026-01-05T09:02:00+05:00');
    expect(instantOf('2026-01-05', '')).toBeNull();
    expect(scheduleText('09:00:00', '18:00:00')).toBe('09:00–18:00');
    expect(scheduleText(null, null)).toBe('—');
    expect(tashkentToday(new Date('2026-01-31T20:00:00Z'))).toEqual({ day: '2026-02-01', month: '2026-02' });
  });
});
