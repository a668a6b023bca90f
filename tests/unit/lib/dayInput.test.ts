import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayOutside, formatDayInput, parseDayInput } from '../../../src/lib/dayInput';

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
