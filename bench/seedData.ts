// What the benchmark seeds: the demo centre's staff (the sign-ins) and its scale data.
// TEMPORARY stand-in until server/seed/scale lands: demo centre + students spread over the branches + groups.
import { existsSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { DbHandle } from '../server/db/client';
import { courses, employees, filials, groups, rooms, subjectLevels, subjects } from '../server/db/schema';
import { seedDemoIfEmpty } from '../server/seed/demo';

const FIRST = ['Aziz', 'Bobur', 'Dilnoza', 'Gulnora', 'Jasur', 'Kamola', 'Laylo', 'Madina', 'Nodir', 'Otabek', 'Sardor', 'Shahzoda', 'Umid', 'Zarina'];
const LAST = ['Karimov', 'Rahimova', 'Toshmatov', 'Yusupova', 'Aliyev', 'Nazarova', 'Qodirov', 'Ergasheva', 'Sobirov', 'Xolmatova'];
const sqlList = (xs: string[]) => sql.raw(`array[${xs.map((x) => `'${x}'`).join(',')}]`);

export async function seedBenchData(handle: DbHandle, scale: { students: number; seed: number }, log: (line: string) => void): Promise<void> {
  const scalePath = new URL('../server/seed/scale/index.ts', import.meta.url).pathname;
  if (existsSync(scalePath)) {
    const mod = (await import(scalePath)) as { seedScale(h: DbHandle, o: { students: number; seed?: number; log?: (l: string) => void }): Promise<unknown> };
    await mod.seedScale(handle, { students: scale.students, seed: scale.seed, log });
    return;
  }
  const db = handle.db;
  await seedDemoIfEmpty(db, 1024);
  const [branch] = await db.select({ id: filials.id }).from(filials).where(eq(filials.name, 'Chilonzor'));
  await db.execute(sql`
    insert into students (filial_id, full_name, phone, status, is_archived, archived_at, archived_reason, created_at)
    select ${branch.id},
           (${sqlList(FIRST)})[1 + i % ${FIRST.length}] || ' ' || (${sqlList(LAST)})[1 + (i / 7) % ${LAST.length}] || ' ' || i,
           '+99895' || lpad((1000000 + i)::text, 7, '0'),
           (array['testing','new','new','active','active','active','active','active','frozen','archived'])[1 + i % 10],
           i % 10 = 9,
           case when i % 10 = 9 then now() - (i % 300) * interval '1 day' end,
           case when i % 10 = 9 then 'Boshqa shahar' end,
           now() - (i % 730) * interval '1 day'
    from generate_series(1, ${scale.students}) as i`);
  const [teacher] = await db.select({ id: employees.id }).from(employees).where(eq(employees.role, 'TEACHER')).limit(1);
  const [subject] = await db.insert(subjects).values({ name: 'Bench English' }).returning({ id: subjects.id });
  const [level] = await db.insert(subjectLevels).values({ subjectId: subject.id, name: 'B1', position: 1 }).returning({ id: subjectLevels.id });
  const [course] = await db
    .insert(courses)
    .values({ filialId: branch.id, subjectId: subject.id, levelId: level.id, name: 'Bench course', price: '600000.00', lessonsPerMonth: 12, durationMonths: 6 })
    .returning({ id: courses.id });
  const ids: number[] = [];
  for (let g = 0; g < 6; g++) {
    const [room] = await db.insert(rooms).values({ filialId: branch.id, name: `Bench room ${g}`, capacity: 20 }).returning({ id: rooms.id });
    const [group] = await db
      .insert(groups)
      .values({
        filialId: branch.id, name: `Bench group ${g + 1}`, courseId: course.id, teacherId: teacher.id, roomId: room.id, days: [1, 3, 5],
        startTime: `${String(9 + g).padStart(2, '0')}:00`, endTime: `${String(10 + g).padStart(2, '0')}:00`,
        startDate: '2025-01-01', endDate: '2027-12-31', price: '600000.00',
      })
      .returning({ id: groups.id });
    ids.push(group.id);
  }
  await db.execute(sql`
    insert into student_groups (student_id, group_id, joined_on, left_on, end_reason)
    select s.id, (${sql.raw(`array[${ids.join(',')}]`)})[1 + s.id % 6], '2025-09-01',
           case when s.is_archived then current_date end, case when s.is_archived then 'archived' end
    from students s where s.filial_id = ${branch.id} and s.status <> 'testing'`);
}
