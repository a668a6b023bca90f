// The debtors page's URL query as pure rules: which filters it holds (malformed values ignored), whether any is
// set, and the GET /finance/debtors/ (and /excel/) parameters for them with empty ones dropped.
import { DEFAULT_PAGE_SIZE } from '../../contract/common';
import type { DebtorsParams } from '../../contract/debtors';
import { cleanParams } from './params';

export type DebtorFilters = { page: number; q?: string; group?: number; teacher?: number; day?: number; min_debt?: string };

/** The filter keys a user can set (page aside), in the order the query carries them. */
export const DEBTOR_FILTER_KEYS = ['q', 'group', 'teacher', 'day', 'min_debt'] as const;

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
}

export function debtorFiltersFromQuery(params: URLSearchParams): DebtorFilters {
  const day = positiveInt(params.get('day'));
  const minDebt = params.get('min_debt')?.trim();
  return {
    page: positiveInt(params.get('page')) ?? 1,
    q: params.get('q')?.trim() || undefined,
    group: positiveInt(params.get('group')),
    teacher: positiveInt(params.get('teacher')),
    day: day !== undefined && day <= 7 ? day : undefined,
    min_debt: minDebt && /^\d{1,12}(\.\d{1,2})?$/.test(minDebt) ? minDebt : undefined,
  };
}

export function hasDebtorFilters(filters: DebtorFilters): boolean {
  return DEBTOR_FILTER_KEYS.some((key) => filters[key] !== undefined);
}

export function debtorsParams(filters: DebtorFilters, filial: number | null, pageSize: number = DEFAULT_PAGE_SIZE) {
  // Every name the contract knows, so a renamed filter fails to compile here rather than silently not filter.
  const params: Record<keyof DebtorsParams, string | number | null | undefined> = {
    page: filters.page,
    page_size: pageSize,
    filial,
    q: filters.q,
    group: filters.group,
    teacher: filters.teacher,
    day: filters.day,
    min_debt: filters.min_debt,
  };
  return cleanParams(params);
}

/** The export takes the filters without paging: every matching debtor. */
export function debtorsExcelParams(filters: DebtorFilters, filial: number | null) {
  const { page: _page, page_size: _size, ...rest } = debtorsParams(filters, filial);
  return rest;
}

/** A phone for a tel: link: "+998901234567" stays; anything else keeps its digits and a leading plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
