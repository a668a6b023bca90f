// The archive and freeze lists (spec section 7, "Students"): GET /api/archives/ (every archiving in a period,
// from the student_logs rows of the archive move), GET /api/archives/stats, GET /archived/ (students archived
// now), GET /archived/frozen/ (frozen now or scheduled) and GET /archived/students/?id= (one student's
// archivings and freezes). Branch scope: the student's branch.
import { and, asc, count, desc, eq, gte, inArray, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  ArchiveItem,
  ArchiveStats,
  FreezeItem,
  FrozenItem,
  StudentArchiveHistory,
  archiveStatsQuery,
  archivesQuery,
  frozenQuery,
} from '../../../contract/studentStatusApi';
import type { StudentStatus } from '../../../contract/students';
import type { Db, DbOrTx } from '../../db/client';
import { employees, studentFreezes, studentLogs, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { containsPattern } from '../catalogue/common';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { actorColumns, personRef } from '../core/people';
import { addDays, CENTRE_TIME_ZONE, centreToday } from '../lessons/dates';
import { resolveFilial, type FilialScope } from '../core/scope';
import { findStudent, studentBriefColumns } from './students';
import { ownStudentCondition } from './teacherScope';

const scopeWhere = (scope: FilialScope): SQL | undefined =>
  scope === 'all' ? undefined : inArray(students.filialId, scope.length ? scope : [-1]);

/** A name (case-insensitive) or, when the text is made of digits, a piece of the phone. */
export function studentSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const digits = q.replace(/\D/g, '');
  if (digits !== '' && /^[\d\s+()-]+$/.test(q)) return like(students.phone, containsPattern(digits));
  return like(sql`lower(${students.fullName})`, containsPattern(q.toLowerCase()));
}

/** The centre's calendar day of a timestamp column. */
// The zone is a constant written into the SQL, so a GROUP BY of this expression matches its SELECT exactly.
const localDay = (column: SQL | AnyPgColumn) => sql<string>`((${column}) at time zone ${sql.raw(`'${CENTRE_TIME_ZONE}'`)})::date`;

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

function archivingsWhere(user: AuthUser, q: { filial?: number; start_date?: string; end_date?: string }): SQL | undefined {
  return and(
    eq(studentLogs.action, 'status.archive'),
    scopeWhere(resolveFilial(user, q.filial)),
    ownStudentCondition(user, students.id),
    q.start_date ? gte(localDay(studentLogs.createdAt), q.start_date) : undefined,
    q.end_date ? sql`${localDay(studentLogs.createdAt)} <= ${q.end_date}` : undefined,
  );
}

