// Dates, month and weekday names and typed days in Russian.
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonth, monthName, weekdayNames } from '../../../src/lib/dates';
import { formatDayInput } from '../../../src/lib/dayInput';

describe('Russian formats', () => {
  it('writes dates day first with dots and a 24-hour clock', () => {
    expect(formatDate('2026-01-05', 'ru')).toBe('05.01.2026');
    expect(formatDateTime('2026-01-05T14:30:00', 'ru')).toBe('05.01.2026 14:30');
    expect(formatDayMonth('2026-01-05', 'ru')).toBe('05.01');
    expect(formatDayInput('2026-11-26', 'ru')).toBe('26.11.2026');
  });

  it('names months and weekdays in Russian, Monday first', () => {
    expect(monthName(0, 'ru')).toBe('январь');
    expect(weekdayNames('ru')).toEqual(['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье']);
    expect(weekdayNames('ru', 'short')[0]).toBe('пн');
  });
});
