// GET /api/v2/students/stats/{id} (attendance, marks, groups, frozen days, days since joining; per group too)
// and GET /api/v2/students/{id}/history (the student's log, newest first, with who did each step).
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { HistoryItem, StudentStats, historyQuery } from '../../../contract/studentStatusApi';
import { periodDays } from '../../../contract/studentStatusApi';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
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

type MarkRow = { group_id: number | null; status: keyof Counts; n: number; marks: number; mark_sum: number };
type MembershipRow = { group_id: number; name: string; joined_on: string; open: boolean; left_on: string | null };
type FreezeRow = { from_date: string; to_date: string; ended_on: string | null };

export async function studentStats(db: Db, user: AuthUser, id: number, today: string): Promise<StudentStats> {
  const student = await findStudent(db, user, id);
  // The marks per group and status, the groups (first joined, open today, last left), the freezes and the day
  // joined: one statement (it was four).
  // json columns arrive parsed from both drivers.
  const [row] = rowsOf<{ marks: MarkRow[]; memberships: MembershipRow[]; freezes: FreezeRow[]; joined: string }>(
    await db.execute(sql`
      select
        (select coalesce(json_agg(m), '[]'::json) from (
          select l.group_id, a.status, count(*)::int as n, count(a.mark)::int as marks, coalesce(sum(a.mark), 0)::int as mark_sum
          from ${attendance} a join ${lessons} l on l.id = a.lesson_id
          where a.student_id = ${id} group by l.group_id, a.status) m) as marks,
        (select coalesce(json_agg(g order by g.joined_on desc, g.group_id), '[]'::json) from (
          select gr.id as group_id, gr.name, min(sg.joined_on)::text as joined_on,
            bool_or(sg.left_on is null or sg.left_on >= ${today}::date) as open,
            case when bool_or(sg.left_on is null) then null else max(sg.left_on)::text end as left_on
          from ${studentGroups} sg join ${groups} gr on gr.id = sg.group_id
          where sg.student_id = ${id} group by gr.id, gr.name) g) as memberships,
        (select coalesce(json_agg(json_build_object('from_date', f.from_date, 'to_date', f.to_date, 'ended_on', f.ended_on)), '[]'::json)
          from ${studentFreezes} f where f.student_id = ${id}) as freezes,
        (${joinedDaySql})::text as joined
      from ${students} where ${students.id} = ${id}`),
  );
  const { marks, memberships, freezes, joined } = row;

  const total = emptyTally();
  const perGroup = new Map<number, Tally>();
  for (const r of marks) {
    const targets = [total];
    if (r.group_id != null) {
      if (!perGroup.has(r.group_id)) perGroup.set(r.group_id, emptyTally());
      targets.push(perGroup.get(r.group_id)!);
    }
    for (const t of targets) {
      t.attendance[r.status] += Number(r.n);
      if (r.status === 'present' || r.status === 'late') t.lessons_attended += Number(r.n);
      t.marks += Number(r.marks);
      t.markSum += Number(r.mark_sum);
    }
  }

  const yesterdayOrEnd = (f: FreezeRow) => [f.to_date, f.ended_on ?? f.to_date, today].sort()[0];
  const frozenDays = freezes.reduce((sum, f) => {
    const last = yesterdayOrEnd(f);
    return last >= f.from_date ? sum + periodDays(f.from_date, last) : sum;
  }, 0);

  return {
    student,
    ...finish(total),
    groups_now: memberships.filter((m) => m.open).length,
    groups_ever: memberships.length,
    frozen_days: frozenDays,
    days_since_joining: Math.max(0, periodDays(joined, today) - 1),
    groups: memberships.map((m) => ({
      group: { id: m.group_id, name: m.name },
      joined_on: m.joined_on,
      left_on: m.open ? null : m.left_on,
      ...finish(perGroup.get(m.group_id) ?? emptyTally()),
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
