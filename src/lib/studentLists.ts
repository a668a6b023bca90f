// The five student lists of spec section 2 as pure rules: which list a route shows, which page key guards it,
// how the URL query becomes the list's filters and the filters become GET /students/ parameters (empty ones
// dropped, spec section 5), and the row number of a paged table.
import { DEFAULT_PAGE_SIZE } from '../../contract/common';
import { BALANCE_STATUSES, STUDENT_LIST_PAGES, STUDENT_LISTS, type BalanceStatus, type StudentList, type StudentsParams } from '../../contract/students';
import { cleanParams } from './params';

export { BALANCE_STATUSES, STUDENT_LISTS, type BalanceStatus, type StudentList };

/** The route of each list; "all" lives at /students itself. */
export const LIST_PATHS: Record<StudentList, string> = {
  testing: '/students/testing',
  new: '/students/new',
  active: '/students/active',
  all: '/students',
  archived: '/students/archived',
};

/** The page permission of each list (spec section 3). */
export const LIST_PAGE_KEYS = STUDENT_LIST_PAGES;

/** The list a path shows; a trailing slash is forgiven, anything else under /students is "all". */
export function listFromPath(path: string): StudentList {
  const clean = path.replace(/\/+$/, '') || '/';
  const found = STUDENT_LISTS.find((list) => LIST_PATHS[list] === clean);
  return found ?? 'all';
}

/** The filter keys a user can set (page aside), in the order the query carries them. */
export const FILTER_KEYS = ['q', 'group', 'teacher', 'subject', 'course', 'start_date', 'end_date', 'balance_status'] as const;

/** What the URL query holds for a list: the request's filters (every one optional) and the page (default 1). */
export type StudentFilters = Pick<StudentsParams, (typeof FILTER_KEYS)[number]> & { page: number };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
}

function day(value: string | null): string | undefined {
  return value !== null && ISO_DAY.test(value) ? value : undefined;
}

/** Reads the list's filters from the URL query; malformed values are ignored rather than sent. */
export function filtersFromQuery(params: URLSearchParams): StudentFilters {
  const balance = params.get('balance_status');
  return {
    page: positiveInt(params.get('page')) ?? 1,
    q: params.get('q')?.trim() || undefined,
    group: positiveInt(params.get('group')),
    teacher: positiveInt(params.get('teacher')),
    subject: positiveInt(params.get('subject')),
    course: positiveInt(params.get('course')),
    start_date: day(params.get('start_date')),
    end_date: day(params.get('end_date')),
    balance_status: (BALANCE_STATUSES as readonly string[]).includes(balance ?? '') ? (balance as BalanceStatus) : undefined,
  };
}

/** True when any filter besides the page is set (the empty text then says "nothing matches"). */
export function hasFilters(filters: StudentFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}

/** GET /students/ (and /students/excel/) parameters for a list: the list key, paging, the branch, set filters only. */
export function studentsParams(list: StudentList, filters: StudentFilters, filial: number | null, pageSize: number = DEFAULT_PAGE_SIZE) {
  // Every name the contract knows, so a renamed filter fails to compile here rather than silently not filter.
  const params: Record<keyof StudentsParams, string | number | null | undefined> = {
    list,
    page: filters.page,
    page_size: pageSize,
    filial,
    q: filters.q,
    group: filters.group,
    teacher: filters.teacher,
    subject: filters.subject,
    course: filters.course,
    start_date: filters.start_date,
    end_date: filters.end_date,
    balance_status: filters.balance_status,
    status: undefined, // the list key already chooses the statuses
  };
  return cleanParams(params);
}

/** The export takes the list's filters without paging: it holds every matching student. */
export function excelParams(list: StudentList, filters: StudentFilters, filial: number | null) {
  const { page: _page, page_size: _size, ...rest } = studentsParams(list, filters, filial);
  return rest;
}

/**
 * The query a list tab links with: the current filters stay, the page starts over, and the date range is dropped
 * (spec section 2: date filters reset on a path change; on the archived list the range means the archive date).
 */
export function tabSearch(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  for (const key of ['page', 'start_date', 'end_date']) next.delete(key);
  const text = next.toString();
  return text ? `?${text}` : '';
}
