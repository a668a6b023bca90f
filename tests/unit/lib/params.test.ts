import { describe, expect, it } from 'vitest';
import { cleanParams, rowNumber } from '../../../src/lib/params';

describe('cleanParams', () => {
  it('drops empty strings, null and undefined but keeps 0 and false', () => {
    expect(cleanParams({ filial: '', stage: null, teacher: undefined, page: 0, is_archived: false, search: 'ali' })).toEqual({
      page: 0,
      is_archived: false,
      search: 'ali',
    });
  });
});

describe('rowNumber', () => {
  it('numbers rows across pages of 30 by default', () => {
    expect(rowNumber(1, 0)).toBe(1);
    expect(rowNumber(2, 0)).toBe(31);
    expect(rowNumber(3, 29)).toBe(90);
  });
  it('takes another page size', () => {
    expect(rowNumber(2, 4, 100)).toBe(105);
  });
  it('treats a missing or zero page as the first', () => {
    expect(rowNumber(0, 2)).toBe(3);
  });
});
