// GET /reports/edu/: attendance per group and teacher, marks and test results over a period, and how full the
// groups are now, for one branch or every branch the user sees. The rules of each figure are in
// contract/eduReport.ts. Lesson dates compare as they are; test sittings by the centre's days (Asia/Tashkent).
import { sql } from 'drizzle-orm';
import type { AttendanceCounts, EduReport, EduReportQuery } from '../../../contract/eduReport';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../core/actor';
import { resolveFilial, type FilialScope } from '../core/scope';
import { rowsOf, type Row } from '../../db/rows';
import { dayAfter, dayStart, scopeBranches, scopeSql } from './period';

const num = (v: unknown) => Number(v ?? 0);
const pct = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const COUNTS = sql.raw(`
  (count(distinct id) filter (where held))::int as lessons,
  count(status)::int as marked,
  (count(*) filter (where status = 'present'))::int as present,
  (count(*) filter (where status = 'late'))::int as late,
  (count(*) filter (where status = 'excused'))::int as excused,
  (count(*) filter (where status = 'absent'))::int as absent,
  round(100.0 * count(*) filter (where status in ('present', 'late')) / nullif(count(status), 0), 1)::float8 as rate,
  round(avg(mark), 1)::float8 as average_mark`);

const countsOf = (r: Row): AttendanceCounts => ({
  lessons: num(r.lessons),
  marked: num(r.marked),
  present: num(r.present),
  late: num(r.late),
  excused: num(r.excused),
  absent: num(r.absent),
  rate: pct(r.rate),
  average_mark: pct(r.average_mark),
});

/** Lowest rate first (nothing marked last), then by name. */
const byRate = <T extends { rate: number | null }>(name: (r: T) => string) => (a: T, b: T) =>
  (a.rate ?? 101) - (b.rate ?? 101) || name(a).localeCompare(name(b));

async function attendanceRows(q: DbOrTx, scope: FilialScope, start: string, end: string) {
  const result = await q.execute(sql`
    with a as (
      select l.id, l.group_id, l.teacher_id, l.status = 'held' as held, a.status, a.mark
      from lessons l left join attendance a on a.lesson_id = l.id
      where l.date between ${start}::date and ${end}::date and l.status <> 'cancelled' and ${scopeSql(sql`l.filial_id`, scope)}
    )
    select 'group' as dim, group_id as key, ${COUNTS} from a where group_id is not null group by group_id
    union all select 'teacher', teacher_id, ${COUNTS} from a group by teacher_id
    union all select 'total', null, ${COUNTS} from a`);
  return rowsOf(result);
}

async function names(q: DbOrTx, table: 'groups' | 'employees', ids: number[]): Promise<Map<number, Row>> {
  if (!ids.length) return new Map();
  const idList = sql.join(ids.map((id) => sql`${id}::int`), sql`, `);
  const query =
    table === 'groups'
      ? sql`select g.id, g.name, g.filial_id, g.teacher_id, e.full_name as teacher_name from groups g join employees e on e.id = g.teacher_id where g.id in (${idList})`
      : sql`select id, full_name as name from employees where id in (${idList})`;
  return new Map(rowsOf(await q.execute(query)).map((r) => [Number(r.id), r]));
}

export async function eduReport(q: DbOrTx, user: AuthUser, query: EduReportQuery, today: string): Promise<EduReport> {
  const scope = resolveFilial(user, query.filial);
  const { start_date: start, end_date: end } = query;
  const rows = await attendanceRows(q, scope, start, end);
  const groupRows = rows.filter((r) => r.dim === 'group');
  const teacherRows = rows.filter((r) => r.dim === 'teacher');
  const groupInfo = await names(q, 'groups', groupRows.map((r) => Number(r.key)));
  const teacherInfo = await names(q, 'employees', teacherRows.map((r) => Number(r.key)));

  const by_group = groupRows
    .map((r) => {
      const g = groupInfo.get(Number(r.key))!;
      return { group: { id: Number(g.id), name: String(g.name) }, filial: Number(g.filial_id), teacher: { id: Number(g.teacher_id), name: String(g.teacher_name) }, ...countsOf(r) };
    })
    .sort(byRate((r) => r.group.name));
  const by_teacher = teacherRows
    .map((r) => ({ teacher: { id: Number(r.key), name: String(teacherInfo.get(Number(r.key))?.name ?? '') }, ...countsOf(r) }))
    .sort(byRate((r) => r.teacher.name));

  const tests = rowsOf(
    await q.execute(sql`
      select t.id, t.title, count(*)::int as taken, round(avg(100.0 * r.score / nullif(r.max_score, 0)), 1)::float8 as average_percent
      from test_results r join students s on s.id = r.student_id join tests t on t.id = r.test_id
      where r.created_at >= ${dayStart(start)} and r.created_at < ${dayAfter(end)} and ${scopeSql(sql`s.filial_id`, scope)}
      group by grouping sets ((t.id, t.title), ())
      order by taken desc, t.title`),
  );
  const total = tests.find((r) => r.id === null || r.id === undefined);
  const by_test = tests.filter((r) => r !== total).map((r) => ({ test: { id: Number(r.id), name: String(r.title) }, taken: num(r.taken), average_percent: pct(r.average_percent) }));

  const fillRows = rowsOf(
    await q.execute(sql`
      select g.id, g.name, g.filial_id, r.id as room_id, r.name as room_name, r.capacity::int as capacity,
        (select count(*) from student_groups sg where sg.group_id = g.id and (sg.left_on is null or sg.left_on >= ${today}::date))::int as students
      from groups g join rooms r on r.id = g.room_id
      where g.status in ('planned', 'active') and not g.is_secondary and ${scopeSql(sql`g.filial_id`, scope)}`),
  );
  const filling = fillRows
    .map((r) => ({
      group: { id: Number(r.id), name: String(r.name) },
      filial: Number(r.filial_id),
      room: { id: Number(r.room_id), name: String(r.room_name) },
      students: num(r.students),
      capacity: num(r.capacity),
      free: Math.max(num(r.capacity) - num(r.students), 0),
    }))
    .sort((a, b) => b.students / Math.max(b.capacity, 1) - a.students / Math.max(a.capacity, 1) || a.group.name.localeCompare(b.group.name));

  const branches = await scopeBranches(q, scope);
  const covered = branches.filter((b) => !b.archived || filling.some((f) => f.filial === b.id) || by_group.some((g) => g.filial === b.id));
  const filling_by_filial = covered.map((b) => {
    const mine = filling.filter((f) => f.filial === b.id);
    return {
      filial: { id: b.id, name: b.name },
      groups: mine.length,
      students: mine.reduce((s, f) => s + f.students, 0),
      capacity: mine.reduce((s, f) => s + f.capacity, 0),
      free: mine.reduce((s, f) => s + f.free, 0),
    };
  });
  const totalRow = rows.find((r) => r.dim === 'total')!;
  return {
    start_date: start,
    end_date: end,
    filials: covered.map((b) => ({ id: b.id, name: b.name })),
    attendance: countsOf(totalRow),
    by_group,
    by_teacher,
    results: { taken: num(total?.taken), average_percent: pct(total?.average_percent) },
    by_test,
    filling,
    filling_by_filial,
  };
}
