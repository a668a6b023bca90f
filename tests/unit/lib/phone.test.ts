import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhoneInput, phoneToWire } from '../../../src/lib/phone';

describe('formatPhoneInput', () => {
  it('keeps the prefix on an empty field', () => {
    expect(formatPhoneInput('')).toBe('+998 ');
    expect(formatPhoneInput('+998 ')).toBe('+998 ');
    expect(formatPhoneInput('+998')).toBe('+998 ');
  });

  it('groups digits 2-3-2-2 as the user types', () => {
    expect(formatPhoneInput('+998 9')).toBe('+998 9');
    expect(formatPhoneInput('+998 90')).toBe('+998 90');
    expect(formatPhoneInput('+998 901')).toBe('+998 90 1');
    expect(formatPhoneInput('+998 90 1234')).toBe('+998 90 123 4');
    expect(formatPhoneInput('+998 90 123 456')).toBe('+998 90 123 45 6');
    expect(formatPhoneInput('+998 90 123 45 67')).toBe('+998 90 123 45 67');
  });

  it('stops at nine local digits', () => {
    expect(formatPhoneInput('+998 90 123 45 678')).toBe('+998 90 123 45 67');
  });

  it('formats pasted numbers with or without the country code', () => {
    expect(formatPhoneInput('+998901234567')).toBe('+998 90 123 45 67');
    expect(formatPhoneInput('998901234567')).toBe('+998 90 123 45 67');
    expect(formatPhoneInput('90 123-45-67')).toBe('+998 90 123 45 67');
    expect(formatPhoneInput('(90) 123 45 67')).toBe('+998 90 123 45 67');
  });

  it('brings the prefix back when the user deletes into it, inventing no digit', () => {
    expect(formatPhoneInput('+99')).toBe('+998 ');
    expect(formatPhoneInput('+9')).toBe('+998 ');
    expect(formatPhoneInput('+')).toBe('+998 ');
  });

  it('keeps a local number that starts with 99 8', () => {
    expect(formatPhoneInput('+998 99 812')).toBe('+998 99 812');
  });
});

describe('formatPhoneInput with the caret before the prefix', () => {
  it('treats digits typed in front of "+998 " as local digits', () => {
    expect(formatPhoneInput('9+998 ')).toBe('+998 9');
    expect(formatPhoneInput('90+998 1')).toBe('+998 90 1');
  });
});

describe('phoneToWire', () => {
  it('strips the spaces of the mask', () => {
    expect(phoneToWire('+998 90 123 45 67')).toBe('+998901234567');
  });
});

describe('formatPhoneInput after the pre-filled prefix', () => {
  it('takes a whole number typed after "+998 " as that number, not as local digits', () => {
    // The defect: "+998 " then "+998935551234" became "+998 99 893 55 51", a wrong number that passed validation.
    expect(formatPhoneInput('+998 +998935551234')).toBe('+998 93 555 12 34');
    expect(formatPhoneInput('+998 +998 93 555-12-34')).toBe('+998 93 555 12 34');
  });
});

const localDigits = fc.stringMatching(/^\d{0,9}$/);
const separators = fc.array(fc.constantFrom('', ' ', '-', '(', ')'), { minLength: 13, maxLength: 13 });
/** The digits of `+998` and the local digits with random separators between them, as people write numbers. */
const written = (digits: string, seps: string[]) => '+' + [...`998${digits}`].map((d, i) => seps[i] + d).join('');

describe('formatPhoneInput properties', () => {
  it('is idempotent on anything typed or pasted', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('+', '9', '8', '0', '3', ' ', '-', 'a') }), (raw) => {
      const once = formatPhoneInput(raw);
      expect(formatPhoneInput(once)).toBe(once);
    }));
  });

  it('keeps every local digit, in order, whatever the separators', () => {
    fc.assert(fc.property(localDigits, separators, (digits, seps) => {
      const formatted = formatPhoneInput(written(digits, seps));
      expect(phoneToWire(formatted)).toBe(`+998${digits}`);
      expect(formatPhoneInput(`+998 ${digits}`)).toBe(formatted);
      expect(formatPhoneInput(digits)).toBe(formatted);
    }));
  });

  it('always answers the prefix and at most nine grouped digits', () => {
    fc.assert(fc.property(fc.string(), (raw) => {
      expect(formatPhoneInput(raw)).toMatch(/^\+998 (\d{1,2}( \d{1,3}( \d{1,2}( \d{1,2})?)?)?)?$/);
    }));
  });
});
