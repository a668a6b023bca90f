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
