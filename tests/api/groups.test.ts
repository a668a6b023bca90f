// Groups (spec section 7, "Groups"): create, read, update, the list filters, bad input per field, references
// that must belong to the branch, branch scope, and what teachers and assistants may see and do.
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paged } from '../../contract/common';
import { group, groupSchedule } from '../../contract/groups';
import { employees, groups, lessons, studentGroups, students } from '../../server/db/schema';
import { backends, useTestApp } from './harness';
import { groupBody, makeCourse, makeEmployee, makeRoom, unique } from './groupsSupport';

describe.each(backends())('groups on %s', (backend) => {
  const t = useTestApp(backend);
  let director: string;
  let chilonzor: number;
  let course: Awaited<ReturnType<typeof makeCourse>>;
  const base = async (over: { room?: number; teacher?: number } = {}) => ({
    filial: chilonzor,
    course: course.id,
    // A fresh teacher and room per group, so groups of different tests never clash.
    teacher: over.teacher ?? (await makeEmployee(t, 'TEACHER', ['Chilonzor'])).id,
    room: over.room ?? (await makeRoom(t, director, 'Chilonzor')).id,
  });
  const create = async (body: object, token = director) => t.call('POST', '/api/groups/', { token, body });

  beforeAll(async () => {
    director = (await t.signInAs('DIRECTOR')).access_token;
    chilonzor = await t.filialId('Chilonzor');
    course = await makeCourse(t, 'Chilonzor', { price: '450000.00' });
  });

  it('creates a group (201) with the course price, a planned status, its lessons and an audit entry', async () => {
    const body = groupBody(await base(), { days: [5, 1, 3] });
    const res = await create(body);
    expect(res.status).toBe(201);
    const g = group.strict().parse(res.json);
    expect(g).toMatchObject({
      filial: chilonzor,
      filial_name: 'Chilonzor',
      name: body.name,
      course: { id: course.id, name: course.name, subject_id: course.subjectId, level_id: course.levelId, level_name: 'B1' },
      teacher: { id: body.teacher },
      assistant: null,
      room: { id: body.room },
      days: [1, 3, 5],
      start_time: '14:00',
      end_time: '15:30',
      start_date: '2031-01-06',
      end_date: '2031-03-31',
      price: '450000.00',
      status: 'planned',
      is_secondary: false,
      parent_group: null,
      students_count: 0,
    });
    const created = await t.lastAudit('group.create', g.id);
    expect(created).toMatchObject({ actorId: t.demo('DIRECTOR').id, filialId: chilonzor });
    const rows = await t.db.select().from(lessons).where(eq(lessons.groupId, g.id));
    // 2031-01-06 is a Monday; 12 weeks and a Monday (31 March) of Mon/Wed/Fri.
    expect(rows).toHaveLength(37);
    expect(rows.every((l) => l.kind === 'regular' && l.status === 'planned' && l.roomId === body.room && l.teacherId === body.teacher)).toBe(true);
  });

  it('reads one group and its schedule, with and without the trailing slash', async () => {
    const g = (await create(groupBody(await base(), { price: '300000.5' }))).json;
    expect(g.price).toBe('300000.50');
    const one = await t.call('GET', `/api/groups/${g.id}/`, { token: director });
    expect(group.strict().parse(one.json)).toEqual(g);
    expect((await t.call('GET', `/api/groups/${g.id}`, { token: director })).json).toEqual(g);
    const schedule = groupSchedule.strict().parse((await t.call('GET', `/api/groups/${g.id}/schedule/`, { token: director })).json);
    expect(schedule).toMatchObject({ id: g.id, days: [1, 3, 5], start_time: '14:00', end_time: '15:30' });
    expect(schedule.lessons[0]).toMatchObject({ date: '2031-01-06', kind: 'regular', status: 'planned', room: { id: g.room.id } });
    expect(schedule.lessons.map((l) => l.date)).toEqual([...schedule.lessons.map((l) => l.date)].sort());
    expect((await t.call('GET', '/api/groups/987654/', { token: director })).status).toBe(404);
    expect((await t.call('GET', '/api/groups/0/', { token: director })).status).toBe(400);
  });

  it('updates with PUT and PATCH (name only keeps the rest; lessons follow a new schedule) and audits', async () => {
    const g = (await create(groupBody(await base()))).json;
    const newRoom = await makeRoom(t, director, 'Chilonzor');
    const put = await t.call('PUT', `/api/groups/${g.id}/`, {
      token: director,
      body: groupBody(await base({ room: newRoom.id }), { name: unique('Yangi'), days: [2, 4], start_time: '16:00', end_time: '17:00', price: '500000' }),
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ room: { id: newRoom.id }, days: [2, 4], start_time: '16:00', end_time: '17:00', price: '500000.00' });
    const audit = await t.lastAudit('group.update', g.id);
    expect(audit?.before).toMatchObject({ days: [1, 3, 5], roomId: g.room.id });
    expect(audit?.after).toMatchObject({ days: [2, 4], roomId: newRoom.id });
    const rows = await t.db.select().from(lessons).where(eq(lessons.groupId, g.id));
    expect(rows.every((l) => l.roomId === newRoom.id && l.startTime.startsWith('16:00'))).toBe(true);
    expect(rows.map((l) => new Date(`${l.date}T00:00:00Z`).getUTCDay()).every((d) => d === 2 || d === 4)).toBe(true);

    const name = unique('Faqat nom');
    const patch = await t.call('PATCH', `/api/groups/${g.id}`, { token: director, body: { name } });
    expect(patch.status).toBe(200);
    expect(patch.json).toEqual({ ...put.json, name });
    // PUT and PATCH /groups/ name the group by ?id= or a body id.
    const byQuery = await t.call('PATCH', `/api/groups/?id=${g.id}`, { token: director, body: { status: 'active' } });
    expect(byQuery.json.status).toBe('active');
    const byBody = await t.call('PUT', '/api/groups/', { token: director, body: { ...groupBody(await base({ room: newRoom.id }), { name }), id: g.id } });
    expect(byBody.status).toBe(200);
    expect(byBody.json).toMatchObject({ id: g.id, days: [1, 3, 5] });
    expect((await t.call('PATCH', '/api/groups/', { token: director, body: { name: 'x' } })).json).toHaveProperty('id');
  });

  it('answers 400 per field for bad input', async () => {
    const b = await base();
    const bad = await create({ ...groupBody(b), days: [0, 8], start_time: '09:15', end_time: '24:00', start_date: '2031-02-30', price: 'free', status: 'open' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['days', 'end_time', 'price', 'start_date', 'start_time', 'status']);
    const order = await create(groupBody(b, { start_time: '15:00', end_time: '15:00', start_date: '2031-05-01', end_date: '2031-04-01' }));
    expect(Object.keys(order.json).sort()).toEqual(['end_date', 'end_time']);
    const repeated = await create(groupBody(b, { days: [1, 1] }));
    expect(Object.keys(repeated.json)).toEqual(['days']);
    expect(Object.keys((await create(groupBody(b, { days: [] }))).json)).toEqual(['days']);
    const tooLong = await create(groupBody(b, { start_date: '2031-01-01', end_date: '2033-01-02' }), director);
    expect(Object.keys(tooLong.json)).toEqual(['end_date']);
    expect((await create(groupBody(b, { start_date: '2031-01-01', end_date: '2033-01-01' }))).status).toBe(201);
    const empty = await create({});
    expect(Object.keys(empty.json).sort()).toEqual(['course', 'days', 'end_date', 'end_time', 'filial', 'name', 'room', 'start_date', 'start_time', 'teacher']);
    const en = await t.call('POST', '/api/groups/', { token: director, body: groupBody(b, { end_time: '13:00' }), headers: { 'accept-language': 'en' } });
    expect(en.json.end_time).toHaveLength(1);
    const patch = await t.call('PATCH', `/api/groups/${(await create(groupBody(await base()))).json.id}/`, { token: director, body: { end_date: '2030-01-01' } });
    expect(patch.status).toBe(400);
    expect(Object.keys(patch.json)).toEqual(['end_date']);
    expect((await t.call('GET', '/api/groups/?page_size=101', { token: director })).status).toBe(400);
  });

  it('requires the course, room, teacher and assistant to belong to the branch', async () => {
    const b = await base();
    const otherCourse = await makeCourse(t, 'Yunusobod');
    const otherRoom = await makeRoom(t, director, 'Yunusobod');
    const yunusobodTeacher = await makeEmployee(t, 'TEACHER', ['Yunusobod']);
    const accountant = await makeEmployee(t, 'ACCOUNTING', ['Chilonzor']);
    const res = await create(groupBody(b, { course: otherCourse.id, room: otherRoom.id, teacher: yunusobodTeacher.id, assistant: accountant.id }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.json).sort()).toEqual(['assistant', 'course', 'room', 'teacher']);

    const archived = await makeEmployee(t, 'TEACHER', ['Chilonzor']);
    await t.db.update(employees).set({ isArchived: true }).where(eq(employees.id, archived.id));
    expect(Object.keys((await create(groupBody(b, { teacher: archived.id }))).json)).toEqual(['teacher']);
    expect(Object.keys((await create(groupBody(b, { assistant: b.teacher }))).json)).toEqual(['assistant']);
    expect(Object.keys((await create(groupBody(b, { course: 987654 }))).json)).toEqual(['course']);

    // An employee without branches works in every branch; a head teacher may lead, a teacher may assist.
    const everywhere = await makeEmployee(t, 'HEAD_TEACHER', []);
    const helper = await makeEmployee(t, 'TEACHER', ['Chilonzor', 'Yunusobod']);
    const ok = await create(groupBody(b, { teacher: everywhere.id, assistant: helper.id }));
    expect(ok.status).toBe(201);
    expect(ok.json.assistant).toEqual({ id: helper.id, full_name: helper.fullName });
  });

  it('filters the list by teacher, subject, level, course, student, status and name, and pages up to 100', async () => {
    const other = await makeCourse(t, 'Chilonzor');
    const otherTeacher = await makeEmployee(t, 'TEACHER', ['Chilonzor']);
    const tag = unique('Filtr');
    const a = (await create(groupBody(await base(), { name: `${tag} A` }))).json;
    const b = (await create(groupBody({ ...(await base({ teacher: otherTeacher.id })), course: other.id }, { name: `${tag} B`, status: 'active' }))).json;
    const [student] = await t.db.insert(students).values({ filialId: chilonzor, fullName: 'Ali Valiyev', phone: '+998901112233' }).returning();
    // From the group's first lesson (6 January): the header counts the roster of the next lesson.
    await t.db.insert(studentGroups).values({ studentId: student.id, groupId: b.id, joinedOn: '2031-01-06' });
    await t.db.insert(studentGroups).values({ studentId: student.id, groupId: a.id, joinedOn: '2031-01-10', leftOn: '2031-01-20' });

    const ids = async (query: string, path = '/api/groups/') => {
      const res = await t.call('GET', `${path}?${query}`, { token: director });
      expect(res.status, query).toBe(200);
      return paged(group.strict()).parse(res.json).results.map((g) => g.id);
    };
    expect(await ids(`q=${encodeURIComponent(tag)}`)).toEqual([a.id, b.id]);
    expect(await ids(`q=${encodeURIComponent(tag)}&teacher__id=${otherTeacher.id}`)).toEqual([b.id]);
    expect(await ids(`q=${encodeURIComponent(tag)}&course__subject__id=${course.subjectId}`)).toEqual([a.id]);
    expect(await ids(`q=${encodeURIComponent(tag)}&course__level__id=${other.levelId}`)).toEqual([b.id]);
    expect(await ids(`q=${encodeURIComponent(tag)}&status=active`)).toEqual([b.id]);
    expect(await ids(`student=${student.id}&filial=${chilonzor}&page=1&page_size=100`)).toEqual([b.id]);
    expect(await ids(`q=${encodeURIComponent(tag)}&teacher__id=&status=`, '/api/api/v2/groups/')).toEqual([a.id, b.id]);
    expect((await t.call('GET', `/api/groups/${b.id}/`, { token: director })).json.students_count).toBe(1);

    const plain = (await t.call('GET', `/api/groups/no-pg/?filial=${chilonzor}&subject=${other.subjectId}`, { token: director })).json;
    expect(plain.map((g: { id: number }) => g.id)).toEqual([b.id]);
    const byCourse = (await t.call('GET', `/api/groups/no-pg?course=${course.id}`, { token: director })).json;
    expect(byCourse.map((g: { id: number }) => g.id)).toContain(a.id);
    expect(byCourse.every((g: { course: { id: number } }) => g.course.id === course.id)).toBe(true);

    const page = (await t.call('GET', `/api/groups/?filial=${chilonzor}&page_size=2`, { token: director })).json;
    expect(page.results).toHaveLength(2);
    const [{ n }] = await t.db.select({ n: count() }).from(groups).where(and(eq(groups.filialId, chilonzor), eq(groups.isSecondary, false)));
    expect(page.count).toBe(n);
  });

  it('lists the weekdays', async () => {
    const res = await t.call('GET', '/api/groups/days/no-pg', { token: director });
    expect(res.json).toEqual([
      { id: 1, name: 'monday' }, { id: 2, name: 'tuesday' }, { id: 3, name: 'wednesday' }, { id: 4, name: 'thursday' },
      { id: 5, name: 'friday' }, { id: 6, name: 'saturday' }, { id: 7, name: 'sunday' },
    ]);
  });

  it('keeps other branches out of reach (404) for a one-branch administrator', async () => {
    const yCourse = await makeCourse(t, 'Yunusobod');
    const yTeacher = await makeEmployee(t, 'TEACHER', ['Yunusobod']);
    const yRoom = await makeRoom(t, director, 'Yunusobod');
    const yunusobod = await t.filialId('Yunusobod');
    const yGroup = (await create(groupBody({ filial: yunusobod, course: yCourse.id, teacher: yTeacher.id, room: yRoom.id }))).json;
    expect(yGroup.id).toBeGreaterThan(0);
    const admin = (await t.signInAs('ADMINISTRATOR')).access_token;
    expect((await t.call('GET', `/api/groups/${yGroup.id}/`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/api/groups/${yGroup.id}/schedule`, { token: admin })).status).toBe(404);
    expect((await t.call('PATCH', `/api/groups/${yGroup.id}/`, { token: admin, body: { name: 'x' } })).status).toBe(404);
    expect((await t.call('GET', `/api/groups/?filial=${yunusobod}`, { token: admin })).status).toBe(404);
    const list = (await t.call('GET', '/api/groups/?page_size=100', { token: admin })).json;
    expect(list.results.every((g: { filial: number }) => g.filial === chilonzor)).toBe(true);
    const post = await create(groupBody({ filial: yunusobod, course: yCourse.id, teacher: yTeacher.id, room: yRoom.id }), admin);
    expect(post.status).toBe(404);
    // Moving a Chilonzor group to Yunusobod is just as out of reach.
    const own = (await create(groupBody(await base()))).json;
    expect((await t.call('PATCH', `/api/groups/${own.id}/`, { token: admin, body: { filial: yunusobod } })).status).toBe(404);
  });

  it('shows teachers and assistants only their own groups and lets neither write', async () => {
    const zarina = t.demo('TEACHER');
    const hers = (await create(groupBody(await base({ teacher: zarina.id }), { start_date: '2032-01-05', end_date: '2032-02-05' }))).json;
    const notHers = (await create(groupBody(await base()))).json;
    const teacher = (await t.signInAs('TEACHER')).access_token;
    const list = (await t.call('GET', '/api/groups/?page_size=100', { token: teacher })).json;
    expect(list.results.map((g: { id: number }) => g.id)).toContain(hers.id);
    expect(list.results.every((g: { teacher: { id: number }; assistant: { id: number } | null }) => g.teacher.id === zarina.id || g.assistant?.id === zarina.id)).toBe(true);
    expect((await t.call('GET', `/api/groups/${hers.id}/`, { token: teacher })).status).toBe(200);
    expect((await t.call('GET', `/api/groups/${notHers.id}/`, { token: teacher })).status).toBe(404);
    expect((await create(groupBody(await base({ teacher: zarina.id })), teacher)).status).toBe(403);
    expect((await t.call('PATCH', `/api/groups/${hers.id}/`, { token: teacher, body: { name: 'x' } })).status).toBe(403);

    // The demo assistant works in Yunusobod and sees the group they assist.
    const yCourse = await makeCourse(t, 'Yunusobod');
    const yTeacher = await makeEmployee(t, 'TEACHER', ['Yunusobod']);
    const yRoom = await makeRoom(t, director, 'Yunusobod');
    const assisted = await create(
      groupBody({ filial: await t.filialId('Yunusobod'), course: yCourse.id, teacher: yTeacher.id, room: yRoom.id }, { assistant: t.demo('ASSISTANT').id }),
    );
    expect(assisted.status).toBe(201);
    const assistant = (await t.signInAs('ASSISTANT')).access_token;
    const theirs = (await t.call('GET', '/api/groups/?page_size=100', { token: assistant })).json.results.map((g: { id: number }) => g.id);
    expect(theirs).toContain(assisted.json.id);
    expect(theirs).not.toContain(notHers.id);

    const testolog = (await t.signInAs('TESTOLOG')).access_token;
    expect((await t.call('GET', '/api/groups/', { token: testolog })).status).toBe(403);
  });

  it('regenerates lessons when a group is archived: the ones still to come go', async () => {
    const g = (await create(groupBody(await base()))).json;
    const res = await t.call('PATCH', `/api/groups/${g.id}/`, { token: director, body: { status: 'archived' } });
    expect(res.json.status).toBe('archived');
    expect(await t.lastAudit('group.archive', g.id)).toBeDefined();
    const left = await t.db.select().from(lessons).where(and(eq(lessons.groupId, g.id), eq(lessons.status, 'planned')));
    expect(left).toEqual([]);
    const stored = await t.db.select().from(groups).where(eq(groups.id, g.id));
    expect(stored[0].status).toBe('archived');
  });
});
