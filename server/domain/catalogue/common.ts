// What every catalogue rule shares: who acts, which pages may read and write, and small query helpers.
import type { PageKey } from '../../../contract/roles';
import type { Actor, } from '../core/actor';

export type { Actor };

/** Writing the catalogue needs `materials`. */
export const CATALOGUE_WRITE_PAGES: PageKey[] = ['materials'];
/** Reading it is also needed by every education screen that picks a subject, level, theme or course. */
export const CATALOGUE_READ_PAGES: PageKey[] = ['materials', 'groups', 'rooms', 'schedule', 'results', 'test'];

/** An ILIKE pattern that matches `text` anywhere, with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** PostgreSQL's unique_violation, as thrown by node-postgres or PGlite, possibly wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** `x.archive` / `x.unarchive` when the flag flips, else `x.update`. */
export function archiveAction(entity: string, before: boolean, after: boolean): string {
  if (before === after) return `${entity}.update`;
  return after ? `${entity}.archive` : `${entity}.unarchive`;
}
