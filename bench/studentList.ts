// GET /api/students/ at 10,000 students in one branch: seeds a fresh database, starts the real app in-process and
// times the list (page 1), a name search, a phone search, a group filter and the tab counts as a branch
// administrator would call them. Never part of `npm test`: `npm run bench`.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { courses, employees, filials, groups, rooms, subjectLevels, subjects } from '../server/db/schema';
import { seedDemoIfEmpty } from '../server/seed/demo';
import { benchApp, freshDb, SCRYPT_N, timeScenarios, type Backend, type Timing } from './harness';

export type { Backend, Timing };

export const STUDENTS_PER_BRANCH = 10_000;
const OTHER_BRANCH_STUDENTS = 3_000;
const GROUPS = 6;
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

    const client = await benchApp(handle, 'ADMINISTRATOR'); // Chilonzor only

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
    return await timeScenarios(backend, client, scenarios, requests);
  } finally {
    await drop();
  }
}
