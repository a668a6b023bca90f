import { describe, expect, it } from 'vitest';
import { debtorFiltersFromQuery, debtorsExcelParams, debtorsParams, hasDebtorFilters, telHref } from '../../../../src/lib/debtorFilters';

describe('debtor filters from the URL query', () => {
  it('reads every filter and ignores malformed values', () => {
    expect(debtorFiltersFromQuery(new URLSearchParams('page=3&q=+Ali+&group=7&teacher=2&day=5&min_debt=150000.5'))).toEqual({
      page: 3,
      q: 'Ali',
      group: 7,
      teacher: 2,
      day: 5,
      min_debt: '150000.5',
    });
    expect(debtorFiltersFromQuery(new URLSearchParams('page=0&group=x&teacher=-1&day=8&min_debt=1.005&q=%20'))).toEqual({
      page: 1,
      q: undefined,
      group: undefined,
      teacher: undefined,
      day: undefined,
      min_debt: undefined,
    });
  });

  it('says whether any filter besides the page is set', () => {
    expect(hasDebtorFilters({ page: 4 })).toBe(false);
    expect(hasDebtorFilters({ page: 1, day: 1 })).toBe(true);
  });

  it('builds the request parameters with empty ones dropped, and the export without paging', () => {
    expect(debtorsParams({ page: 2, day: 3 }, 5)).toEqual({ page: 2, page_size: 30, filial: 5, day: 3 });
    expect(debtorsParams({ page: 1, q: 'x', group: 1, teacher: 2, min_debt: '10' }, null)).toEqual({ page: 1, page_size: 30, q: 'x', group: 1, teacher: 2, min_debt: '10' });
    expect(debtorsExcelParams({ page: 9, teacher: 4 }, 1)).toEqual({ filial: 1, teacher: 4 });
  });

  it('makes a dialable tel: link', () => {
    expect(telHref('+998901234567')).toBe('tel:+998901234567');
    expect(telHref('+998 (90) 123-45-67')).toBe('tel:+998901234567');
  });
});
