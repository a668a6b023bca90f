import { describe, expect, it } from 'vitest';
import { archiveAction, containsPattern, isUniqueViolation } from '../../../server/domain/catalogue/common';
import { cellText } from '../../../server/domain/catalogue/importSheet';
import { toPage } from '../../../server/domain/catalogue/paging';

describe('toPage', () => {
  const url = 'http://localhost/api/subjects/?q=a&page=2&page_size=10';

  it('links both neighbours in the middle, keeping the other query parameters', () => {
    const page = toPage(url, { page: 2, page_size: 10 }, 35, []);
    expect(page.next).toBe('/api/subjects/?q=a&page=3&page_size=10');
    expect(page.previous).toBe('/api/subjects/?q=a&page=1&page_size=10');
  });

  it('has no next on the last page and no previous on the first', () => {
    expect(toPage(url, { page: 4, page_size: 10 }, 35, []).next).toBeNull();
    expect(toPage(url, { page: 1, page_size: 10 }, 35, []).previous).toBeNull();
    expect(toPage(url, { page: 1, page_size: 10 }, 0, [])).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('points a page past the end back to the last real page', () => {
    const page = toPage(url, { page: 9, page_size: 10 }, 35, []);
    expect(page.next).toBeNull();
    expect(new URL(page.previous!, 'http://localhost').searchParams.get('page')).toBe('4');
  });
});

describe('containsPattern', () => {
  it('takes %, _ and backslashes literally', () => expect(containsPattern('5%_a\\b')).toBe('%5\\%\\_a\\\\b%'));
});

describe('archiveAction', () => {
  it('names the flip, else an update', () => {
    expect(archiveAction('course', false, true)).toBe('course.archive');
    expect(archiveAction('course', true, false)).toBe('course.unarchive');
    expect(archiveAction('course', true, true)).toBe('course.update');
  });
});

describe('isUniqueViolation', () => {
  it('finds the code on the error or on a wrapped cause', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation(new Error('other', { cause: { code: '23503' } }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('cellText', () => {
  it.each([
    [null, ''],
    [' Fan ', 'Fan'],
    [7, '7'],
    [true, 'true'],
    [new Date('2026-09-01T00:00:00Z'), '2026-09-01'],
    [{ richText: [{ text: 'Kas' }, { text: 'rlar ' }] }, 'Kasrlar'],
    [{ text: 'Havola', hyperlink: 'https://example.uz' }, 'Havola'],
    [{ formula: 'A1&B1', result: 'Natija' }, 'Natija'],
    [{ formula: 'A1', result: { error: '#REF!' } }, ''],
  ])('reads %j as %j', (value, text) => expect(cellText(value as never)).toBe(text));
});
