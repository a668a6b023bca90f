import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOutside, formatDayInput, formatMonthInput, parseDayInput, parseMonthInput } from '../../../src/lib/dayInput';

describe('formatDayInput', () => {
  it('shows the day first: dots in Uzbek, slashes in English', () => {
    expect(formatDayInput('2026-11-26', 'uz')).toBe('26.11.2026');
    expect(formatDayInput('2026-01-05', 'en')).toBe('05/01/2026');
  });
  it('shows nothing for no value or a malformed one', () => {
    expect(formatDayInput('', 'uz')).toBe('');
    expect(formatDayInput(null, 'en')).toBe('');
    expect(formatDayInput('26.11.2026', 'uz')).toBe('');
  });
});

describe('parseDayInput', () => {
  it('reads the Uzbek and English shapes into the wire format', () => {
    expect(parseDayInput('26.11.2026')).toEqual({ ok: true, iso: '2026-11-26' });
    expect(parseDayInput('26/11/2026')).toEqual({ ok: true, iso: '2026-11-26' });
    expect(parseDayInput(' 26-11-2026 ')).toEqual({ ok: true, iso: '2026-11-26' });
    expect(parseDayInput('1.2.2026')).toEqual({ ok: true, iso: '2026-02-01' });
    expect(parseDayInput('26112026')).toEqual({ ok: true, iso: '2026-11-26' });
  });

  it('rejects days that do not exist instead of rolling them over', () => {
    expect(parseDayInput('31.02.2026')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseDayInput('29.02.2026')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseDayInput('29.02.2028')).toEqual({ ok: true, iso: '2028-02-29' });
    expect(parseDayInput('00.11.2026')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseDayInput('26.13.2026')).toEqual({ ok: false, problem: 'invalid' });
    // A US-style "11/26/2026" has no month 26: an error, never 11 February 2028 or the like.
    expect(parseDayInput('11/26/2026')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseDayInput('26.11.0026')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseDayInput('26.11.2026.1')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseDayInput('ertaga')).toEqual({ ok: false, problem: 'invalid' });
  });

  it('calls partial typing incomplete and guesses no century', () => {
    expect(parseDayInput('26')).toEqual({ ok: false, problem: 'incomplete' });
    expect(parseDayInput('26.11')).toEqual({ ok: false, problem: 'incomplete' });
    expect(parseDayInput('26.11.')).toEqual({ ok: false, problem: 'incomplete' });
    expect(parseDayInput('26.11.26')).toEqual({ ok: false, problem: 'incomplete' });
    expect(parseDayInput('26.11.202')).toEqual({ ok: false, problem: 'incomplete' });
  });

  it('calls an empty field empty', () => {
    expect(parseDayInput('  ')).toEqual({ ok: false, problem: 'empty' });
  });

  it('reads back whatever it shows, in both languages', () => {
    const day = fc.date({ min: new Date(Date.UTC(1900, 0, 1)), max: new Date(Date.UTC(2199, 11, 31)), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(fc.property(day, fc.constantFrom('uz' as const, 'en' as const), (iso, lang) => {
      expect(parseDayInput(formatDayInput(iso, lang))).toEqual({ ok: true, iso });
    }));
  });
});

describe('dayOutside', () => {
  it('compares with the inclusive bounds', () => {
    expect(dayOutside('2026-11-26', '2026-11-26', '2026-11-26')).toBeNull();
    expect(dayOutside('2026-11-25', '2026-11-26')).toBe('min');
    expect(dayOutside('2026-11-27', null, '2026-11-26')).toBe('max');
  });
});

describe('month input', () => {
  it('shows and reads month and year in the day fields\' shape', () => {
    expect(formatMonthInput('2026-11', 'uz')).toBe('11.2026');
    expect(formatMonthInput('2026-01', 'en')).toBe('01/2026');
    expect(formatMonthInput('', 'uz')).toBe('');
    expect(parseMonthInput('11.2026')).toEqual({ ok: true, month: '2026-11' });
    expect(parseMonthInput('1/2026')).toEqual({ ok: true, month: '2026-01' });
    expect(parseMonthInput('112026')).toEqual({ ok: true, month: '2026-11' });
  });
  it('refuses months that do not exist and calls partial text incomplete', () => {
    expect(parseMonthInput('13.2026')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseMonthInput('00.2026')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseMonthInput('11.26')).toEqual({ ok: false, problem: 'incomplete' });
    expect(parseMonthInput('11')).toEqual({ ok: false, problem: 'incomplete' });
    expect(parseMonthInput('')).toEqual({ ok: false, problem: 'empty' });
  });
  it('reads back whatever it shows', () => {
    fc.assert(fc.property(fc.integer({ min: 1900, max: 2199 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom('uz' as const, 'en' as const), (y, m, lang) => {
      const month = `${y}-${String(m).padStart(2, '0')}`;
      expect(parseMonthInput(formatMonthInput(month, lang))).toEqual({ ok: true, month });
    }));
  });
});
