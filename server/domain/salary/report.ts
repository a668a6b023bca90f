// GET /salary/: each employee with salary terms (teachers, assistants and fixed-salary staff) of the branches in
// the reader's scope, with the month's facts and the amount contract/salary.ts gives for them.
//
// Facts, all limited to the covered branches (one branch, or every branch the reader sees):
// - lessons: lessons of the month (by their date) with status 'held' and the employee as the lesson's teacher;
// - students: attendance marks 'present' or 'late' at those lessons;
// - paid: student payments (income entries of the system kind student_payment) booked in the month (centre days,
//   Asia/Tashkent) into groups whose teacher is the employee, minus reversals of such payments booked in the month.
// An employee is listed when one of their branches is covered (or they have none: every branch) and they were not
// archived before the month began; archived during it, they are listed with the days they were employed.
import { sql, type SQL } from 'drizzle-orm';
import { fromCents, toCents } from '../../../contract/money';
import type { Role } from '../../../contract/roles';
import { daysEmployed, daysInMonth, salaryFor, SALARY_ROLES, type SalaryKind, type SalaryQuery, type SalaryReport, type SalaryRow } from '../../../contract/salary';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { AuthUser } from '../core/actor';
import { forbidden } from '../core/errors';
import { CENTRE_TIME_ZONE } from '../lessons/dates';
import { resolveFilial, type FilialScope } from '../core/scope';

const TZ = sql.raw(`'${CENTRE_TIME_ZONE}'`);

function inScope(column: SQL, scope: FilialScope): SQL {
  if (scope === 'all') return sql`true`;
  return sql`${column} = any(${sql`array[${sql.join((scope.length ? scope : [-1]).map((id) => sql`${id}::int`), sql`, `)}]::int[]`})`;
}

/** Salaries are for the director and branch managers (who also need the employees page, checked by the route). */
export function assertSalaryReader(user: Pick<AuthUser, 'role'>) {
  if (!(SALARY_ROLES as readonly Role[]).includes(user.role)) throw forbidden();
}

export async function salaryReport(q: DbOrTx, user: AuthUser, query: SalaryQuery): Promise<SalaryReport> {
  assertSalaryReader(user);
  const scope = resolveFilial(user, query.filial);
  const month = query.month;
  const first = `${month}-01`;
  const last = `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
  const monthStart = sql`(${first}::date::timestamp at time zone ${TZ})`;
  const monthEnd = sql`((${last}::date + 1)::timestamp at time zone ${TZ})`;

  const filialRows = rowsOf(await q.execute(sql`select id, name from filials where ${inScope(sql`id`, scope)} order by id`));

  const people = rowsOf(
    await q.execute(sql`
      select e.id, e.full_name, e.role, p.salary_kind, p.salary_amount::text as salary_amount, p.salary_percent::text as salary_percent,
        to_char(p.archived_at at time zone ${TZ}, 'YYYY-MM-DD') as archived_on
      from employees e
      join employee_profiles p on p.employee_id = e.id
      where p.salary_kind is not null
        and (p.archived_at is null or p.archived_at >= ${monthStart})
        and (not e.is_archived or p.archived_at is not null)
        and (not exists (select 1 from employee_filials ef where ef.employee_id = e.id)
          or exists (select 1 from employee_filials ef where ef.employee_id = e.id and ${inScope(sql`ef.filial_id`, scope)}))
      order by e.full_name, e.id`),
  );

  const lessonFacts = new Map<number, { lessons: number; students: number }>();
  for (const r of rowsOf(
    await q.execute(sql`
      select l.teacher_id, count(distinct l.id)::int as lessons,
        count(a.lesson_id) filter (where a.status in ('present', 'late'))::int as students
      from lessons l
      left join attendance a on a.lesson_id = l.id
      where l.status = 'held' and l.date >= ${first}::date and l.date <= ${last}::date and ${inScope(sql`l.filial_id`, scope)}
      group by l.teacher_id`),
  )) {
    lessonFacts.set(Number(r.teacher_id), { lessons: Number(r.lessons), students: Number(r.students) });
  }

  const paidBy = new Map<number, string>();
  for (const r of rowsOf(
    await q.execute(sql`
      select g.teacher_id, coalesce(sum(case when fe.reverses_id is null then fe.amount else -fe.amount end), 0)::numeric(22,2)::text as paid
      from finance_entries fe
      join finance_kinds k on k.id = fe.kind_id
      join groups g on g.id = fe.group_id
      where k.system_key = 'student_payment' and k.action = 'income'
        and fe.created_at >= ${monthStart} and fe.created_at < ${monthEnd}
        and ${inScope(sql`fe.filial_id`, scope)}
      group by g.teacher_id`),
  )) {
    paidBy.set(Number(r.teacher_id), String(r.paid));
  }

  const days = daysInMonth(month);
  const rows: SalaryRow[] = people.map((p) => {
    const id = Number(p.id);
    const archivedOn = (p.archived_on as string | null) ?? null;
    const held = lessonFacts.get(id) ?? { lessons: 0, students: 0 };
    const facts = {
      lessons: held.lessons,
      students: held.students,
      paid: paidBy.get(id) ?? '0.00',
      days_in_month: days,
      days_employed: daysEmployed(month, archivedOn),
    };
    const kind = p.salary_kind as SalaryKind;
    const amount = (p.salary_amount as string | null) ?? null;
    const percent = (p.salary_percent as string | null) ?? null;
    return {
      employee: { id, full_name: String(p.full_name), role: String(p.role) },
      kind,
      salary_amount: amount,
      salary_percent: percent,
      archived_on: archivedOn,
      facts,
      amount: salaryFor({ kind, amount, percent }, facts),
    };
  });

  const sum = (values: string[]) => fromCents(values.reduce((acc, v) => acc + toCents(v), 0n));
  return {
    month,
    filials: filialRows.map((f) => ({ id: Number(f.id), name: String(f.name) })),
    rows,
    totals: {
      lessons: rows.reduce((acc, r) => acc + r.facts.lessons, 0),
      students: rows.reduce((acc, r) => acc + r.facts.students, 0),
      paid: sum(rows.map((r) => r.facts.paid)),
      amount: sum(rows.map((r) => r.amount)),
    },
  };
}
