// A branch with 1,000 groups (12 students each): the first page of 100 stays a single quick query. The time is
// printed for the record, not asserted (machines differ); the page's content is.
import { beforeAll, describe, expect, it } from 'vitest';
import { groups, studentGroups, students } from '../../server/db/schema';
import { backends, useTestApp } from './harness';
import { makeCourse, makeEmployee, makeRoom } from './groupsSupport';

const GROUPS = 1000;
const PER_GROUP = 12;

describe.each(backends())('a branch with 1,000 groups on %s', (backend) => {
  const t = useTestApp(backend);
  let director: string;
  let filial: number;

  beforeAll(async () => {
    director = (await t.signInAs('DIRECTOR')).access_token;
    filial = await t.filialId('Samarqand');
    const course = await makeCourse(t, 'Samarqand');
    const teachers = await Promise.all(Array.from({ length: 20 }, () => makeEmployee(t, 'TEACHER', ['Samarqand'])));
    const rooms: { id: number }[] = [];
    for (let i = 0; i < 20; i++) rooms.push(await makeRoom(t, director, 'Samarqand'));
    // Written straight into the tables: this measures reading, not 1,000 clash checks.
    const made = await t.db
      .insert(groups)
      .values(
        Array.from({ length: GROUPS }, (_, i) => ({
          filialId: filial,
          name: `Guruh ${String(i).padStart(4, '0')}`,
          courseId: course.id,
          teacherId: teachers[i % 20].id,
          roomId: rooms[i % 20].id,
          days: i % 2 ? [2, 4, 6] : [1, 3, 5],
          startTime: '09:00',
          endTime: '10:30',
          startDate: '2031-01-06',
          endDate: '2031-06-30',
          price: '380000.00',
        })),
      )
      .returning({ id: groups.id });
    const people = await t.db
      .insert(students)
      .values(Array.from({ length: 600 }, (_, i) => ({ filialId: filial, fullName: `O‘quvchi ${i}`, phone: `+99891${String(i).padStart(7, '0')}` })))
      .returning({ id: students.id });
    const rows = made.flatMap((g, i) =>
      Array.from({ length: PER_GROUP }, (_, k) => ({ studentId: people[(i * PER_GROUP + k) % people.length].id, groupId: g.id, joinedOn: '2031-01-06' })),
    );
    for (let i = 0; i < rows.length; i += 2000) await t.db.insert(studentGroups).values(rows.slice(i, i + 2000));
  }, 180_000);

  it('answers GET /groups/?page=1&page_size=100 with the first hundred, and reports the time', async () => {
    const path = `/api/groups/?filial=${filial}&page=1&page_size=100`;
    await t.call('GET', path, { token: director });
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof t.call>> | undefined;
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      last = await t.call('GET', path, { token: director });
      times.push(performance.now() - started);
    }
    expect(last!.status).toBe(200);
    expect(last!.json.count).toBeGreaterThanOrEqual(GROUPS);
    expect(last!.json.results).toHaveLength(100);
    expect(last!.json.results[0]).toMatchObject({ name: 'Guruh 0000', students_count: PER_GROUP });
    times.sort((a, b) => a - b);
    const baseline: number[] = [];
    for (let i = 0; i < 7; i++) {
      const started = performance.now();
      await t.call('GET', '/api/groups/days/no-pg', { token: director });
      baseline.push(performance.now() - started);
    }
    baseline.sort((a, b) => a - b);
    console.log(`[${backend}] baseline (auth only): median ${baseline[3].toFixed(1)} ms`);
    console.log(`[${backend}] GET /groups/ page of 100 of ${last!.json.count} groups: median ${times[3].toFixed(1)} ms, min ${times[0].toFixed(1)} ms, max ${times[6].toFixed(1)} ms`);
  });
});
