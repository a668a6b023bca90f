import { describe, expect, it } from 'vitest';
import { dateLocale, formatCentreDateTime, formatDate, formatDateTime, formatDayMonth, monthName, toIsoDay, weekdayNames } from '../../../src/lib/dates';

describe('dates', () => {
  const moment = new Date(2026, 0, 5, 14, 30); // Monday 5 January 2026, 14:30 local

  it('formats dates and times in Uzbek and English, 24-hour', () => {
    expect(formatDate(moment)).toBe('05.01.2026');
    expect(formatDateTime(moment, 'uz')).toBe('05.01.2026 14:30');
    expect(formatDate(moment, 'en')).toBe('Jan 5, 2026');
    expect(formatDateTime(moment, 'en')).toBe('Jan 5, 2026 14:30');
  });

  it('gives a day without its year for chart axes, two-digit days kept whole in English too', () => {
    expect(formatDayMonth('2026-11-05')).toBe('05.11');
    expect(formatDayMonth('2026-11-25', 'en')).toBe('Nov 25');
    expect(formatDayMonth('2026-11-05', 'en')).toBe('Nov 5');
  });

  it('reads a YYYY-MM-DD string as a local day, and ISO times', () => {
    expect(formatDate('2026-03-09')).toBe('09.03.2026');
    expect(formatDateTime(new Date(2026, 2, 9, 8, 5).toISOString())).toBe('09.03.2026 08:05');
    expect(toIsoDay(new Date(2026, 11, 31))).toBe('2026-12-31');
  });

  it('shows nothing for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('names months in Uzbek by default', () => {
    expect(monthName(0)).toBe('Yanvar');
    expect(monthName(8)).toBe('Sentabr');
    expect(monthName(11, 'en')).toBe('December');
  });

  it('lists weekdays Monday first', () => {
    expect(weekdayNames()).toEqual(['Dushanba', 'Seshanba', 'Chorshanba', 'Payshanba', 'Juma', 'Shanba', 'Yakshanba']);
    expect(weekdayNames('uz', 'short')).toEqual(['Du', 'Se', 'Cho', 'Pa', 'Ju', 'Sha', 'Ya']);
    expect(weekdayNames('en')[0]).toBe('Monday');
  });

  it('starts weeks on Monday in both languages', () => {
    expect(dateLocale('uz').options?.weekStartsOn).toBe(1);
    expect(dateLocale('en').options?.weekStartsOn).toBe(1);
  });

  it('writes an instant on the centre’s clock, whatever the machine’s time zone', () => {
    expect(formatCentreDateTime('2026-11-24T06:00:00.000Z')).toBe('24.11.2026 11:00');
    expect(formatCentreDateTime('2026-11-24T20:30:00.000Z', 'en')).toBe('Nov 25, 2026 01:30');
    expect(formatCentreDateTime('not a time')).toBe('');
  });
});
