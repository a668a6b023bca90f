// The audit log's filters live in the page's query (?actor=&action=&object_id=&start_date=&end_date=&page=), so a
// filtered view can be shared and survives a reload.
import type { AuditLogQuery } from '../../../../contract/auditLog';

export const LOG_PAGE_SIZE = 30;

/** Suggestions for the action filter: each is a prefix of the actions one area writes ('lead.' → 'lead.create'). */
export const ACTION_PREFIXES = [
  'auth.', 'employee.', 'role_pages.', 'filial.', 'lead.', 'student.', 'membership.', 'group.', 'lesson.', 'attendance.', 'attendance.correct', 'finance_entry.',
  'handover.', 'shift_close.', 'sale.', 'marketing_source.', 'marketing_group.', 'task.', 'time_record.', 'comment.',
] as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The API query of the page's search parameters; unusable values are left out rather than sent. */
export function logQueryFromParams(params: URLSearchParams): AuditLogQuery & { page: number } {
  const text = (key: string) => params.get(key)?.trim() || undefined;
  const id = (key: string) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const day = (key: string) => {
    const v = params.get(key);
    return v && ISO_DAY.test(v) ? v : undefined;
  };
  return {
    page: id('page') ?? 1,
    page_size: LOG_PAGE_SIZE,
    actor: id('actor'),
    action: text('action'),
    object_id: text('object_id'),
    start_date: day('start_date'),
    end_date: day('end_date'),
  };
}

/** Before/after as the table shows them: indented JSON, or an empty string for nothing. */
export function prettyJson(value: unknown): string {
  if (value === null || value === undefined) return '';
  return JSON.stringify(value, null, 2);
}

/** The top-level keys whose values differ between before and after (both objects), for a one-line summary. */
export function changedKeys(before: unknown, after: unknown): string[] {
  const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const a = obj(before);
  const b = obj(after);
  if (before == null || after == null) return [];
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}
