// Reading students as the student pages show them: the list row (with today's groups and the balance), and the
// filters of GET /students/ and /students/excel/. Groups come in one query for a whole page, never per row.
import { and, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { StudentList, StudentListItem, studentsQuery } from '../../../contract/students';
import type { DbOrTx } from '../../db/client';
import { courses, groups, studentGroups, students } from '../../db/schema';
import { CENTRE_TIME_ZONE } from '../lessons/dates';
import type { FilialScope } from '../core/scope';
import { balanceStatusSql, studentBalanceSql } from './balance';
import { joinedDaySql } from './joinedDay';
import { searchCondition } from './picker';

export type StudentFilters = Omit<z.output<typeof studentsQuery>, 'page' | 'page_size'>;

export function studentScopeWhere(scope: FilialScope): SQL | undefined {
  // An empty branch list matches nothing rather than everything.
  return scope === 'all' ? undefined : inArray(students.filialId, scope.length ? scope : [-1]);
}

/** The lists of the sidebar: testing/new are that status, active holds frozen students too, all is not archived. */
export function listWhere(list: StudentList | undefined): SQL {
  switch (list) {
    case 'testing':
      return and(eq(students.isArchived, false), eq(students.status, 'testing'))!;
    case 'new':
      return and(eq(students.isArchived, false), eq(students.status, 'new'))!;
    case 'active':
      return and(eq(students.isArchived, false), inArray(students.status, ['active', 'frozen']))!;
    case 'archived':
      return eq(students.isArchived, true);
    default:
      return eq(students.isArchived, false);
  }
}

/**
 * The memberships a list shows for a student: the open ones, and for an archived student the ones their
 * archiving closed (so the archive still tells where they studied).
 */
export const shownMembership = or(
  isNull(studentGroups.leftOn),
  and(eq(students.isArchived, true), eq(studentGroups.endReason, 'archived')),
)!;

const dayIn = (column: SQL | typeof students.createdAt) => sql`(${column} at time zone ${sql.raw(`'${CENTRE_TIME_ZONE}'`)})::date`;

/**
 * The group, teacher, subject and course filters must all hold for one of the shown memberships. The `in` list is
 * implied by the `exists` (a shown membership is open or ended by archiving): it lets the planner start from the
 * few memberships of the group (student_groups_group_idx) instead of testing every student of the centre.
 */
function membershipWhere(f: StudentFilters): SQL | undefined {
  if (!f.group && !f.teacher && !f.subject && !f.course) return undefined;
  const joins = sql`${studentGroups} join ${groups} on ${groups.id} = ${studentGroups.groupId}${
    f.subject ? sql` join ${courses} on ${courses.id} = ${groups.courseId}` : sql``
  }`;
  const filters = [
    f.group ? eq(groups.id, f.group) : undefined,
    f.teacher ? eq(groups.teacherId, f.teacher) : undefined,
    f.subject ? eq(courses.subjectId, f.subject) : undefined,
    f.course ? eq(groups.courseId, f.course) : undefined,
  ];
  const candidates = sql`${students.id} in (select ${studentGroups.studentId} from ${joins} where ${and(
    or(isNull(studentGroups.leftOn), eq(studentGroups.endReason, 'archived')),
    ...filters,
  )})`;
  const shown = sql`exists (select 1 from ${joins} where ${and(sql`${studentGroups.studentId} = ${students.id}`, shownMembership, ...filters)})`;
  return and(candidates, shown);
}

function balanceWhere(status: StudentFilters['balance_status']): SQL | undefined {
  return status ? balanceStatusSql(students.id, status) : undefined;
}

/** Every filter of GET /students/ except the branch; absent ones are ignored. */
export function studentFiltersWhere(f: StudentFilters): SQL | undefined {
  // The period is the day the student joined (first group, else the record's day), or on the archive list the
  // day they left.
  const day = f.list === 'archived' ? dayIn(sql`${students.archivedAt}`) : joinedDaySql;
  return and(
    listWhere(f.list),
    f.status ? eq(students.status, f.status) : undefined,
    f.q ? searchCondition(f.q) : undefined,
    membershipWhere(f),
    f.start_date ? gte(day, f.start_date) : undefined,
    f.end_date ? lte(day, f.end_date) : undefined,
    balanceWhere(f.balance_status),
  );
}

const listColumns = {
  id: students.id,
  full_name: students.fullName,
  phone: students.phone,
  parent_phone: students.parentPhone,
  filial: students.filialId,
  status: students.status,
  is_archived: students.isArchived,
  balance: sql<string>`${studentBalanceSql(students.id)}::text`,
  created_at: students.createdAt,
  frozen_from: students.frozenFrom,
  frozen_to: students.frozenTo,
  archived_reason: students.archivedReason,
  archived_at: students.archivedAt,
};

type Ref = { id: number; name: string };
const GROUPS_CHUNK = 5000;

/** The shown groups of these students, by student, in one query. */
export async function groupsOf(q: DbOrTx, ids: readonly number[]): Promise<Map<number, Ref[]>> {
  const byStudent = new Map<number, Ref[]>();
  const rows: { studentId: number; id: number; name: string }[] = [];
  // A page is one query; a spreadsheet of a whole branch goes in chunks under the bind-parameter limit.
  for (let i = 0; i < ids.length; i += GROUPS_CHUNK) {
    rows.push(
      ...(await q
        .select({ studentId: studentGroups.studentId, id: groups.id, name: groups.name })
        .from(studentGroups)
        .innerJoin(students, eq(students.id, studentGroups.studentId))
        .innerJoin(groups, eq(groups.id, studentGroups.groupId))
        .where(and(inArray(studentGroups.studentId, ids.slice(i, i + GROUPS_CHUNK)), shownMembership))
        .orderBy(groups.name, groups.id)),
    );
  }
  for (const r of rows) {
    const list = byStudent.get(r.studentId) ?? [];
    // A student archived twice from one group shows it once.
    if (!list.some((g) => g.id === r.id)) list.push({ id: r.id, name: r.name });
    byStudent.set(r.studentId, list);
  }
  return byStudent;
}

/** List rows under `where`, newest first, with their groups. */
export async function selectStudentRows(q: DbOrTx, where: SQL | undefined, page: { limit: number; offset: number }): Promise<StudentListItem[]> {
  const rows = await q.select(listColumns).from(students).where(where).orderBy(desc(students.id)).limit(page.limit).offset(page.offset);
  const groupsById = await groupsOf(q, rows.map((r) => r.id));
  return rows.map((r) => ({
    ...r,
    groups: groupsById.get(r.id) ?? [],
    created_at: r.created_at.toISOString(),
    archived_at: r.archived_at ? r.archived_at.toISOString() : null,
  }));
}
