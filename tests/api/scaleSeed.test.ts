// The scale seed (server/seed/scale) at a small N on both databases: the proportions it promises, balances that
// agree with the rows they sum, charges exactly as billing makes them, valid phones, no double-booked room or
// teacher, and the same centre again from the same seed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_PATTERN } from '../../contract/phone';
import { schedulesConflict } from '../../contract/schedule';
import { STUDENT_STATUSES } from '../../contract/students';
import { LEAD_STAGES } from '../../contract/leadStages';
import type { Db } from '../../server/db/client';
import { syncCharges } from '../../server/domain/billing/charges';
import { DEMO_FILIALS } from '../../server/seed/demo';
import { seedScale, type ScaleSummary } from '../../server/seed/scale';
import { LEADS_PER_STUDENT, branchStudents } from '../../server/seed/scale/plan';
import { backends, openSeededTestDb, openTestDb } from './harness';
import { TEST_SCRYPT_N } from './templates';

const STUDENTS = 300;
const SEED = 7;

type Row = Record<string, unknown>;
const rows = async (db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)) as unknown as { rows: Row[] };
const one = async (db: Db, query: ReturnType<typeof sql>) => (await rows(db, query)).rows[0];

describe.each(backends())('scale seed on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  let summary: ScaleSummary;

  beforeAll(async () => {
    const opened = await openTestDb(backend);
    db = opened.handle.db;
    drop = opened.drop;
    summary = await seedScale(opened.handle, { students: STUDENTS, seed: SEED, scryptN: TEST_SCRYPT_N });
  }, 120_000);
  afterAll(async () => drop?.());

  it('seeds the demo centre first, then N students in at least three new branches, the director seeing all', async () => {
    expect(summary.counts.students).toBe(STUDENTS);
    expect(summary.branches).toBe(3);
    const branches = await rows(db, sql`select name from filials order by id`);
    expect(branches.rows.map((r) => r.name).slice(0, DEMO_FILIALS.length)).toEqual([...DEMO_FILIALS]);
    expect(branches.rows).toHaveLength(DEMO_FILIALS.length + 3);
    const director = await one(db, sql`select count(*)::int as n from employee_filials ef join employees e on e.id = ef.employee_id where e.role = 'DIRECTOR'`);
    expect(director.n).toBe(0);
    const teachers = await one(db, sql`
      select count(*)::int as n, count(*) filter (where not exists (
        select 1 from employee_pages p where p.employee_id = e.id and p.is_readable))::int as without_pages
      from employees e where e.role = 'TEACHER' and e.id > 20`);
    expect(teachers.n).toBeGreaterThanOrEqual(6);
    expect(teachers.without_pages).toBe(0);
  });

  it('makes rows in the promised proportions, every status and lead stage included', async () => {
    const c = summary.counts;
    const sizes = [0, 1, 2].map((b) => branchStudents(STUDENTS, 3, b));
    expect(c.leads).toBe(sizes.reduce((sum, n) => sum + Math.round(n * LEADS_PER_STUDENT), 0));
    expect(c.lead_logs).toBeGreaterThan(c.leads);
    // About ten ledger entries per student.
    expect(c.finance_entries).toBeGreaterThan(STUDENTS * 7);
    expect(c.finance_entries).toBeLessThan(STUDENTS * 14);
    expect(c.handovers).toBeGreaterThan(0);
    expect(c.groups).toBeGreaterThan(0);
    expect(c.student_groups).toBeGreaterThan(STUDENTS * 0.9);
    expect(c.attendance).toBeGreaterThan(c.student_groups * 10);
    expect(c.student_charges).toBeGreaterThan(c.attendance * 0.8);
    expect(c.student_charges).toBeLessThanOrEqual(c.attendance);

    const statuses = await rows(db, sql`select distinct status from students where id > (select max(id) from students) - ${STUDENTS}`);
    expect(statuses.rows.map((r) => r.status).sort()).toEqual([...STUDENT_STATUSES].sort());
    const stages = await rows(db, sql`select distinct stage from leads where filial_id > ${DEMO_FILIALS.length}`);
    expect(stages.rows.map((r) => r.stage).sort()).toEqual([...LEAD_STAGES].sort());
    const archivedLeads = await one(db, sql`select count(*)::int as n from leads where is_archived and filial_id > ${DEMO_FILIALS.length}`);
    expect(archivedLeads.n).toBeGreaterThan(0);
    const lessons = await rows(db, sql`select distinct status from lessons where filial_id > ${DEMO_FILIALS.length}`);
    expect(lessons.rows.map((r) => r.status).sort()).toEqual(['cancelled', 'held', 'planned']);
    const reversals = await one(db, sql`select count(*)::int as n from finance_entries where reverses_id is not null`);
    expect(reversals.n).toBeGreaterThanOrEqual(1);
    // Joined leads and their students point at each other.
    const joined = await one(db, sql`
      select count(*)::int as n, count(*) filter (where s.lead_id = l.id)::int as linked
      from leads l join students s on s.id = l.student_id where l.stage = 'JOINED'`);
    expect(joined.n).toBeGreaterThan(0);
    expect(joined.linked).toBe(joined.n);
  });

  it('keeps each student’s first membership day, memberships written with the triggers off included', async () => {
    const check = await one(db, sql`
      select count(*) filter (where first_joined_on is not null)::int as kept,
        count(*) filter (where first_joined_on is distinct from (select min(joined_on) from student_groups sg where sg.student_id = s.id))::int as wrong
      from students s`);
    expect(check.kept).toBeGreaterThan(STUDENTS * 0.8);
    expect(check.wrong).toBe(0);
  });

  it('keeps every cashier balance equal to the sum of its entries and never below zero', async () => {
    const check = await one(db, sql`
      with sums as (
        select cashier_id, method, sum(case when action = 'income' then amount else -amount end) as total
        from finance_entries group by cashier_id, method)
      select count(*)::int as desks,
        count(*) filter (where coalesce(b.balance, 0) <> coalesce(s.total, 0))::int as wrong,
        count(*) filter (where b.balance < 0)::int as negative
      from sums s full join cashier_balances b on b.cashier_id = s.cashier_id and b.method = s.method`);
    expect(check.desks).toBeGreaterThan(6);
    expect(check.wrong).toBe(0);
    expect(check.negative).toBe(0);
  });

  it('keeps the ledger rollups (finance_daily, finance_monthly) equal to the entries they sum, batches written in replica mode included', async () => {
    const check = await one(db, sql`
      with sums as (
        select filial_id, cashier_id, (created_at at time zone 'Asia/Tashkent')::date as day, action, kind_id, method,
          count(*)::int as n, sum(amount) as amount
        from finance_entries group by 1, 2, 3, 4, 5, 6)
      select count(*)::int as keys, coalesce(sum(d.n), 0)::int as rolled,
        count(*) filter (where d.n is distinct from s.n or d.amount is distinct from s.amount)::int as wrong
      from sums s full join finance_daily d using (filial_id, cashier_id, day, action, kind_id, method)`);
    expect(check.rolled).toBe((await one(db, sql`select count(*)::int as n from finance_entries`)).n);
    expect(check.keys).toBeGreaterThan(100);
    expect(check.wrong).toBe(0);
    const months = await one(db, sql`
      with sums as (
        select filial_id, cashier_id, date_trunc('month', created_at at time zone 'Asia/Tashkent')::date as month, action, kind_id, method,
          count(*)::int as n, sum(amount) as amount
        from finance_entries group by 1, 2, 3, 4, 5, 6)
      select count(*)::int as keys,
        count(*) filter (where m.n is distinct from s.n or m.amount is distinct from s.amount)::int as wrong
      from sums s full join finance_monthly m using (filial_id, cashier_id, month, action, kind_id, method)`);
    expect(months.keys).toBeGreaterThan(20);
    expect(months.wrong).toBe(0);
  });

  it('keeps student balances equal to payments − refunds + vouchers − charges, with debtors among them', async () => {
    const check = await one(db, sql`
      with parts as (
        select student_id, group_id, case when action = 'income' then amount else -amount end as x
          from finance_entries where student_id is not null and group_id is not null
        union all select student_id, group_id, amount from vouchers where cancelled_at is null
        union all select student_id, group_id, -amount from student_charges),
      sums as (select student_id, group_id, sum(x) as total from parts group by student_id, group_id)
      select count(*) filter (where coalesce(b.balance, 0) <> coalesce(s.total, 0))::int as wrong,
        count(*) filter (where b.balance < 0)::int as debtors,
        count(*) filter (where b.balance > 0)::int as ahead
      from sums s full join student_balances b on b.student_id = s.student_id and b.group_id = s.group_id`);
    expect(check.wrong).toBe(0);
    expect(check.debtors).toBeGreaterThan(0);
    expect(check.ahead).toBeGreaterThan(0);
  });

  it('keeps every student total (student_totals) equal to the sum of their balances', async () => {
    const check = await one(db, sql`
      select count(*)::int as students, count(*) filter (where coalesce(b.total, 0) <> coalesce(t.balance, 0))::int as wrong
      from (select student_id, sum(balance) as total from student_balances group by student_id) b
      full join student_totals t on t.student_id = b.student_id`);
    expect(check.students).toBeGreaterThan(100);
    expect(check.wrong).toBe(0);
  });

  it('charges exactly what billing charges: a full charge sync changes nothing', async () => {
    const result = await db.transaction((tx) => syncCharges(tx, {}, new Date()));
    expect(result).toEqual({ inserted: 0, updated: 0, deleted: 0 });
  });

  it('gives every person a valid +998 phone, employees each their own', async () => {
    const phones = await rows(db, sql`
      select phone from students union all select parent_phone from students where parent_phone is not null
      union all select phone from leads union all select phone from employees`);
    const bad = phones.rows.map((r) => String(r.phone)).filter((p) => !PHONE_PATTERN.test(p));
    expect(bad).toEqual([]);
    const students = await one(db, sql`select count(*)::int as n, count(distinct phone)::int as distinct from students`);
    expect(students.distinct).toBe(students.n);
  });

  it('never books a room or a teacher twice at overlapping times (the server clash rule)', async () => {
    const groups = (
      await rows(db, sql`
        select id, room_id, teacher_id, assistant_id, days, to_char(start_time, 'HH24:MI') as start_time,
          to_char(end_time, 'HH24:MI') as end_time, start_date::text as start_date, end_date::text as end_date
        from groups where status not in ('finished', 'archived')`)
    ).rows.map((g) => ({
      ...g,
      days: (Array.isArray(g.days) ? g.days : String(g.days).replace(/[{}]/g, '').split(',')).map(Number),
      people: [g.teacher_id, g.assistant_id].filter((p) => p != null).map(Number),
    })) as unknown as { id: number; room_id: number; people: number[]; days: number[]; start_time: string; end_time: string; start_date: string; end_date: string }[];
    expect(groups.length).toBeGreaterThan(10);
    const clashes: string[] = [];
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const a = groups[i];
        const b = groups[j];
        const shared = Number(a.room_id) === Number(b.room_id) || a.people.some((p) => b.people.includes(p));
        const overlap = a.start_date <= b.end_date && b.start_date <= a.end_date;
        if (shared && overlap && schedulesConflict(a, b)) clashes.push(`${a.id}/${b.id}`);
      }
    }
    expect(clashes).toEqual([]);
  });
});

