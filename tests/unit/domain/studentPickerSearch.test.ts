import { describe, expect, it } from 'vitest';
import { pickerSearch } from '../../../server/domain/students/picker';

describe('pickerSearch', () => {
  it('reads digits, spaces, +, - and parentheses as a piece of a phone number', () => {
    expect(pickerSearch('90 123 45 67')).toEqual({ phoneDigits: '901234567' });
    expect(pickerSearch('+998 (90) 123-45')).toEqual({ phoneDigits: '9989012345' });
    expect(pickerSearch('4567')).toEqual({ phoneDigits: '4567' });
  });
  it('reads anything else as a piece of the name, lower-cased', () => {
    expect(pickerSearch('Aziz 2')).toEqual({ name: 'aziz 2' });
    expect(pickerSearch('KARIMOV')).toEqual({ name: 'karimov' });
    expect(pickerSearch('+-')).toEqual({ name: '+-' });
  });
  it('makes every apostrophe people type for o‘ and g‘ the plain one', () => {
    for (const typed of ['G‘ulom', 'G’ulom', 'Gʻulom', 'Gʼulom', 'G`ulom', "G'ulom"]) expect(pickerSearch(typed)).toEqual({ name: "g'ulom" });
  });
});
