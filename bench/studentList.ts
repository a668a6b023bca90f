// GET /api/students/ at 10,000 students in one branch: seeds a fresh database (PGlite in a new directory, or a
// uniquely named PostgreSQL database that is dropped afterwards), starts the real app in-process and times the
// list (page 1), a name search, a phone search, a group filter and the tab counts as a branch administrator
// would call them. Never part of `npm test`: `npm run bench`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { migrate, pgliteHandle, postgresHandle, type Db, type DbHandle } from '../server/db/client';
import { courses, employees, filials, groups, rooms, subjectLevels, subjects } from '../server/db/schema';
import { DEMO_SIGN_INS, seedDemoIfEmpty } from '../server/seed/demo';

export const STUDENTS_PER_BRANCH = 10_000;
const OTHER_BRANCH_STUDENTS = 3_000;
const GROUPS = 6;
const SCRYPT_N = 1024;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type Backend = 'pglite' | 'postgres';
export type Timing = { backend: Backend; scenario: string; path: string; requests: number; rows: number; count: number; p50_ms: number; p95_ms: number; max_ms: number };

/** A fresh, migrated, demo-seeded database; `drop` removes it. */
async function freshDb(backend: Backend): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'markaz-bench-'));
    const handle = pgliteHandle(await PGlite.create(dir));
    await migrate(handle.db);
    return { handle, drop: async () => { await handle.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const name = `markaz_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: ADMIN_URL });
    await client.connect();
    try { await client.query(text); } finally { await client.end(); }
  };
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = postgresHandle(url.toString());
  await migrate(handle.db);
  return { handle, drop: async () => { await handle.close(); await admin(`drop database if exists ${name} with (force)`); } };
}

const FIRST = ['Aziz', 'Bobur', 'Dilnoza', 'Gulnora', 'Jasur', 'Kamola', 'Laylo', 'Madina', 'Nodir', 'Otabek', 'Sardor', 'Shahzoda', 'Umid', 'Zarina'];
const LAST = ['Karimov', 'Rahimova', 'Toshmatov', 'Yusupova', 'Aliyev', 'Nazarova', 'Qodirov', 'Ergasheva', 'Sobirov', 'Xolmatova'];
const sqlList = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);

/**
 * `n` students in the branch in one statement: statuses spread 1 testing : 2 new : 5 active : 1 frozen : 1
 * archived, created over the last two years, phones +99895NNNNNNN from `phoneFrom`.
 */
export async function insertStudents(db: Db, filialId: number, n: number, phoneFrom: number) {
  await db.execute(sql`
    insert into students (filial_id, full_name, phone, status, is_archived, archived_at, archived_reason, created_at)
    select ${filialId},
           (${sqlList(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${sqlList(LAST)})[1 + (i / 7) % ${LAST.length}] || ' ' || i,
           '+99895' || lpad((${phoneFrom} + i)::text, 7, '0'),
           (array['testing','new','new','active','active','active','active','active','frozen','archived'])[1 + i % 10],
           i % 10 = 9,
           case when i % 10 = 9 then now() - (i % 300) * interval '1 day' end,
           case when i % 10 = 9 then 'Boshqa shahar' end,
           now() - (i % 730) * interval '1 day'
    from generate_series(1, ${n}) as i`);
}

/** Six groups in the branch; every new/active/frozen student joins one of them, archived ones left theirs. */
export async function seedGroups(db: Db, filialId: number): Promise<number[]> {
  const [teacher] = await db.select({ id: employees.id }).from(employees).where(eq(employees.role, 'TEACHER')).limit(1);
  const [subject] = await db.insert(subjects).values({ name: 'Bench English' }).returning({ id: subjects.id });
  const [level] = await db.insert(subjectLevels).values({ subjectId: subject.id, name: 'B1', position: 1 }).returning({ id: subjectLevels.id });
  const [course] = await db
    .insert(courses)
    .values({ filialId, subjectId: subject.id, levelId: level.id, name: 'Bench course', price: '600000.00', lessonsPerMonth: 12, durationMonths: 6 })
    .returning({ id: courses.id });
  const ids: number[] = [];
  for (let g = 0; g < GROUPS; g++) {
    const [room] = await db.insert(rooms).values({ filialId, name: `Bench room ${g}`, capacity: 20 }).returning({ id: rooms.id });
    const [group] = await db
      .insert(groups)
      .values({
        filialId, name: `Bench group ${g + 1}`, courseId: course.id, teacherId: teacher.id, roomId: room.id, days: [1, 3, 5],
        startTime: `${String(9 + g).padStart(2, '0')}:00`, endTime: `${String(10 + g).padStart(2, '0')}:00`,
        startDate: '2025-01-01', endDate: '2027-12-31', price: '600000.00',
      })
      .returning({ id: groups.id });
    ids.push(group.id);
  }
  await db.execute(sql`
    insert into student_groups (student_id, group_id, joined_on, left_on, end_reason)
    select s.id, (${sql.raw(`array[${ids.join(',')}]`)})[1 + s.id % ${GROUPS}], '2025-09-01',
           case when s.is_archived then current_date end, case when s.is_archived then 'archived' end
    from students s where s.filial_id = ${filialId} and s.status <> 'testing'`);
  return ids;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function benchStudentList(backend: Backend, requests = 100): Promise<Timing[]> {
  const { handle, drop } = await freshDb(backend);
  try {
    const db = handle.db;
    await seedDemoIfEmpty(db, SCRYPT_N);
    const branch = async (name: string) => (await db.select({ id: filials.id }).from(filials).where(eq(filials.name, name)))[0].id;
    const chilonzor = await branch('Chilonzor');
    const seedStart = performance.now();
    await insertStudents(db, chilonzor, STUDENTS_PER_BRANCH, 1_000_000);
    await insertStudents(db, await branch('Yunusobod'), OTHER_BRANCH_STUDENTS, 2_000_000);
    const groupIds = await seedGroups(db, chilonzor);
    await db.execute(sql`analyze`);
    console.error(`${backend}: seeded ${STUDENTS_PER_BRANCH + OTHER_BRANCH_STUDENTS} students in ${Math.round(performance.now() - seedStart)} ms`);

    const root = fileURLToPath(new URL('..', import.meta.url));
    const config = configFromEnv({
      JWT_SECRET: 'bench-signing-secret-0123456789abcdef-0123', SCRYPT_N: String(SCRYPT_N), DEMO: '1',
      LOCALES_DIR: join(root, 'locales'), STATIC_DIR: join(root, 'tests/api/fixtures/build'),
    });
    const app = createApp({ db, config });
    const admin = DEMO_SIGN_INS.find((s) => s.role === 'ADMINISTRATOR')!; // Chilonzor only
    const signIn = await app.request('/api/auth/token', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: admin.phone, password: admin.password }),
    });
    const { access_token } = (await signIn.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${access_token}` };

    const scenarios: [string, string][] = [
      ['list=all, page 1', `/api/students/?list=all&page=1`],
      ['list=all, page 200', `/api/students/?list=all&page=200`],
      ['list=active, page 1', `/api/students/?list=active&page=1`],
      ['q= name', `/api/students/?list=all&page=1&q=${encodeURIComponent('dilnoza toshm')}`],
      ['q= phone digits', `/api/students/?list=all&page=1&q=9510012`],
      ['group=', `/api/students/?list=all&page=1&group=${groupIds[2]}`],
      ['archived, period', `/api/students/?list=archived&page=1&start_date=2020-01-01&end_date=2099-12-31`],
      ['counts', `/api/students/counts/`],
    ];
    const timings: Timing[] = [];
    for (const [scenario, path] of scenarios) {
      let body: { count?: number; all?: number; results?: unknown[] } = {};
      for (let i = 0; i < 10; i++) await (await app.request(path, { headers })).arrayBuffer(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const start = performance.now();
        const res = await app.request(path, { headers });
        body = (await res.json()) as typeof body;
        times.push(performance.now() - start);
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
      }
      times.sort((a, b) => a - b);
      const round = (x: number) => Math.round(x * 10) / 10;
      timings.push({
        backend, scenario, path, requests, rows: body.results?.length ?? 0, count: body.count ?? body.all ?? 0,
        p50_ms: round(percentile(times, 50)), p95_ms: round(percentile(times, 95)), max_ms: round(times[times.length - 1]),
      });
    }
    return timings;
  } finally {
    await drop();
  }
}
