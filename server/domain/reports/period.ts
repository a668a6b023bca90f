// SQL pieces every report shares (finance, admin, education): centre days as instants, a branch scope as a
// condition, the months of a period, and the covered branches.
import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { filials } from '../../db/schema';
import { CENTRE_TIME_ZONE } from '../lessons/dates';
import type { FilialScope } from '../core/scope';

export const TZ = sql.raw(`'${CENTRE_TIME_ZONE}'`);

/** The instant a centre day starts: `day` 00:00 in Tashkent. */
export const dayStart = (day: string) => sql`(${day}::date::timestamp at time zone ${TZ})`;
/** The instant a centre day ends: the next day 00:00 in Tashkent. */
export const dayAfter = (day: string) => sql`((${day}::date + 1)::timestamp at time zone ${TZ})`;

/** `column` is one of the scope's branches (no branch at all for an empty list). */
export function scopeSql(column: SQL, scope: FilialScope): SQL {
  if (scope === 'all') return sql`true`;
  return sql`${column} = any(${sql`array[${sql.join((scope.length ? scope : [-1]).map((id) => sql`${id}::int`), sql`, `)}]::int[]`})`;
}

/** Every month 'YYYY-MM' from start's to end's. */
export function monthsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  let [y, m] = start.slice(0, 7).split('-').map(Number);
  const last = end.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    out.push(month);
    if (month >= last) return out;
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** The scope's branches in id order, archived ones included (callers decide whether to show them). */
export async function scopeBranches(q: DbOrTx, scope: FilialScope) {
  return q
    .select({ id: filials.id, name: filials.name, archived: filials.isArchived })
    .from(filials)
    .where(scope === 'all' ? undefined : inArray(filials.id, scope.length ? scope : [-1]))
    .orderBy(asc(filials.id));
}
