// Who a comment may mention (contract/mentions.ts): active employees of the branch (or of the reader's scope), and
// the employees with no branches, who work in every branch — the rule notifyMentions in ./comments.ts checks.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Mentionable, MentionableParams } from '../../../contract/mentions';
import type { Db } from '../../db/client';
import { employeeFilials, employees } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { resolveFilial } from '../core/scope';

export async function listMentionable(db: Db, user: AuthUser, query: MentionableParams): Promise<Mentionable[]> {
  const scope = resolveFilial(user, query.filial);
  const inBranch =
    scope === 'all'
      ? undefined
      : sql`(not exists (select 1 from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id})
          or exists (select 1 from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id}
            and ${employeeFilials.filialId} = any(${sql`array[${sql.join((scope.length ? scope : [-1]).map((id) => sql`${id}::int`), sql`, `)}]::int[]`})))`;
  return db
    .select({ id: employees.id, full_name: employees.fullName, role: employees.role })
    .from(employees)
    .where(and(eq(employees.isArchived, false), inBranch))
    .orderBy(asc(employees.fullName), asc(employees.id));
}