describe('scale seed determinism', () => {
  /** Fingerprints of the generated branches' rows (the demo centre's own timestamps follow the clock). */
  async function digest(seed: number): Promise<Row> {
    // A copy of the run's demo-seeded template: both runs start from the same rows and ids.
    const { handle, drop } = await openSeededTestDb('pglite');
    try {
      await seedScale(handle, { students: 120, seed, scryptN: TEST_SCRYPT_N });
      const generated = sql.raw(`filial_id > ${DEMO_FILIALS.length}`);
      return await one(handle.db, sql`
        select
          (select md5(string_agg(concat_ws('|', id, full_name, phone, status, birth_date, created_at), ',' order by id)) from students where ${generated}) as students,
          (select md5(string_agg(concat_ws('|', id, group_id, date, status), ',' order by id)) from lessons where ${generated}) as lessons,
          (select md5(string_agg(concat_ws('|', lesson_id, student_id, status, mark), ',' order by lesson_id, student_id)) from attendance a where exists (select 1 from lessons l where l.id = a.lesson_id and l.${generated})) as attendance,
          (select md5(string_agg(concat_ws('|', id, cashier_id, action, method, amount, student_id, created_at), ',' order by id)) from finance_entries where ${generated}) as ledger,
          (select md5(string_agg(concat_ws('|', id, full_name, phone, stage, created_at), ',' order by id)) from leads where ${generated}) as leads`);
    } finally {
      await drop();
    }
  }

  it('gives the same centre for the same seed', async () => {
    const [a, b] = [await digest(3), await digest(3)];
    expect(a.students).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toEqual(a);
  }, 180_000);
});
