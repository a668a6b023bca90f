// GET /api/v2/students/stats/{id} (attendance, marks, groups, frozen days, days since joining; per group too)
// and GET /api/v2/students/{id}/history (the student's log, newest first, with who did each step).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { HistoryItem, StudentStats, historyQuery } from '../../../contract/studentStatusApi';
import { periodDays } from '../../../contract/studentStatusApi';
import type { Db } from '../../db/client';
import { attendance, employees, groups, lessons, studentFreezes, studentGroups, studentLogs, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { readPage, type Page } from '../catalogue/paging';
import { actorColumns, personRef } from '../core/people';
import { joinedDaySql } from './joinedDay';
import { findStudent } from './students';

type Counts = { present: number; late: number; excused: number; absent: number };
type Tally = { attendance: Counts; lessons_attended: number; marks: number; markSum: number };

const emptyTally = (): Tally => ({ attendance: { present: 0, late: 0, excused: 0, absent: 0 }, lessons_attended: 0, marks: 0, markSum: 0 });

const finish = (t: Tally) => ({
  attendance: t.attendance,
  lessons_attended: t.lessons_attended,
  average_mark: t.marks ? (t.markSum / t.marks).toFixed(2) : null,
});

export async function studentStats(db: Db, user: AuthUser, id: number, today: string): Promise<StudentStats> {
  const student = await findStudent(db, user, id);
  const marks = await db
    .select({
      groupId: lessons.groupId,
      status: attendance.status,
      n: count(),
      marks: sql<number>`count(${attendance.mark})::int`,
      markSum: sql<number>`coalesce(sum(${attendance.mark}), 0)::int`,
    })
    .from(attendance)
    .innerJoin(lessons, eq(lessons.id, attendance.lessonId))
    .where(eq(attendance.studentId, id))
    .groupBy(lessons.groupId, attendance.status);
  const total = emptyTally();
  const perGroup = new Map<number, Tally>();
  for (const r of marks) {
    const targets = [total];
    if (r.groupId != null) {
      if (!perGroup.has(r.groupId)) perGroup.set(r.groupId, emptyTally());
      targets.push(perGroup.get(r.groupId)!);
    }
    for (const t of targets) {
      t.attendance[r.status] += Number(r.n);
      if (r.status === 'present' || r.status === 'late') t.lessons_attended += Number(r.n);
      t.marks += Number(r.marks);
      t.markSum += Number(r.markSum);
    }
  }

  const memberships = await db
    .select({
      groupId: groups.id,
      name: groups.name,
      joinedOn: sql<string>`min(${studentGroups.joinedOn})::text`,
      open: sql<boolean>`bool_or(${studentGroups.leftOn} is null or ${studentGroups.leftOn} >= ${today})`,
      leftOn: sql<string | null>`case when bool_or(${studentGroups.leftOn} is null) then null else max(${studentGroups.leftOn})::text end`,
    })
    .from(studentGroups)
    .innerJoin(groups, eq(groups.id, studentGroups.groupId))
    .where(eq(studentGroups.studentId, id))
    .groupBy(groups.id, groups.name)
    .orderBy(sql`min(${studentGroups.joinedOn}) desc`, groups.id);

  const freezes = await db
    .select({ fromDate: studentFreezes.fromDate, toDate: studentFreezes.toDate, endedOn: studentFreezes.endedOn })
    .from(studentFreezes)
    .where(eq(studentFreezes.studentId, id));
  const yesterdayOrEnd = (f: (typeof freezes)[number]) => [f.toDate, f.endedOn ?? f.toDate, today].sort()[0];
  const frozenDays = freezes.reduce((sum, f) => {
    const last = yesterdayOrEnd(f);
    return last >= f.fromDate ? sum + periodDays(f.fromDate, last) : sum;
  }, 0);

  const [{ joined }] = await db
    .select({ joined: sql<string>`(${joinedDaySql})::text` })
    .from(students)
    .where(eq(students.id, id));

  return {
    student,
    ...finish(total),
    groups_now: memberships.filter((m) => m.open).length,
    groups_ever: memberships.length,
    frozen_days: frozenDays,
    days_since_joining: Math.max(0, periodDays(joined, today) - 1),
    groups: memberships.map((m) => ({
      group: { id: m.groupId, name: m.name },
      joined_on: m.joinedOn,
      left_on: m.open ? null : m.leftOn,
      ...finish(perGroup.get(m.groupId) ?? emptyTally()),
    })),
  };
}

/** GET /api/v2/students/{id}/history */
export async function studentHistory(
  db: Db,
  user: AuthUser,
  id: number,
  query: z.output<typeof historyQuery>,
  url: string,
): Promise<Page<HistoryItem>> {
  await findStudent(db, user, id);
  const where = and(eq(studentLogs.studentId, id));
  const rows = db
    .select({
      id: studentLogs.id,
      action: studentLogs.action,
      fromStatus: studentLogs.fromStatus,
      toStatus: studentLogs.toStatus,
      detail: studentLogs.detail,
      ...actorColumns,
      at: studentLogs.createdAt,
    })
    .from(studentLogs)
    .leftJoin(employees, eq(employees.id, studentLogs.actorId))
    .where(where)
    .orderBy(desc(studentLogs.id));
  return readPage(url, query, db.select({ n: count() }).from(studentLogs).where(where), rows, (r) => ({
    id: r.id,
    action: r.action,
    from_status: r.fromStatus,
    to_status: r.toStatus,
    detail: r.detail,
    actor: personRef(r.actorId, r.actorName),
    created_at: new Date(r.at).toISOString(),
  }));
}
