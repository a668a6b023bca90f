import { maskitoTransform } from '@maskito/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhoneInput } from '../../../src/lib/phone';
import { PHONE_HEAD, isPartialHead, phoneDelete, phoneInsert, phoneMaskOptions, phoneValidate } from '../../../src/lib/phoneMask';

const at = (value: string, from: number, to = from) => ({ value, selection: [from, to] as const });
const end = (value: string) => at(value, value.length);

describe('phoneInsert', () => {
  it('inserts the digits of what was typed or pasted at the caret, past the prefix', () => {
    expect(phoneInsert(end('+998 '), '9')).toEqual({ elementState: end('+998 '), data: '9' });
    expect(phoneInsert(end('+998 '), '93 555-12-34')).toEqual({ elementState: end('+998 '), data: '935551234' });
    // A caret inside the prefix inserts after it.
    expect(phoneInsert(at('+998 93', 2), '5')).toEqual({ elementState: at('+998 93', 5), data: '5' });
  });

  it('starts the number over for a "+" or a number with its country code when no digit would be left', () => {
    expect(phoneInsert(end('+998 '), '+')).toEqual({ elementState: at('', 0), data: '+' });
    expect(phoneInsert(end('+998 '), '+998935551234')).toEqual({ elementState: at('', 0), data: '+998935551234' });
    expect(phoneInsert(end('+998 '), '998935551234')).toEqual({ elementState: at('', 0), data: '+998935551234' });
    expect(phoneInsert(end('+998 '), '+998 93 555-12-34')).toEqual({ elementState: at('', 0), data: '+998935551234' });
    // The whole field selected: the same.
    expect(phoneInsert(at('+998 90 123 45 67', 0, 17), '+')).toEqual({ elementState: at('', 0), data: '+' });
  });

  it('drops a lone "+" typed inside a number, and a pasted whole number replaces the field', () => {
    expect(phoneInsert(at('+998 93 5', 7), '+')).toEqual({ elementState: at('+998 93 5', 7), data: '' });
    expect(phoneInsert(at('+998 93 5', 7), '+998901234567')).toEqual({ elementState: at('', 0), data: '+998901234567' });
  });

  it('keeps nine local digits that happen to start with 998 as local digits', () => {
    expect(phoneInsert(end('+998 '), '998123456')).toEqual({ elementState: end('+998 '), data: '998123456' });
  });

  it('after a typed "+", lets single keys continue the country code and pastes go past the prefix', () => {
    expect(phoneInsert(end('+9'), '9')).toEqual({ elementState: end('+9'), data: '9' });
    expect(phoneInsert(end('+9'), '935551234')).toEqual({ elementState: end('+998 '), data: '935551234' });
  });
});

describe('phoneDelete', () => {
  it('takes the digit before a space with Backspace and the digit after it with Delete', () => {
    // "+998 93 |555": Backspace would remove the space at 7.
    expect(phoneDelete(at('+998 93 555', 7, 8), true)).toEqual(at('+998 93 555', 6, 8));
    expect(phoneDelete(at('+998 93 555', 7, 8), false)).toEqual(at('+998 93 555', 7, 9));
  });

  it('leaves digits and selections alone, and never deletes the prefix', () => {
    expect(phoneDelete(at('+998 93 555', 8, 9), true)).toEqual(at('+998 93 555', 8, 9));
    expect(phoneDelete(at('+998 93', 4, 5), true)).toEqual(at('+998 93', 5, 5));
    expect(phoneDelete(at('+998 93 555', 0, 11), true)).toEqual(at('+998 93 555', 5, 11));
  });
});

describe('phoneValidate and the whole mask on values that arrive without a key', () => {
  it('formats autofilled and set values', () => {
    expect(phoneValidate(end('+998935551234')).value).toBe('+998 93 555 12 34');
    expect(maskitoTransform('+998935551234', phoneMaskOptions)).toBe('+998 93 555 12 34');
    expect(maskitoTransform('935551234', phoneMaskOptions)).toBe('+998 93 555 12 34');
    expect(maskitoTransform('+998 93 555-12-34', phoneMaskOptions)).toBe('+998 93 555 12 34');
  });

  it('keeps a country code being typed after a "+"', () => {
    for (const partial of ['+', '+9', '+99', '+998']) {
      expect(isPartialHead(partial)).toBe(true);
      expect(maskitoTransform(partial, phoneMaskOptions)).toBe(partial);
    }
    expect(isPartialHead(PHONE_HEAD)).toBe(false);
  });

  it('agrees with formatPhoneInput on any text', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('+', '9', '8', '1', ' ', '-') }), (raw) => {
      fc.pre(!isPartialHead(raw) || raw === '');
      expect(maskitoTransform(raw, phoneMaskOptions)).toBe(formatPhoneInput(raw));
    }));
  });
});
