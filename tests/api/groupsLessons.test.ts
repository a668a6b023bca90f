// Regular lessons follow the group's schedule: generated on create, regenerated on a schedule change from today
// on, keeping held, cancelled, moved and marked lessons and everything in the past.
import { and, asc, eq, lt } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendance, lessons, students } from '../../server/db/schema';
import { regenerateLessons } from '../../server/domain/groups/lessonsGenerate';
import { addDays, centreToday, lessonDates } from '../../server/domain/lessons/dates';
import { backends, useTestApp } from './harness';
import { groupBody, makeCourse, makeEmployee, makeRoom } from './groupsSupport';

describe.each(backends())('lesson generation on %s', (backend) => {
  const t = useTestApp(backend);
  let director: string;
  let chilonzor: number;
  let courseId: number;
  const base = async () => ({
    filial: chilonzor,
    course: courseId,
    teacher: (await makeEmployee(t, 'TEACHER', ['Chilonzor'])).id,
    room: (await makeRoom(t, director, 'Chilonzor')).id,
  });
  const create = async (over: object = {}) => {
    const res = await t.call('POST', '/api/groups/', { token: director, body: groupBody(await base(), over) });
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
    return res.json as { id: number; room: { id: number }; teacher: { id: number } };
  };
  const datesOf = async (groupId: number) =>
    (await t.db.select({ date: lessons.date }).from(lessons).where(and(eq(lessons.groupId, groupId), eq(lessons.kind, 'regular'))).orderBy(asc(lessons.date))).map(
      (r) => r.date,
    );

  beforeAll(async () => {
    director = (await t.signInAs('DIRECTOR')).access_token;
    chilonzor = await t.filialId('Chilonzor');
    courseId = (await makeCourse(t, 'Chilonzor')).id;
  });

  it('creates one lesson per scheduled day across month ends and a leap day', async () => {
    // February 2032 has 29 days; 2032-02-29 is a Sunday.
    const g = await create({ days: [2, 7], start_date: '2032-01-25', end_date: '2032-03-02' });
    const dates = await datesOf(g.id);
    expect(dates).toEqual(lessonDates('2032-01-25', '2032-03-02', [2, 7]));
    expect(dates).toContain('2032-02-29');
    expect(dates[0]).toBe('2032-01-25');
    expect(dates.at(-1)).toBe('2032-03-02');
    expect(dates).toHaveLength(12); // six Sundays (25 Jan .. 29 Feb) and six Tuesdays (27 Jan .. 2 Mar)
  });

  it('regenerates on a change of days and times, keeping held, cancelled, moved and marked lessons', async () => {
    const g = await create({ days: [1, 3, 5], start_date: '2031-09-01', end_date: '2031-09-30' });
    const rows = await t.db.select().from(lessons).where(eq(lessons.groupId, g.id)).orderBy(asc(lessons.date));
    const [held, cancelled, moved, marked] = rows;
    await t.db.update(lessons).set({ status: 'held' }).where(eq(lessons.id, held.id));
    await t.db.update(lessons).set({ status: 'cancelled', reason: 'Bayram' }).where(eq(lessons.id, cancelled.id));
    // Moved from its Friday to the Saturday after.
    await t.db.update(lessons).set({ date: addDays(moved.date, 1), movedFromDate: moved.date }).where(eq(lessons.id, moved.id));
    const [student] = await t.db.insert(students).values({ filialId: chilonzor, fullName: 'Olim Karimov', phone: '+998907776655' }).returning();
    await t.db.insert(attendance).values({ lessonId: marked.id, studentId: student.id, status: 'present' });

    const res = await t.call('PATCH', `/api/groups/${g.id}/`, { token: director, body: { days: [2, 4], start_time: '16:00', end_time: '17:30' } });
    expect(res.status).toBe(200);
    const after = await t.db.select().from(lessons).where(eq(lessons.groupId, g.id)).orderBy(asc(lessons.date));
    const byId = new Map(after.map((l) => [l.id, l]));
    expect(byId.get(held.id)).toMatchObject({ status: 'held', date: held.date, startTime: held.startTime });
    expect(byId.get(cancelled.id)).toMatchObject({ status: 'cancelled', date: cancelled.date });
    expect(byId.get(moved.id)).toMatchObject({ movedFromDate: moved.date });
    expect(byId.get(marked.id)).toMatchObject({ date: marked.date });
    const fresh = after.filter((l) => ![held.id, cancelled.id, moved.id, marked.id].includes(l.id));
    expect(fresh.map((l) => l.date)).toEqual(lessonDates('2031-09-01', '2031-09-30', [2, 4]));
    expect(fresh.every((l) => l.startTime.startsWith('16:00') && l.endTime.startsWith('17:30') && l.status === 'planned')).toBe(true);
  });

  it('keeps lessons that still fit (same ids) and follows a change of room and teacher', async () => {
    const g = await create({ days: [1, 3], start_date: '2031-10-06', end_date: '2031-10-31' });
    const before = await t.db.select().from(lessons).where(eq(lessons.groupId, g.id)).orderBy(asc(lessons.date));
    const room = await makeRoom(t, director, 'Chilonzor');
    const teacher = await makeEmployee(t, 'TEACHER', ['Chilonzor']);
    const res = await t.call('PATCH', `/api/groups/${g.id}/`, { token: director, body: { room: room.id, teacher: teacher.id, days: [1, 3, 5] } });
    expect(res.status).toBe(200);
    const after = await t.db.select().from(lessons).where(eq(lessons.groupId, g.id)).orderBy(asc(lessons.date));
    expect(after).toHaveLength(12);
    // The Monday and Wednesday lessons are the same rows, moved to the new room and teacher.
    expect(after.filter((l) => before.some((b) => b.id === l.id))).toHaveLength(before.length);
    expect(after.every((l) => l.roomId === room.id && l.teacherId === teacher.id)).toBe(true);
    // Shortening the dates drops what falls outside; a second identical update changes nothing.
    await t.call('PATCH', `/api/groups/${g.id}/`, { token: director, body: { end_date: '2031-10-15' } });
    expect(await datesOf(g.id)).toEqual(lessonDates('2031-10-06', '2031-10-15', [1, 3, 5]));
    const ids = (await t.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.groupId, g.id))).map((r) => r.id).sort();
    await t.call('PUT', `/api/groups/${g.id}/`, {
      token: director,
      body: groupBody({ filial: chilonzor, course: courseId, teacher: teacher.id, room: room.id }, { name: 'Bir xil', days: [1, 3, 5], start_date: '2031-10-06', end_date: '2031-10-15' }),
    });
    expect((await t.db.select({ id: lessons.id }).from(lessons).where(eq(lessons.groupId, g.id))).map((r) => r.id).sort()).toEqual(ids);
  });

  it('leaves lessons before today alone and is idempotent when called again', async () => {
    const today = centreToday(new Date());
    const start = addDays(today, -21);
    const g = await create({ days: [1, 2, 3, 4, 5, 6, 7], start_date: start, end_date: addDays(today, 20), start_time: '22:00', end_time: '23:00' });
    expect(await datesOf(g.id)).toHaveLength(42);
    const res = await t.call('PATCH', `/api/groups/${g.id}/`, { token: director, body: { days: [6], start_time: '22:30', end_time: '23:30' } });
    expect(res.status).toBe(200);
    const past = await t.db.select().from(lessons).where(and(eq(lessons.groupId, g.id), lt(lessons.date, today)));
    expect(past).toHaveLength(21);
    expect(past.every((l) => l.startTime.startsWith('22:00'))).toBe(true);
    const future = (await datesOf(g.id)).filter((d) => d >= today);
    expect(future).toEqual(lessonDates(today, addDays(today, 20), [6]));

    const stored = { id: g.id, filialId: chilonzor, roomId: g.room.id, teacherId: g.teacher.id, days: [6], startTime: '22:30', endTime: '23:30', startDate: start, endDate: addDays(today, 20), status: 'active' as const };
    const again = await t.db.transaction((tx) => regenerateLessons(tx, stored, today, null));
    expect(again).toEqual({ added: 0, removed: 0, updated: 0 });
  });

  it('lists the lessons still to come in the group schedule', async () => {
    const today = centreToday(new Date());
    const g = await create({ days: [1, 2, 3, 4, 5, 6, 7], start_date: addDays(today, -3), end_date: addDays(today, 3), start_time: '21:00', end_time: '22:00' });
    const schedule = (await t.call('GET', `/api/groups/${g.id}/schedule`, { token: director })).json;
    expect(schedule.lessons.map((l: { date: string }) => l.date)).toEqual(lessonDates(today, addDays(today, 3), [1, 2, 3, 4, 5, 6, 7]));
  });
});
