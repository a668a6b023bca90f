// GET /students/ (paged, newest first) and GET /students/counts/ (the sidebar tabs' numbers).
import { and, count, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StudentCounts, StudentListItem, studentCountsQuery, studentsQuery } from '../../../contract/students';
import type { DbOrTx } from '../../db/client';
import { students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { resolveFilial } from '../core/scope';
import { selectStudentRows, studentFiltersWhere, studentScopeWhere } from './studentRows';
import { ownStudentCondition } from './teacherScope';

export async function listStudents(q: DbOrTx, user: AuthUser, query: z.output<typeof studentsQuery>, url: string): Promise<Page<StudentListItem>> {
  const where = and(studentScopeWhere(resolveFilial(user, query.filial)), ownStudentCondition(user, students.id), studentFiltersWhere(query));
  // The count and the page are independent: side by side on the pool (queued inside a transaction).
  const [[{ n }], results] = await Promise.all([
    q.select({ n: count() }).from(students).where(where),
    selectStudentRows(q, where, { limit: query.page_size, offset: pageOffset(query) }),
  ]);
  return toPage(url, query, n, results);
}

const live = sql`not ${students.isArchived}`;
const tally = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** One pass over the branch's students. */
export async function studentCounts(q: DbOrTx, user: AuthUser, query: z.output<typeof studentCountsQuery>): Promise<StudentCounts> {
  const [row] = await q
    .select({
      testing: tally(sql`${live} and ${students.status} = 'testing'`),
      new: tally(sql`${live} and ${students.status} = 'new'`),
      active: tally(sql`${live} and ${students.status} in ('active', 'frozen')`),
      frozen: tally(sql`${live} and ${students.status} = 'frozen'`),
      archived: tally(sql`${students.isArchived}`),
      all: tally(live),
    })
    .from(students)
    .where(and(studentScopeWhere(resolveFilial(user, query.filial)), ownStudentCondition(user, students.id)));
  return row;
}
