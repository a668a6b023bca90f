// GET /students/ (paged, newest first) and GET /students/counts/ (the sidebar tabs' numbers).
import { and, count, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { StudentCounts, StudentListItem, studentCountsQuery, studentsQuery } from '../../../contract/students';
import type { DbOrTx } from '../../db/client';
import { studentCountDeltas, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { resolveFilial, type FilialScope } from '../core/scope';
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

/**
 * The tabs' numbers: summed from the kept deltas (migration 0025) for staff who see whole branches; counted over the
 * students themselves for teachers, who see only their own.
 */
export async function studentCounts(q: DbOrTx, user: AuthUser, query: z.output<typeof studentCountsQuery>): Promise<StudentCounts> {
  const scope = resolveFilial(user, query.filial);
  if (!ownStudentCondition(user, students.id)) return keptCounts(q, scope);
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
    .where(and(studentScopeWhere(scope), ownStudentCondition(user, students.id)));
  return row;
}

async function keptCounts(q: DbOrTx, scope: FilialScope): Promise<StudentCounts> {
  const d = studentCountDeltas;
  const kept = (condition: SQL) => sql<number>`coalesce(sum(${d.delta}) filter (where ${condition}), 0)::int`;
  const alive = sql`not ${d.isArchived}`;
  const [row] = await q
    .select({
      testing: kept(sql`${alive} and ${d.status} = 'testing'`),
      new: kept(sql`${alive} and ${d.status} = 'new'`),
      active: kept(sql`${alive} and ${d.status} in ('active', 'frozen')`),
      frozen: kept(sql`${alive} and ${d.status} = 'frozen'`),
      archived: kept(sql`${d.isArchived}`),
      all: kept(alive),
    })
    .from(d)
    .where(scope === 'all' ? undefined : inArray(d.filialId, scope.length ? scope : [-1]));
  return row;
}

/** Folds the kept deltas into one row per key (the compaction job); concurrent folds and inserts stay exact. */
export async function foldStudentCounts(q: DbOrTx): Promise<void> {
  // A fold's DELETE sees only rows committed before it began; a second fold at the same moment finds them gone
  // and folds nothing, and inserts made meanwhile are left for the next fold.
  await q.execute(sql`
    with gone as (delete from student_count_deltas returning filial_id, status, is_archived, delta)
    insert into student_count_deltas (filial_id, status, is_archived, delta)
    select filial_id, status, is_archived, sum(delta) from gone group by 1, 2, 3 having sum(delta) <> 0`);
}
