// The pure rules of the move-in import (issue 18 §1): phones in any common writing, dates, amounts, CSV, headers.
import { describe, expect, it } from 'vitest';
import { importColumnOf } from '../../../contract/imports';
import { normalizeAnyPhone } from '../../../contract/phone';
import { parseCsv } from '../../../server/domain/imports/readTable';
import { parseAmount, parseDay } from '../../../server/domain/imports/rows';

describe('move-in import rules', () => {
  it('normalises phones from any common writing, and refuses the rest', () => {
    for (const text of ['+998 90 123 45 67', '901234567', '8 90 123-45-67', '998901234567', '(90) 123-45-67', '+998-90-123-45-67']) {
      expect(normalizeAnyPhone(text), text).toBe('+998901234567');
    }
    for (const text of ['12345', '+7 912 345 67 89', 'abc', '90 123 45 6', '']) expect(normalizeAnyPhone(text), text).toBeNull();
  });

  it('reads dates as ISO, dotted or slashed, real days only', () => {
    expect(parseDay('2026-09-01')).toBe('2026-09-01');
    expect(parseDay('1.9.2026')).toBe('2026-09-01');
    expect(parseDay('01/09/2026')).toBe('2026-09-01');
    expect(parseDay('31.02.2026')).toBeNull();
    expect(parseDay('soon')).toBeNull();
  });

  it('reads amounts with spaces, a decimal comma or a minus', () => {
    expect(parseAmount('-150 000')).toBe('-150000.00');
    expect(parseAmount('200000,5')).toBe('200000.50');
    expect(parseAmount('1,500,000')).toBe('1500000.00');
    expect(parseAmount('lots')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
  });

  it('parses CSV with quotes, either delimiter and CRLF', () => {
    expect(parseCsv('a;b\r\n"x;y";"say ""hi"""\r\n')).toEqual([
      ['a', 'b'],
      ['x;y', 'say "hi"'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('recognises headers in Uzbek, Russian and English, per kind', () => {
    expect(importColumnOf('students', '  ФИО ')).toBe('full_name');
    expect(importColumnOf('students', 'F.I.Sh')).toBe('full_name');
    expect(importColumnOf('students', 'Phone number')).toBe('phone');
    expect(importColumnOf('groups', 'Название группы')).toBe('name');
    expect(importColumnOf('students', 'Course')).toBeNull();
  });
});
