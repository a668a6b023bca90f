// Query parameters and list numbering (spec sections 5 and 9).
import { DEFAULT_PAGE_SIZE } from '../../contract/paging';

export type QueryValue = string | number | boolean | null | undefined;

/** Drops empty strings, null and undefined, so the lead and student lists never send "filial=" or "null". */
export function cleanParams<T extends Record<string, QueryValue>>(params: T): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === '' || value === null || value === undefined) continue;
    out[key] = value;
  }
  return out;
}

/** The row number shown in a paged table: page 2, first row → 31 with the default page size. */
export function rowNumber(page: number, index: number, pageSize: number = DEFAULT_PAGE_SIZE): number {
  return (Math.max(1, page) - 1) * pageSize + index + 1;
}
