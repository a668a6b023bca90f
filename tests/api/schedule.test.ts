// GET /schedule/week (the /edu/schedule page): one week of lessons by room or by teacher, Monday first, with
// cancelled and extra lessons as they are; teachers see their own lessons; the demo week is not empty.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { weekSchedule } from '../../contract/weekSchedule';
import { lessons } from '../../server/db/schema';
import { centreToday, mondayOf } from '../../server/domain/lessons/dates';
import { backends, useTestApp } from './harness';
import { groupBody, makeCourse, makeEmployee, makeRoom } from './groupsSupport';

describe.each(backends())('week schedule on %s', (backend) => {
  const t = useTestApp(backend);
  let director: string;
  let chilonzor: number;
  const week = (query: string, token = director) => t.call('GET', `/api/schedule/week?${query}`, { token });

  beforeAll(async () => {
    director = (await t.signInAs('DIRECTOR')).access_token;
    chilonzor = await t.filialId('Chilonzor');
  });

  it("lays out a week's lessons by room and by teacher, cancelled and extra ones included", async () => {
    const course = await makeCourse(t, 'Chilonzor', { name: 'Nemis tili A1' });
    const teacher = await makeEmployee(t, 'TEACHER', ['Chilonzor']);
    const room = await makeRoom(t, director, 'Chilonzor');
    // The week of Monday 2031-03-03.
    const g = (
      await t.call('POST', '/api/groups/', {
        token: director,
        body: groupBody({ filial: chilonzor, course: course.id, teacher: teacher.id, room: room.id }, { days: [1, 3, 5], start_time: '10:00', end_time: '11:30' }),
      })
    ).json;
    const [wednesday] = await t.db.select().from(lessons).where(eq(lessons.date, '2031-03-05')).then((rows) => rows.filter((l) => l.groupId === g.id));
    await t.db.update(lessons).set({ status: 'cancelled', reason: 'Bayram' }).where(eq(lessons.id, wednesday.id));
    const [extra] = await t.db
      .insert(lessons)
      .values({ filialId: chilonzor, groupId: g.id, kind: 'extra', date: '2031-03-08', startTime: '12:00', endTime: '13:00', roomId: room.id, teacherId: teacher.id })
      .returning();

    const res = await week(`filial=${chilonzor}&start_date=2031-03-03&view=room`);
    expect(res.status).toBe(200);
    const byRoom = weekSchedule.strict().parse(res.json);
    expect(byRoom.start_date).toBe('2031-03-03');
    expect(byRoom.days).toEqual(['2031-03-03', '2031-03-04', '2031-03-05', '2031-03-06', '2031-03-07', '2031-03-08', '2031-03-09']);
    expect(byRoom.rows).toContainEqual({ id: room.id, name: room.name });
    const mine = byRoom.blocks.filter((b) => b.group?.id === g.id);
    expect(mine.map((b) => [b.date, b.status, b.kind])).toEqual([
      ['2031-03-03', 'planned', 'regular'],
      ['2031-03-05', 'cancelled', 'regular'],
      ['2031-03-07', 'planned', 'regular'],
      ['2031-03-08', 'planned', 'extra'],
    ]);
    expect(mine[0]).toMatchObject({
      group: { id: g.id, name: g.name },
      row_id: room.id,
      start_time: '10:00',
      end_time: '11:30',
      teacher_name: teacher.fullName,
      room_name: room.name,
      course_name: 'Nemis tili A1',
    });
    expect(mine[3].lesson_id).toBe(extra.id);

    const byTeacher = weekSchedule.strict().parse((await week(`filial=${chilonzor}&start_date=2031-03-03&view=teacher`)).json);
    expect(byTeacher.rows).toContainEqual({ id: teacher.id, name: teacher.fullName });
    expect(byTeacher.blocks.filter((b) => b.group?.id === g.id).every((b) => b.row_id === teacher.id)).toBe(true);
    // The week before has none of them.
    const before = weekSchedule.parse((await week(`filial=${chilonzor}&start_date=2031-02-24`)).json);
    expect(before.blocks.some((b) => b.lesson_id === extra.id)).toBe(false);
  });

  it('answers 400 unless start_date is a Monday, and for an unknown view', async () => {
    const tuesday = await week(`filial=${chilonzor}&start_date=2031-03-04`);
    expect(tuesday.status).toBe(400);
    expect(Object.keys(tuesday.json)).toEqual(['start_date']);
    expect(Object.keys((await week(`filial=${chilonzor}`)).json)).toEqual(['start_date']);
    expect(Object.keys((await week(`start_date=2031-03-03&view=month`)).json)).toEqual(['view']);
    expect((await week('start_date=2031-02-30')).status).toBe(400);
  });

  it("shows the demo week: the demo teacher's own lessons only, and 404 for another branch", async () => {
    const monday = mondayOf(centreToday(new Date()));
    const zarina = t.demo('TEACHER');
    const teacher = (await t.signInAs('TEACHER')).access_token;
    const own = weekSchedule.parse((await week(`filial=${chilonzor}&start_date=${monday}&view=teacher`, teacher)).json);
    expect(own.blocks.length).toBeGreaterThan(0);
    expect(own.blocks.every((b) => b.teacher_name === zarina.name && b.row_id === zarina.id)).toBe(true);
    expect(own.rows).toEqual([{ id: zarina.id, name: zarina.name }]);
    const all = weekSchedule.parse((await week(`filial=${chilonzor}&start_date=${monday}`)).json);
    expect(all.blocks.length).toBeGreaterThan(own.blocks.length);
    expect(new Set(all.blocks.map((b) => b.teacher_name)).size).toBeGreaterThan(1);

    expect((await week(`filial=${await t.filialId('Yunusobod')}&start_date=${monday}`, teacher)).status).toBe(404);
    const testolog = (await t.signInAs('TESTOLOG')).access_token;
    expect((await week(`start_date=${monday}`, testolog)).status).toBe(403);
  });
});
