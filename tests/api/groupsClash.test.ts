// Schedule clashes (spec section 5): a room or a person never holds two running groups or lessons at once.
// 409 names the group in the way; touching slots, other days, other dates and closed groups do not clash;
// two concurrent creates for one room leave exactly one winner; the scheduling assistant shows the same clashes.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { availability, clashError } from '../../contract/groups';
import { lessons } from '../../server/db/schema';
import { findDateClash, findScheduleClash } from '../../server/domain/groups/conflicts';
import { backends, useTestApp } from './harness';
import { groupBody, makeCourse, makeEmployee, makeRoom } from './groupsSupport';

describe.each(backends())('schedule clashes on %s', (backend) => {
  const t = useTestApp(backend);
  let director: string;
  let chilonzor: number;
  let courseId: number;
  const teacher = async () => (await makeEmployee(t, 'TEACHER', ['Chilonzor'])).id;
  const room = async () => (await makeRoom(t, director, 'Chilonzor')).id;
  const create = (body: object) => t.call('POST', '/api/groups/', { token: director, body, headers: { 'accept-language': 'en' } });
  const base = async (over: { room?: number; teacher?: number } = {}) => ({
    filial: chilonzor,
    course: courseId,
    teacher: over.teacher ?? (await teacher()),
    room: over.room ?? (await room()),
  });

  beforeAll(async () => {
    director = (await t.signInAs('DIRECTOR')).access_token;
    chilonzor = await t.filialId('Chilonzor');
    courseId = (await makeCourse(t, 'Chilonzor')).id;
  });

  it('answers 409 naming the group when the room is taken', async () => {
    const r = await room();
    const first = (await create(groupBody(await base({ room: r }), { days: [1, 3], start_time: '14:00', end_time: '15:30' }))).json;
    const res = await create(groupBody(await base({ room: r }), { days: [3, 5], start_time: '15:00', end_time: '16:00' }));
    expect(res.status).toBe(409);
    const body = clashError.strict().parse(res.json);
    expect(body.conflict).toEqual({ kind: 'room', group: { id: first.id, name: first.name }, days: [1, 3], start_time: '14:00', end_time: '15:30' });
    expect(body.detail).toContain(first.name);
    expect(body.detail).toMatch(/room/i);
  });

  it('answers 409 when the teacher or the assistant is already busy elsewhere', async () => {
    const person = await teacher();
    const first = (await create(groupBody(await base({ teacher: person }), { days: [2], start_time: '10:00', end_time: '12:00' }))).json;
    const sameTeacher = await create(groupBody(await base({ teacher: person }), { days: [2, 4], start_time: '11:30', end_time: '13:00' }));
    expect(sameTeacher.status).toBe(409);
    expect(sameTeacher.json.conflict).toMatchObject({ kind: 'teacher', group: { id: first.id, name: first.name } });
    expect(sameTeacher.json.detail).toContain(first.name);
    // The busy teacher as someone else's assistant is the same person in two places.
    const asAssistant = await create(groupBody(await base(), { assistant: person, days: [2], start_time: '09:00', end_time: '10:30' }));
    expect(asAssistant.status).toBe(409);
    expect(asAssistant.json.conflict.kind).toBe('teacher');
    // A group whose assistant is busy blocks that assistant as a teacher too.
    const helper = await teacher();
    await create(groupBody(await base(), { assistant: helper, days: [6], start_time: '12:00', end_time: '13:00' }));
    const helperLeads = await create(groupBody(await base({ teacher: helper }), { days: [6], start_time: '12:30', end_time: '14:00' }));
    expect(helperLeads.status).toBe(409);
  });

  it('lets slots that only touch, other days, other dates and closed groups pass', async () => {
    const r = await room();
    const person = await teacher();
    const first = (await create(groupBody(await base({ room: r, teacher: person }), { days: [1, 3], start_time: '14:00', end_time: '15:30' }))).json;
    const touching = await create(groupBody(await base({ room: r, teacher: person }), { days: [1, 3], start_time: '15:30', end_time: '17:00' }));
    expect(touching.status).toBe(201);
    const before = await create(groupBody(await base({ room: r, teacher: person }), { days: [1], start_time: '12:00', end_time: '14:00' }));
    expect(before.status).toBe(201);
    const otherDays = await create(groupBody(await base({ room: r, teacher: person }), { days: [2, 4], start_time: '14:00', end_time: '15:30' }));
    expect(otherDays.status).toBe(201);
    const laterTerm = await create(groupBody(await base({ room: r, teacher: person }), { start_date: '2031-04-01', end_date: '2031-06-30', days: [1, 3], start_time: '14:00', end_time: '15:30' }));
    expect(laterTerm.status).toBe(201);
    // First ends 31 March; a term starting that day overlaps it.
    const sameLastDay = await create(groupBody(await base({ room: r }), { start_date: '2031-03-31', end_date: '2031-04-01', days: [1], start_time: '14:00', end_time: '15:00' }));
    expect(sameLastDay.status).toBe(409);
    // Finishing the first group frees its slot.
    await t.call('PATCH', `/api/groups/${first.id}/`, { token: director, body: { status: 'finished' } });
    const again = await create(groupBody(await base({ room: r }), { days: [3], start_time: '14:30', end_time: '15:30', end_date: '2031-03-01' }));
    expect(again.status).toBe(201);
    // Reopening the finished group now clashes with the new one.
    const reopen = await t.call('PATCH', `/api/groups/${first.id}/`, { token: director, body: { status: 'active' } });
    expect(reopen.status).toBe(409);
    expect(reopen.json.conflict.group.id).toBe(again.json.id);
  });

  it('checks clashes again when an update moves the group, but not against itself', async () => {
    const r = await room();
    const a = (await create(groupBody(await base({ room: r }), { days: [4], start_time: '18:00', end_time: '19:00' }))).json;
    const b = (await create(groupBody(await base(), { days: [4], start_time: '18:00', end_time: '19:00' }))).json;
    const self = await t.call('PATCH', `/api/groups/${a.id}/`, { token: director, body: { start_time: '18:30', end_time: '19:30' } });
    expect(self.status).toBe(200);
    const moved = await t.call('PATCH', `/api/groups/${b.id}/`, { token: director, body: { room: r } });
    expect(moved.status).toBe(409);
    expect(moved.json.conflict).toMatchObject({ kind: 'room', group: { id: a.id } });
    // Nothing was written: b keeps its room and its lessons.
    const stored = (await t.call('GET', `/api/groups/${b.id}/`, { token: director })).json;
    expect(stored.room.id).toBe(b.room.id);
    const rows = await t.db.select().from(lessons).where(eq(lessons.groupId, b.id));
    expect(rows.every((l) => l.roomId === b.room.id)).toBe(true);
  });

  it('counts one-off lessons: an extra lesson in the room blocks a weekly slot, and findDateClash sees both', async () => {
    const r = await room();
    const person = await teacher();
    // An extra lesson on Tuesday 14 January 2031, 10:00-11:00.
    const [extra] = await t.db
      .insert(lessons)
      .values({ filialId: chilonzor, kind: 'extra', date: '2031-01-14', startTime: '10:00', endTime: '11:00', roomId: r, teacherId: person })
      .returning();
    const res = await create(groupBody(await base({ room: r }), { days: [2], start_time: '09:30', end_time: '10:30' }));
    expect(res.status).toBe(409);
    expect(res.json.conflict).toEqual({ kind: 'room', group: null, days: [2], start_time: '10:00', end_time: '11:00', lesson: { id: extra.id, date: '2031-01-14' } });

    const g = (await create(groupBody(await base({ room: r, teacher: person }), { days: [3], start_time: '16:00', end_time: '17:00' }))).json;
    const onWednesday = { roomId: r, teacherIds: [], date: '2031-01-15', startTime: '16:30', endTime: '17:30' };
    expect(await findDateClash(t.db, onWednesday)).toMatchObject({ kind: 'room', group: { id: g.id } });
    expect(await findDateClash(t.db, { ...onWednesday, roomId: await room(), teacherIds: [person] })).toMatchObject({ kind: 'teacher', group: { id: g.id } });
    expect(await findDateClash(t.db, { ...onWednesday, startTime: '17:00', endTime: '18:00' })).toBeNull();
    expect(await findDateClash(t.db, { ...onWednesday, date: '2031-01-16' })).toBeNull();
    expect(await findDateClash(t.db, { ...onWednesday, date: '2031-04-02' })).toBeNull();
    expect(await findDateClash(t.db, { ...onWednesday, date: '2031-01-14', startTime: '10:30', endTime: '12:00' })).toMatchObject({ lesson: { id: extra.id } });
    expect(await findDateClash(t.db, { ...onWednesday, date: '2031-01-14', startTime: '10:30', endTime: '12:00', excludeLessonId: extra.id })).toBeNull();
    // The group's lesson that day cancelled: the slot is free that day only.
    await t.db.update(lessons).set({ status: 'cancelled' }).where(eq(lessons.groupId, g.id)).returning();
    const [one] = await t.db.select().from(lessons).where(eq(lessons.groupId, g.id)).limit(1);
    expect(await findDateClash(t.db, { ...onWednesday, date: one.date })).toBeNull();
    expect(
      await findScheduleClash(t.db, { filialId: chilonzor, roomId: r, teacherIds: [], days: [3], startTime: '16:00', endTime: '16:30', startDate: '2031-01-01', endDate: '2031-12-31' }),
    ).toMatchObject({ group: { id: g.id } });
  });

  it('lets exactly one of two concurrent creates for the same room through (one 201, one 409)', async () => {
    for (let round = 0; round < 3; round++) {
      const r = await room();
      const [one, two] = await Promise.all([base({ room: r }), base({ room: r })]);
      const results = await Promise.all([
        create(groupBody(one, { days: [7], start_time: '10:00', end_time: '11:00' })),
        create(groupBody(two, { days: [7], start_time: '10:30', end_time: '11:30' })),
      ]);
      expect(results.map((res) => res.status).sort(), `round ${round}`).toEqual([201, 409]);
    }
    // The same for one teacher in two rooms.
    const person = await teacher();
    const [one, two] = await Promise.all([base({ teacher: person }), base({ teacher: person })]);
    const results = await Promise.all([
      create(groupBody(one, { days: [6], start_time: '20:00', end_time: '21:00' })),
      create(groupBody(two, { days: [6], start_time: '20:00', end_time: '21:00' })),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([201, 409]);
  });

  it('lists every active room and teacher of the branch as free or with its clash', async () => {
    const r = await room();
    const person = await teacher();
    const g = (await create(groupBody(await base({ room: r, teacher: person }), { days: [1, 3], start_time: '19:00', end_time: '20:30' }))).json;
    const q = `filial=${chilonzor}&days=3,5&start_time=20:00&end_time=21:00&start_date=2031-02-01&end_date=2031-05-01`;
    const res = await t.call('GET', `/api/groups/availability?${q}`, { token: director });
    expect(res.status).toBe(200);
    const a = availability.strict().parse(res.json);
    const busyRoom = a.rooms.find((x) => x.id === r)!;
    expect(busyRoom).toMatchObject({ free: false, clash: { kind: 'room', group: { id: g.id, name: g.name }, days: [1, 3], start_time: '19:00', end_time: '20:30' } });
    expect(a.rooms.some((x) => x.free)).toBe(true);
    const busyTeacher = a.teachers.find((x) => x.id === person)!;
    expect(busyTeacher).toMatchObject({ role: 'TEACHER', free: false, clash: { kind: 'teacher', group: { id: g.id } } });
    // Yunusobod-only teachers are not offered; the demo Chilonzor teacher is.
    expect(a.teachers.some((x) => x.id === t.demo('TEACHER').id)).toBe(true);
    expect(a.teachers.some((x) => x.id === t.demo('ASSISTANT').id)).toBe(false);

    const editing = availability.parse((await t.call('GET', `/api/groups/availability/?${q}&exclude_group=${g.id}`, { token: director })).json);
    expect(editing.rooms.find((x) => x.id === r)).toMatchObject({ free: true });
    expect(editing.rooms.find((x) => x.id === r)).not.toHaveProperty('clash');
    const touching = availability.parse(
      (await t.call('GET', `/api/groups/availability?${q.replace('start_time=20:00', 'start_time=20:30')}`, { token: director })).json,
    );
    expect(touching.rooms.find((x) => x.id === r)?.free).toBe(true);

    const bad = await t.call('GET', '/api/groups/availability?days=9&start_time=25:00', { token: director });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['days', 'end_date', 'end_time', 'filial', 'start_date', 'start_time']);
    const admin = (await t.signInAs('ADMINISTRATOR')).access_token;
    const elsewhere = await t.call('GET', `/api/groups/availability?${q.replace(`filial=${chilonzor}`, `filial=${await t.filialId('Yunusobod')}`)}`, { token: admin });
    expect(elsewhere.status).toBe(404);
  });
});