/** GET /api/archives/: archivings newest first. */
export async function listArchives(db: Db, user: AuthUser, query: z.output<typeof archivesQuery>, url: string): Promise<Page<ArchiveItem>> {
  const where = and(archivingsWhere(user, query), studentSearch(query.q));
  const [{ n }] = await db
    .select({ n: count() })
    .from(studentLogs)
    .innerJoin(students, eq(students.id, studentLogs.studentId))
    .where(where);
  const rows = await db
    .select({
      id: studentLogs.id,
      student: studentBriefColumns,
      detail: studentLogs.detail,
      fromStatus: studentLogs.fromStatus,
      at: studentLogs.createdAt,
      ...actorColumns,
    })
    .from(studentLogs)
    .innerJoin(students, eq(students.id, studentLogs.studentId))
    .leftJoin(employees, eq(employees.id, studentLogs.actorId))
    .where(where)
    .orderBy(desc(studentLogs.createdAt), desc(studentLogs.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  const results = rows.map((r) => ({
    id: r.id,
    student: r.student,
    reason: String(r.detail.reason ?? ''),
    archived_at: iso(r.at)!,
    archived_by: personRef(r.actorId, r.actorName),
    from_status: (r.fromStatus as StudentStatus | null) ?? null,
  }));
  return toPage(url, query, n, results);
}

/** Months from the month of `start` to the month of `end`, as YYYY-MM. */
function monthsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  let [y, m] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const last = end.slice(0, 7);
  for (let guard = 0; guard < 600; guard++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    out.push(month);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}

/** GET /api/archives/stats: default period = the last twelve months up to today. */
export async function archiveStats(db: Db, user: AuthUser, query: z.output<typeof archiveStatsQuery>, now: Date): Promise<ArchiveStats> {
  const today = centreToday(now);
  const end = query.end_date ?? today;
  const start = query.start_date ?? `${addDays(`${end.slice(0, 7)}-01`, -334).slice(0, 7)}-01`;
  const where = archivingsWhere(user, { filial: query.filial, start_date: start, end_date: end });
  const reason = sql<string>`coalesce(${studentLogs.detail}->>'reason', '')`;
  const month = sql<string>`to_char(${localDay(studentLogs.createdAt)}, 'YYYY-MM')`;
  const byReason = await db
    .select({ reason, count: count() })
    .from(studentLogs)
    .innerJoin(students, eq(students.id, studentLogs.studentId))
    .where(where)
    .groupBy(reason)
    .orderBy(desc(count()), asc(reason));
  const byMonth = await db
    .select({ month, count: count() })
    .from(studentLogs)
    .innerJoin(students, eq(students.id, studentLogs.studentId))
    .where(where)
    .groupBy(month);
  const counts = new Map(byMonth.map((r) => [r.month, Number(r.count)]));
  return {
    start_date: start,
    end_date: end,
    total: byReason.reduce((sum, r) => sum + Number(r.count), 0),
    by_reason: byReason.map((r) => ({ reason: r.reason, count: Number(r.count) })),
    by_month: monthsBetween(start, end).map((m) => ({ month: m, count: counts.get(m) ?? 0 })),
  };
}

/** The last archiving log of each student (who archived them). */
const lastArchiving = sql`(select max(l.id) from ${studentLogs} l where l.student_id = ${students.id} and l.action = 'status.archive')`;

/** GET /archived/: students archived now, most recently archived first. `id` is the student's. */
export async function listArchived(db: Db, user: AuthUser, query: z.output<typeof archivesQuery>, url: string): Promise<Page<ArchiveItem>> {
  const where = and(
    eq(students.isArchived, true),
    scopeWhere(resolveFilial(user, query.filial)),
    ownStudentCondition(user, students.id),
    query.start_date ? gte(localDay(students.archivedAt), query.start_date) : undefined,
    query.end_date ? sql`${localDay(students.archivedAt)} <= ${query.end_date}` : undefined,
    studentSearch(query.q),
  );
  const [{ n }] = await db.select({ n: count() }).from(students).where(where);
  const rows = await db
    .select({
      student: studentBriefColumns,
      reason: students.archivedReason,
      at: students.archivedAt,
      from: students.archivedFromStatus,
      ...actorColumns,
    })
    .from(students)
    .leftJoin(studentLogs, eq(studentLogs.id, lastArchiving))
    .leftJoin(employees, eq(employees.id, studentLogs.actorId))
    .where(where)
    .orderBy(sql`${students.archivedAt} desc nulls last`, desc(students.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  const results = rows.map((r) => ({
    id: r.student.id,
    student: r.student,
    reason: r.reason ?? '',
    archived_at: iso(r.at) ?? '',
    archived_by: personRef(r.actorId, r.actorName),
    from_status: r.from ?? null,
  }));
  return toPage(url, query, n, results);
}

const freezeColumns = {
  id: studentFreezes.id,
  fromDate: studentFreezes.fromDate,
  toDate: studentFreezes.toDate,
  endedOn: studentFreezes.endedOn,
  reason: studentFreezes.reason,
  createdAt: studentFreezes.createdAt,
  byId: employees.id,
  byName: employees.fullName,
};
type FreezeRow = {
  id: number;
  fromDate: string;
  toDate: string;
  endedOn: string | null;
  reason: string;
  createdAt: Date;
  byId: number | null;
  byName: string | null;
};
const toFreeze = (r: FreezeRow): FreezeItem => ({
  id: r.id,
  from_date: r.fromDate,
  to_date: r.toDate,
  ended_on: r.endedOn,
  reason: r.reason,
  created_by: personRef(r.byId, r.byName),
  created_at: iso(r.createdAt)!,
});

/** GET /archived/frozen/: running and scheduled freezes of students not archived, the soonest end first. */
export async function listFrozen(db: Db, user: AuthUser, query: z.output<typeof frozenQuery>, url: string, now: Date): Promise<Page<FrozenItem>> {
  const today = centreToday(now);
  const where = and(
    isNull(studentFreezes.endedOn),
    gte(studentFreezes.toDate, today),
    eq(students.isArchived, false),
    or(eq(students.status, 'frozen'), eq(students.status, 'active')),
    scopeWhere(resolveFilial(user, query.filial)),
    ownStudentCondition(user, students.id),
    studentSearch(query.q),
  );
  const [{ n }] = await db
    .select({ n: count() })
    .from(studentFreezes)
    .innerJoin(students, eq(students.id, studentFreezes.studentId))
    .where(where);
  const rows = await db
    .select({ student: studentBriefColumns, ...freezeColumns })
    .from(studentFreezes)
    .innerJoin(students, eq(students.id, studentFreezes.studentId))
    .leftJoin(employees, eq(employees.id, studentFreezes.createdBy))
    .where(where)
    .orderBy(asc(studentFreezes.toDate), asc(studentFreezes.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  return toPage(
    url,
    query,
    n,
    rows.map((r) => ({ student: r.student, freeze: toFreeze(r), scheduled: r.fromDate > today })),
  );
}

/** A student's freezes, newest first. */
export async function studentFreezeList(db: DbOrTx, studentId: number): Promise<FreezeItem[]> {
  const rows = await db
    .select(freezeColumns)
    .from(studentFreezes)
    .leftJoin(employees, eq(employees.id, studentFreezes.createdBy))
    .where(eq(studentFreezes.studentId, studentId))
    .orderBy(desc(studentFreezes.fromDate), desc(studentFreezes.id));
  return rows.map(toFreeze);
}

/** GET /archived/students/?id=: each archiving with when (and by whom) the student came back, and the freezes. */
export async function studentArchiveHistory(db: Db, user: AuthUser, id: number): Promise<StudentArchiveHistory> {
  const student = await findStudent(db, user, id);
  const logs = await db
    .select({
      id: studentLogs.id,
      action: studentLogs.action,
      detail: studentLogs.detail,
      fromStatus: studentLogs.fromStatus,
      at: studentLogs.createdAt,
      ...actorColumns,
    })
    .from(studentLogs)
    .leftJoin(employees, eq(employees.id, studentLogs.actorId))
    .where(and(eq(studentLogs.studentId, id), inArray(studentLogs.action, ['status.archive', 'status.unarchive'])))
    .orderBy(asc(studentLogs.id));
  const archivings: StudentArchiveHistory['archivings'] = [];
  for (const log of logs) {
    if (log.action === 'status.archive') {
      archivings.push({
        id: log.id,
        reason: String(log.detail.reason ?? ''),
        archived_at: iso(log.at)!,
        archived_by: personRef(log.actorId, log.actorName),
        from_status: (log.fromStatus as StudentStatus | null) ?? null,
        restored_at: null,
        restored_by: null,
      });
    } else {
      const open = archivings.at(-1);
      if (open && open.restored_at === null)
        Object.assign(open, { restored_at: iso(log.at), restored_by: personRef(log.actorId, log.actorName) });
    }
  }
  return { student, archivings: archivings.reverse(), freezes: await studentFreezeList(db, id) };
}
