import { describe, expect, it } from 'vitest';
import { addStudentSchema, completePhone, duplicatesOf, emptyStudent, isBlankPhone, toWalkInBody } from '../../../src/views/students/list/addStudent';
import {
  LIST_PAGE_KEYS,
  LIST_PATHS,
  STUDENT_LISTS,
  excelParams,
  filtersFromQuery,
  hasFilters,
  listFromPath,
  studentsParams,
  tabSearch,
} from '../../../src/lib/studentLists';
import { rowNumber } from '../../../src/lib/params';

describe('student list from the route', () => {
  it.each([
    ['/students/testing', 'testing'],
    ['/students/new', 'new'],
    ['/students/active', 'active'],
    ['/students', 'all'],
    ['/students/archived', 'archived'],
    ['/students/archived/', 'archived'],
    ['/students/', 'all'],
  ])('%s shows the %s list', (path, list) => {
    expect(listFromPath(path)).toBe(list);
  });

  it('every list has its own path and page key, and the path leads back to the list', () => {
    for (const list of STUDENT_LISTS) expect(listFromPath(LIST_PATHS[list])).toBe(list);
    expect(new Set(Object.values(LIST_PATHS)).size).toBe(5);
    expect(LIST_PAGE_KEYS).toEqual({
      testing: 'testing_students',
      new: 'new_students',
      active: 'active_students',
      all: 'all_students',
      archived: 'archived_students',
    });
  });
});

describe('filters from the URL query', () => {
  it('reads every filter and the page', () => {
    const params = new URLSearchParams('page=3&q=%20Ali%20&group=4&teacher=5&subject=6&course=7&start_date=2026-01-01&end_date=2026-01-31&balance_status=debtor');
    expect(filtersFromQuery(params)).toEqual({
      page: 3,
      q: 'Ali',
      group: 4,
      teacher: 5,
      subject: 6,
      course: 7,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      balance_status: 'debtor',
    });
  });

  it('ignores malformed values instead of sending them', () => {
    const params = new URLSearchParams('page=0&q=%20%20&group=abc&teacher=-1&course=1.5&start_date=01.02.2026&balance_status=rich');
    const filters = filtersFromQuery(params);
    expect(filters).toEqual({ page: 1, q: undefined, group: undefined, teacher: undefined, subject: undefined, course: undefined, start_date: undefined, end_date: undefined, balance_status: undefined });
    expect(hasFilters(filters)).toBe(false);
    expect(hasFilters({ page: 1, balance_status: 'zero' })).toBe(true);
  });
});

describe('GET /students/ parameters', () => {
  it('send the list key, the page of 30 and the branch, and drop empty filters (spec section 5)', () => {
    expect(studentsParams('new', { page: 1 }, 2)).toEqual({ list: 'new', page: 1, page_size: 30, filial: 2 });
    expect(studentsParams('all', { page: 1, q: '', group: undefined }, null)).toEqual({ list: 'all', page: 1, page_size: 30 });
  });

  it('carry every set filter under its contract name', () => {
    const params = studentsParams('archived', { page: 2, q: 'Vali', teacher: 9, start_date: '2026-02-01', end_date: '2026-02-28', balance_status: 'positive' }, 1);
    expect(params).toEqual({ list: 'archived', page: 2, page_size: 30, filial: 1, q: 'Vali', teacher: 9, start_date: '2026-02-01', end_date: '2026-02-28', balance_status: 'positive' });
  });

  it('the Excel export takes the same filters without paging', () => {
    expect(excelParams('active', { page: 4, subject: 3, q: 'x' }, 1)).toEqual({ list: 'active', filial: 1, subject: 3, q: 'x' });
  });
});

describe('list tabs', () => {
  it('keep the filters, start at page 1 and drop the date range', () => {
    expect(tabSearch(new URLSearchParams('q=ali&page=3&start_date=2026-01-01&end_date=2026-01-02&group=4'))).toBe('?q=ali&group=4');
    expect(tabSearch(new URLSearchParams('page=2'))).toBe('');
  });
});

describe('row numbers', () => {
  it('count on across pages of 30', () => {
    expect(rowNumber(1, 0)).toBe(1);
    expect(rowNumber(1, 29)).toBe(30);
    expect(rowNumber(2, 0)).toBe(31);
    expect(rowNumber(3, 4)).toBe(65);
  });
});

describe('add student form', () => {
  it('asks for duplicates only once the phone has all nine digits', () => {
    expect(completePhone('+998 90 123 45 6')).toBeNull();
    expect(completePhone('+998 90 123 45 67')).toBe('+998901234567');
    expect(isBlankPhone('+998 ')).toBe(true);
    expect(isBlankPhone('+998 9')).toBe(false);
  });

  it('sends phones without spaces and leaves empty optional fields out', () => {
    const values = { ...emptyStudent('testing'), full_name: '  Ali Valiyev ', phone: '+998 90 123 45 67' };
    expect(toWalkInBody(values, 3)).toEqual({ filial: 3, full_name: 'Ali Valiyev', phone: '+998901234567', status: 'testing' });
    const full = { ...values, parent_phone: '+998 91 000 00 01', birth_date: '2012-05-01', gender: 'female' as const, comment: ' came with a friend ' };
    expect(toWalkInBody(full, 3)).toMatchObject({ parent_phone: '+998910000001', birth_date: '2012-05-01', gender: 'female', comment: 'came with a friend' });
  });

  it('checks the name, the phone and a half-typed parents phone', () => {
    const bad = addStudentSchema.safeParse({ ...emptyStudent(), parent_phone: '+998 91 00' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(['full_name', 'phone', 'parent_phone']));
    expect(addStudentSchema.safeParse({ ...emptyStudent(), full_name: 'Ali', phone: '+998 90 123 45 67' }).success).toBe(true);
  });

  it('refuses a birth date in the future, as the server does', () => {
    const base = { ...emptyStudent(), full_name: 'Ali', phone: '+998 90 123 45 67' };
    const future = addStudentSchema.safeParse({ ...base, birth_date: '2999-01-01' });
    expect(future.success).toBe(false);
    expect(future.error!.issues[0]).toMatchObject({ path: ['birth_date'], message: 'validation.futureDate' });
    expect(addStudentSchema.safeParse({ ...base, birth_date: '2015-03-08' }).success).toBe(true);
  });

  it('lists the phone check answer as same-phone records, students first', () => {
    const answer = {
      exists: true,
      students: [{ id: 7, full_name: 'Ali', phone: '+998901234567', filial: 1, status: 'new' as const, is_archived: false }],
      leads: [{ id: 3, full_name: 'Ali lead', phone: '+998901234567', filial: 1, stage: 'YANGI_LEAD', is_archived: false }],
    };
    expect(duplicatesOf(answer)).toEqual([
      { kind: 'student', id: 7, filial: 1, full_name: 'Ali', phone: '+998901234567', link: '/students/info?id=7' },
      { kind: 'lead', id: 3, filial: 1, full_name: 'Ali lead', phone: '+998901234567', link: '/leads/lead_info?id=3' },
    ]);
    expect(duplicatesOf({ exists: false, students: [], leads: [] })).toEqual([]);
  });
});
