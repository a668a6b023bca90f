// Lessons: the list with attendance counts, one lesson with its roster by membership dates, cancelling,
// moving (history kept, clashes refused) and extra lessons for a group or for chosen students.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonDetail, lessonItem, lessonPage } from '../../contract/lessons';
import { lessonStudents, lessons } from '../../server/db/schema';
import { daysFromToday, eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends())('lessons on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);

  async function setup() {
    const chilonzor = await f.filial('Chilonzor');
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const { access_token: director } = await t.signInAs('DIRECTOR');
    return { chilonzor, teacher, group, director };
  }

  describe('GET /lessons/ and /lessons/no-pg/', () => {
    it('lists a group lessons by date with attendance counts, paged and plain', async () => {
      const { chilonzor, group, director } = await setup();
      const [a, b] = [await f.student(chilonzor), await f.student(chilonzor)];
      const ids = await f.lessons(group, [daysFromToday(-3), daysFromToday(-5), daysFromToday(-1), daysFromToday(2)]);
      await f.mark(ids[0], a.id, 'present');
      await f.mark(ids[0], b.id, 'late');
      await f.mark(ids[1], a.id, 'absent');
      const res = await t.call('GET', `/api/lessons/?group=${group.id}&page_size=2`, { token: director });
      expect(res.status).toBe(200);
      const page = lessonPage.parse(res.json);
      expect(page.count).toBe(4);
      expect(page.next).toContain('page=2');
      expect(page.results.map((l) => l.date)).toEqual([daysFromToday(-5), daysFromToday(-3)]);
      expect(lessonItem.strict().parse(page.results[1])).toMatchObject({
        id: ids[0],
        kind: 'regular',
        status: 'held',
        group: { id: group.id, name: group.name },
        start_time: '20:00',
        end_time: '21:30',
        moved_from_date: null,
        has_chosen_students: false,
        attendance: { present: 1, late: 1, excused: 0, absent: 0 },
      });
      const plain = await t.call('GET', `/api/lessons/no-pg/?group=${group.id}&start_date=${daysFromToday(-3)}&end_date=${daysFromToday(0)}`, { token: director });
      expect(plain.status).toBe(200);
      expect(lessonItem.array().parse(plain.json).map((l) => l.id)).toEqual([ids[0], ids[2]]);
      const held = await t.call('GET', `/api/lessons/no-pg?group=${group.id}&status=held`, { token: director });
      expect(held.json).toHaveLength(2);
    });

    it('needs a group or both dates for the plain list; 400 for bad filters', async () => {
      const { director } = await setup();
      const none = await t.call('GET', '/api/lessons/no-pg/', { token: director });
      expect(none.status).toBe(400);
      expect(none.json).toHaveProperty('group');
      const bad = await t.call('GET', '/api/lessons/?group=x&start_date=2026-13-01&status=done&page_size=500', { token: director });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json).sort()).toEqual(['group', 'page_size', 'start_date', 'status']);
      const reversed = await t.call('GET', '/api/lessons/?start_date=2026-05-02&end_date=2026-05-01', { token: director });
      expect(reversed.json).toHaveProperty('end_date');
    });

    it('shows teachers only their own lessons; another branch group is 404; no page is 403', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const otherTeacher = await f.employee('TEACHER');
      const otherGroup = await f.group({ filialId: chilonzor, teacherId: otherTeacher.id });
      const [own] = await f.lessons(group, [daysFromToday(-2)]);
      const [foreign] = await f.lessons(otherGroup, [daysFromToday(-2)]);
      const range = `start_date=${daysFromToday(-2)}&end_date=${daysFromToday(-2)}`;
      const mine = await t.call('GET', `/api/lessons/no-pg/?${range}`, { token: teacher.token });
      expect(mine.json.map((l: { id: number }) => l.id)).toEqual([own]);
      const all = await t.call('GET', `/api/lessons/no-pg/?${range}&filial=${chilonzor}`, { token: director });
      expect(all.json.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([own, foreign]));
      expect((await t.call('GET', `/api/lessons/?group=${otherGroup.id}`, { token: teacher.token })).status).toBe(404);
      expect((await t.call('GET', `/api/lessons/${foreign}/`, { token: teacher.token })).status).toBe(404);
      expect((await t.call('GET', `/api/lessons/${own}/`, { token: teacher.token })).status).toBe(200);
      const yunusobod = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await t.call('GET', `/api/lessons/?group=${group.id}`, { token: yunusobod.token })).status).toBe(404);
      expect((await t.call('GET', `/api/lessons/${own}`, { token: yunusobod.token })).status).toBe(404);
      expect((await t.call('GET', `/api/lessons/?filial=${chilonzor}`, { token: yunusobod.token })).status).toBe(404);
      const { access_token: testolog } = await t.signInAs('TESTOLOG');
      expect((await t.call('GET', `/api/lessons/?group=${group.id}`, { token: testolog })).status).toBe(403);
      expect((await t.call('GET', `/api/lessons/${own}/`, { token: testolog })).status).toBe(403);
    });
  });

  it('every lesson call is 403 without the groups page', async () => {
    const { chilonzor, teacher, group } = await setup();
    const [id] = await f.lessons(group, [daysFromToday(3)]);
    const room = await f.room(chilonzor);
    const student = await f.student(chilonzor);
    const { access_token: token } = await t.signInAs('ATTENDANCE_MANAGER');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/lessons/?group=${group.id}`],
      ['GET', `/api/lessons/no-pg/?group=${group.id}`],
      ['GET', `/api/lessons/${id}/`],
      ['PATCH', `/api/lessons/${id}/`, { status: 'cancelled', reason: 'x' }],
      ['POST', '/api/lessons/group-extra/', { group: group.id, date: daysFromToday(2), start_time: '10:00', end_time: '11:00' }],
      [
        'POST',
        '/api/lessons/extra/',
        { filial: chilonzor, teacher: teacher.id, room, date: daysFromToday(2), start_time: '10:00', end_time: '11:00', students: [student.id] },
      ],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.call(method, path, { token, body })).status, `${method} ${path}`).toBe(403);
    }
    const [row] = await t.db.select().from(lessons).where(eq(lessons.id, id));
    expect(row.status).toBe('planned');
  });

  describe('GET /lessons/{id}/ roster', () => {
    it('holds the members on the lesson date: joined by then and not yet left; a moved student is on the new group only', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const target = await f.group({ filialId: chilonzor, teacherId: teacher.id });
      const d = daysFromToday(-5);
      const s = {
        early: await f.student(chilonzor, 'A early'),
        lastDay: await f.student(chilonzor, 'B last day'),
        late: await f.student(chilonzor, 'C joined later'),
        gone: await f.student(chilonzor, 'D left before'),
        mover: await f.student(chilonzor, 'E mover'),
      };
      await f.member(s.early.id, group.id, daysFromToday(-20));
      await f.member(s.lastDay.id, group.id, daysFromToday(-20), d);
      await f.member(s.late.id, group.id, daysFromToday(-4));
      await f.member(s.gone.id, group.id, daysFromToday(-20), daysFromToday(-6));
      await f.member(s.mover.id, group.id, daysFromToday(-20));
      const moved = await t.call('POST', '/api/add-group/groups/update/', { token: director, body: { student: s.mover.id, group_id: group.id, new_group_id: target.id, date: d } });
      expect(moved.status).toBe(200);
      const [lesson, before] = await f.lessons(group, [d, daysFromToday(-6)]);
      const [targetLesson] = await f.lessons(target, [d]);
      await f.mark(lesson, s.early.id, 'present', 70);

      const res = await t.call('GET', `/api/lessons/${lesson}/`, { token: director });
      expect(res.status).toBe(200);
      const detail = lessonDetail.strict().parse(res.json);
      expect(detail.roster.map((r) => r.student.full_name)).toEqual(['A early', 'B last day']);
      expect(detail.roster[0].attendance).toEqual({ status: 'present', mark: 70, comment: '' });
      expect(detail.roster[1].attendance).toBeNull();
      const earlier = await t.call('GET', `/api/lessons/${before}/`, { token: director });
      expect(earlier.json.roster.map((r: { student: { full_name: string } }) => r.student.full_name)).toEqual(['A early', 'B last day', 'D left before', 'E mover']);
      const newGroup = await t.call('GET', `/api/lessons/${targetLesson}/`, { token: director });
      expect(newGroup.json.roster.map((r: { student: { full_name: string } }) => r.student.full_name)).toEqual(['E mover']);
    });

    it('400 for a bad id, 404 for an unknown one', async () => {
      const { director } = await setup();
      expect((await t.call('GET', '/api/lessons/0/', { token: director })).status).toBe(400);
      expect((await t.call('GET', '/api/lessons/99999999/', { token: director })).status).toBe(404);
    });
  });

  describe('PATCH /lessons/{id}/', () => {
    it('cancels with a reason (audited); a cancelled lesson cannot be cancelled or moved again', async () => {
      const { group, director } = await setup();
      const [id] = await f.lessons(group, [daysFromToday(3)]);
      const noReason = await t.call('PATCH', `/api/lessons/${id}/`, { token: director, body: { status: 'cancelled' } });
      expect(noReason.status).toBe(400);
      expect(noReason.json).toHaveProperty('reason');
      const res = await t.call('PATCH', `/api/lessons/${id}/`, { token: director, body: { status: 'cancelled', reason: 'Holiday' } });
      expect(res.status).toBe(200);
      expect(lessonDetail.parse(res.json)).toMatchObject({ id, status: 'cancelled', reason: 'Holiday' });
      expect(await t.lastAudit('lesson.cancel', id)).toMatchObject({ before: { status: 'planned' }, after: { status: 'cancelled', reason: 'Holiday' } });
      expect((await t.call('PATCH', `/api/lessons/${id}/`, { token: director, body: { status: 'cancelled', reason: 'again' } })).status).toBe(409);
      expect((await t.call('PATCH', `/api/lessons/${id}/`, { token: director, body: { date: daysFromToday(4), reason: 'x' } })).status).toBe(409);
    });

    it('moves a lesson keeping the first date it had, even when moved twice', async () => {
      const { group, director } = await setup();
      const original = daysFromToday(3);
      const [id] = await f.lessons(group, [original]);
      const first = await t.call('PATCH', `/api/lessons/${id}`, {
        token: director,
        body: { date: daysFromToday(5), start_time: '10:00', end_time: '11:30', reason: 'Teacher at a seminar' },
      });
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({ date: daysFromToday(5), start_time: '10:00', end_time: '11:30', moved_from_date: original, status: 'planned', reason: 'Teacher at a seminar' });
      const second = await t.call('PATCH', `/api/lessons/${id}/`, { token: director, body: { date: daysFromToday(6), reason: 'Again' } });
      expect(second.json).toMatchObject({ date: daysFromToday(6), start_time: '10:00', moved_from_date: original });
      expect(await t.lastAudit('lesson.move', id)).toMatchObject({
        before: { date: daysFromToday(5), start_time: '10:00' },
        after: { date: daysFromToday(6), moved_from_date: original, reason: 'Again' },
      });
    });

    it('refuses a move that clashes (409 naming it), onto a date the group already has a lesson, or with the end before the start', async () => {
      const { chilonzor, group, director } = await setup();
      const busyRoomGroup = await f.group({ filialId: chilonzor, teacherId: (await f.employee('TEACHER')).id });
      const [id] = await f.lessons(group, [daysFromToday(3), daysFromToday(4)]);
      // Into the other group's room at its weekly time.
      const clash = await t.call('PATCH', `/api/lessons/${id}/`, {
        token: director,
        body: { date: daysFromToday(5), start_time: '20:30', end_time: '21:00', room: busyRoomGroup.roomId, reason: 'x' },
      });
      expect(clash.status).toBe(409);
      expect(clash.json.conflict).toMatchObject({ kind: 'room', group: { id: busyRoomGroup.id } });
      // The same teacher's own group meets every day at 20:00: another date at that time clashes with it.
      const teacherBusy = await t.call('PATCH', `/api/lessons/${id}/`, { token: director, body: { date: daysFromToday(7), reason: 'x' } });
      expect(teacherBusy.status).toBe(409);
      const taken = await t.call('PATCH', `/api/lessons/${id}/`, { token: director, body: { date: daysFromToday(4), start_time: '10:00', end_time: '11:00', reason: 'x' } });
      expect(taken.status).toBe(409);
      expect(taken.json.detail).toMatch(/already has a lesson/);
      const order = await t.call('PATCH', `/api/lessons/${id}/`, { token: director, body: { date: daysFromToday(5), end_time: '19:00', reason: 'x' } });
      expect(order.status).toBe(400);
      expect(order.json).toHaveProperty('end_time');
      const [row] = await t.db.select().from(lessons).where(eq(lessons.id, id));
      expect(row).toMatchObject({ date: daysFromToday(3), movedFromDate: null });
    });

    it('400 per field, 403 for the teacher, 404 across branches, 409 once attendance is marked', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const [id, held] = await f.lessons(group, [daysFromToday(3), daysFromToday(-1)]);
      const bad = await t.call('PATCH', `/api/lessons/${id}/`, { token: director, body: { status: 'done', start_time: '10:15', room: -1 } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json).sort()).toEqual(['reason', 'room', 'start_time', 'status']);
      const both = await t.call('PATCH', `/api/lessons/${id}/`, { token: director, body: { status: 'cancelled', date: daysFromToday(4), reason: 'x' } });
      expect(both.status).toBe(400);
      expect((await t.call('PATCH', `/api/lessons/${id}/`, { token: teacher.token, body: { status: 'cancelled', reason: 'x' } })).status).toBe(403);
      const yunusobod = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await t.call('PATCH', `/api/lessons/${id}/`, { token: yunusobod.token, body: { status: 'cancelled', reason: 'x' } })).status).toBe(404);
      const foreignRoom = await f.room(await f.filial('Yunusobod'));
      const room = await t.call('PATCH', `/api/lessons/${id}/`, { token: director, body: { date: daysFromToday(5), start_time: '10:00', end_time: '11:00', room: foreignRoom, reason: 'x' } });
      expect(room.status).toBe(400);
      expect(room.json).toHaveProperty('room');
      await f.mark(held, (await f.student(chilonzor)).id, 'present');
      expect((await t.call('PATCH', `/api/lessons/${held}/`, { token: director, body: { status: 'cancelled', reason: 'x' } })).status).toBe(409);
    });
  });

  describe('POST /lessons/group-extra/', () => {
    it('adds an extra lesson for the whole group with its teacher and room; its roster is the group', async () => {
      const { chilonzor, group, director } = await setup();
      const student = await f.student(chilonzor, 'Member');
      await f.member(student.id, group.id, daysFromToday(-5));
      const res = await t.call('POST', '/api/lessons/group-extra/', {
        token: director,
        body: { group: group.id, date: daysFromToday(2), start_time: '10:00', end_time: '11:30', reason: 'Exam preparation' },
      });
      expect(res.status).toBe(201);
      const lesson = lessonDetail.strict().parse(res.json);
      expect(lesson).toMatchObject({ kind: 'extra', status: 'planned', group: { id: group.id }, room: { id: group.roomId }, teacher: { id: group.teacherId }, reason: 'Exam preparation', has_chosen_students: false });
      expect(lesson.roster.map((r) => r.student.id)).toEqual([student.id]);
      expect(await t.lastAudit('lesson.extra_group', lesson.id)).toMatchObject({ after: { group: group.id } });
    });

    it('409 when the room or teacher is taken; 400 per field; 404 across branches; 403 for the teacher', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const clash = await t.call('POST', '/api/lessons/group-extra/', {
        token: director,
        body: { group: group.id, date: daysFromToday(2), start_time: '21:00', end_time: '22:00' },
      });
      expect(clash.status).toBe(409);
      expect(clash.json.conflict).toMatchObject({ kind: 'room', group: { id: group.id } });
      const otherRoomGroup = await f.group({ filialId: chilonzor, teacherId: (await f.employee('TEACHER')).id });
      const room = await t.call('POST', '/api/lessons/group-extra/', {
        token: director,
        body: { group: group.id, date: daysFromToday(2), start_time: '20:30', end_time: '21:00', room: otherRoomGroup.roomId },
      });
      expect(room.status).toBe(409);
      const bad = await t.call('POST', '/api/lessons/group-extra/', { token: director, body: { date: 'tomorrow', start_time: '10:10', end_time: '9:00', room: 'x' } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json).sort()).toEqual(['date', 'end_time', 'group', 'room', 'start_time']);
      const reversed = await t.call('POST', '/api/lessons/group-extra/', { token: director, body: { group: group.id, date: daysFromToday(2), start_time: '11:00', end_time: '10:00' } });
      expect(Object.keys(reversed.json)).toEqual(['end_time']);
      const yunusobod = await f.employee('ADMINISTRATOR', 'Yunusobod');
      const body = { group: group.id, date: daysFromToday(2), start_time: '10:00', end_time: '11:00' };
      expect((await t.call('POST', '/api/lessons/group-extra/', { token: yunusobod.token, body })).status).toBe(404);
      expect((await t.call('POST', '/api/lessons/group-extra/', { token: teacher.token, body })).status).toBe(403);
      const rows = await t.db.select().from(lessons).where(eq(lessons.groupId, group.id));
      expect(rows).toHaveLength(0);
    });
  });

  describe('POST /lessons/extra/', () => {
    it('adds an individual lesson for chosen students; its roster is them, whatever the group', async () => {
      const { chilonzor, group, director } = await setup();
      const tutor = await f.employee('TEACHER');
      const room = await f.room(chilonzor);
      const [a, b, outsider] = [await f.student(chilonzor, 'Chosen A'), await f.student(chilonzor, 'Chosen B'), await f.student(chilonzor, 'Member only')];
      await f.member(outsider.id, group.id, daysFromToday(-5));
      const res = await t.call('POST', '/api/lessons/extra/', {
        token: director,
        body: { filial: chilonzor, teacher: tutor.id, room, date: daysFromToday(1), start_time: '14:00', end_time: '15:00', students: [b.id, a.id], group: group.id, reason: 'Catch-up' },
      });
      expect(res.status).toBe(201);
      const lesson = lessonDetail.parse(res.json);
      expect(lesson).toMatchObject({ kind: 'extra', has_chosen_students: true, teacher: { id: tutor.id }, room: { id: room }, group: { id: group.id } });
      expect(lesson.roster.map((r) => r.student.full_name)).toEqual(['Chosen A', 'Chosen B']);
      const chosen = await t.db.select().from(lessonStudents).where(eq(lessonStudents.lessonId, lesson.id));
      expect(chosen.map((c) => c.studentId).sort()).toEqual([a.id, b.id].sort());
      expect(await t.lastAudit('lesson.extra', lesson.id)).toMatchObject({ after: { students: [b.id, a.id] } });
      // The tutor sees the lesson they teach.
      expect((await t.call('GET', `/api/lessons/${lesson.id}/`, { token: tutor.token })).status).toBe(200);
    });

    it('409 when the teacher is busy; 400 for a teacher or room of another branch; 404 for another branch student', async () => {
      const { chilonzor, teacher, director } = await setup();
      const room = await f.room(chilonzor);
      const student = await f.student(chilonzor);
      const base = { filial: chilonzor, teacher: teacher.id, room, date: daysFromToday(1), start_time: '20:30', end_time: '21:30', students: [student.id] };
      const busy = await t.call('POST', '/api/lessons/extra/', { token: director, body: base });
      expect(busy.status).toBe(409);
      expect(busy.json.conflict).toMatchObject({ kind: 'teacher' });
      const yTeacher = await f.employee('TEACHER', 'Yunusobod');
      const wrongTeacher = await t.call('POST', '/api/lessons/extra/', { token: director, body: { ...base, teacher: yTeacher.id, start_time: '10:00', end_time: '11:00' } });
      expect(wrongTeacher.status).toBe(400);
      expect(wrongTeacher.json).toHaveProperty('teacher');
      const yRoom = await f.room(await f.filial('Yunusobod'));
      const wrongRoom = await t.call('POST', '/api/lessons/extra/', { token: director, body: { ...base, room: yRoom, start_time: '10:00', end_time: '11:00' } });
      expect(wrongRoom.status).toBe(400);
      expect(wrongRoom.json).toHaveProperty('room');
      const yStudent = await f.student(await f.filial('Yunusobod'));
      const wrongStudent = await t.call('POST', '/api/lessons/extra/', { token: director, body: { ...base, students: [student.id, yStudent.id], start_time: '10:00', end_time: '11:00' } });
      expect(wrongStudent.status).toBe(404);
    });

    it('400 per field; 404 for a branch outside the user scope; 403 for teachers and without the groups page', async () => {
      const { chilonzor, teacher, director } = await setup();
      const bad = await t.call('POST', '/api/lessons/extra/', { token: director, body: { students: [], start_time: '25:00' } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json).sort()).toEqual(['date', 'end_time', 'filial', 'room', 'start_time', 'students', 'teacher']);
      const dup = await t.call('POST', '/api/lessons/extra/', {
        token: director,
        body: { filial: chilonzor, teacher: teacher.id, room: 1, date: daysFromToday(1), start_time: '10:00', end_time: '11:00', students: [5, 5] },
      });
      expect(Object.keys(dup.json)).toEqual(['students']);
      const room = await f.room(chilonzor);
      const student = await f.student(chilonzor);
      const body = { filial: chilonzor, teacher: teacher.id, room, date: daysFromToday(1), start_time: '10:00', end_time: '11:00', students: [student.id] };
      const yunusobod = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await t.call('POST', '/api/lessons/extra/', { token: yunusobod.token, body })).status).toBe(404);
      expect((await t.call('POST', '/api/lessons/extra/', { token: teacher.token, body })).status).toBe(403);
      const { access_token: testolog } = await t.signInAs('TESTOLOG');
      expect((await t.call('POST', '/api/lessons/extra/', { token: testolog, body })).status).toBe(403);
    });
  });
});
