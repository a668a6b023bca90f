// Students in groups: joining, the membership list, moving between groups, secondary groups, archiving a
// student, the group page's member list, per-student prices and group statistics (spec section 7, "Groups").
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  archivedStudent,
  groupMember,
  membership,
  moveResult,
  secondaryPage,
  studentGroupStats,
} from '../../contract/membership';
import { groups, studentGroups, students } from '../../server/db/schema';
import { daysFromToday, eduFixture, today } from './eduFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends())('memberships on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);

  async function setup(capacity = 12) {
    const chilonzor = await f.filial('Chilonzor');
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId: chilonzor, teacherId: teacher.id, capacity });
    const { access_token: director } = await t.signInAs('DIRECTOR');
    return { chilonzor, teacher, group, director };
  }

  describe('POST /add-group/', () => {
    it('adds a student to a group from today, audited, and the student leaves testing', async () => {
      const { chilonzor, group, director } = await setup();
      const student = await f.student(chilonzor);
      await t.db.update(students).set({ status: 'testing' }).where(eq(students.id, student.id));
      const res = await t.call('POST', '/api/add-group/', { token: director, body: { student: student.id, group: group.id, price: '450000' } });
      expect(res.status).toBe(201);
      const created = membership.strict().parse(res.json);
      expect(created).toMatchObject({
        joined_on: today(),
        left_on: null,
        end_reason: null,
        moved_to_id: null,
        price: '450000.00',
        group: { id: group.id, name: group.name, start_time: '20:00', end_time: '21:30', days: [1, 2, 3, 4, 5, 6, 7], is_secondary: false },
      });
      expect(created.group.teacher_name).toMatch(/^TEACHER/);
      const [row] = await t.db.select({ status: students.status }).from(students).where(eq(students.id, student.id));
      expect(row.status).toBe('new');
      expect(await t.lastAudit('membership.add', created.id)).toMatchObject({ actorId: t.demo('DIRECTOR').id, filialId: chilonzor });
    });

    it('takes a join date and answers 400 for one after the group ends', async () => {
      const { chilonzor, group, director } = await setup();
      const student = await f.student(chilonzor);
      const late = await t.call('POST', '/api/add-group/', { token: director, body: { student: student.id, group: group.id, joined_on: daysFromToday(90) } });
      expect(late.status).toBe(400);
      expect(late.json).toHaveProperty('joined_on');
      const res = await t.call('POST', '/api/add-group/', { token: director, body: { student: student.id, group: group.id, joined_on: daysFromToday(-10) } });
      expect(res.status).toBe(201);
      expect(res.json.joined_on).toBe(daysFromToday(-10));
    });

    it('answers 409 when the student is already in the group, and when the room is full', async () => {
      const { chilonzor, group, director } = await setup(2);
      const [a, b, c] = [await f.student(chilonzor), await f.student(chilonzor), await f.student(chilonzor)];
      for (const s of [a, b]) {
        expect((await t.call('POST', '/api/add-group', { token: director, body: { student: s.id, group: group.id } })).status).toBe(201);
      }
      const again = await t.call('POST', '/api/add-group/', { token: director, body: { student: a.id, group: group.id } });
      expect(again.status).toBe(409);
      expect(again.json.detail).toMatch(/already/);
      const full = await t.call('POST', '/api/add-group/', { token: director, body: { student: c.id, group: group.id } });
      expect(full.status).toBe(409);
      expect(full.json).toMatchObject({ capacity: 2, students_count: 2 });
      expect(full.json.detail).toMatch(/full/);
    });

    it('answers 409 for an archived student and for a finished group', async () => {
      const { chilonzor, group, director } = await setup();
      const archived = await f.student(chilonzor);
      await t.db.update(students).set({ isArchived: true, status: 'archived' }).where(eq(students.id, archived.id));
      expect((await t.call('POST', '/api/add-group/', { token: director, body: { student: archived.id, group: group.id } })).status).toBe(409);
      const other = await f.student(chilonzor);
      await t.db.update(groups).set({ status: 'finished' }).where(eq(groups.id, group.id));
      const res = await t.call('POST', '/api/add-group/', { token: director, body: { student: other.id, group: group.id } });
      expect(res.status).toBe(409);
      expect(res.json.detail).toMatch(/finished/);
    });

    it('answers 404 for a student of another branch and for a group outside the user branches', async () => {
      const { group, director } = await setup();
      const yunusobod = await f.filial('Yunusobod');
      const stranger = await f.student(yunusobod);
      const res = await t.call('POST', '/api/add-group/', { token: director, body: { student: stranger.id, group: group.id } });
      expect(res.status).toBe(404);
      const admin = await f.employee('ADMINISTRATOR', 'Yunusobod');
      const cross = await t.call('POST', '/api/add-group/', { token: admin.token, body: { student: stranger.id, group: group.id } });
      expect(cross.status).toBe(404);
      expect(cross.json.detail).toBe('Group not found');
    });

    it('answers 400 per field', async () => {
      const { director } = await setup();
      const res = await t.call('POST', '/api/add-group/', { token: director, body: { student: 'x', joined_on: '2026-02-30', price: '-5' } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json).sort()).toEqual(['group', 'joined_on', 'price', 'student']);
    });

    it('is 403 for teachers (they only mark attendance) and without a groups or student page', async () => {
      const { chilonzor, group, teacher } = await setup();
      const student = await f.student(chilonzor);
      const asTeacher = await t.call('POST', '/api/add-group/', { token: teacher.token, body: { student: student.id, group: group.id } });
      expect(asTeacher.status).toBe(403);
      const { access_token: attendanceManager } = await t.signInAs('ATTENDANCE_MANAGER');
      const none = await t.call('POST', '/api/add-group/', { token: attendanceManager, body: { student: student.id, group: group.id } });
      expect(none.status).toBe(403);
      expect(await f.membershipRows(student.id)).toHaveLength(0);
    });
  });

  describe('GET /add-group/student/{id}/', () => {
    it('lists current memberships first, then the history; is_archived=false leaves out archived groups', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const student = await f.student(chilonzor);
      const old = await f.group({ filialId: chilonzor, teacherId: teacher.id });
      const gone = await f.group({ filialId: chilonzor, teacherId: teacher.id });
      await t.db.update(groups).set({ status: 'archived' }).where(eq(groups.id, gone.id));
      await f.member(student.id, old.id, daysFromToday(-50), daysFromToday(-20));
      await f.member(student.id, gone.id, daysFromToday(-40), daysFromToday(-30));
      const current = await f.member(student.id, group.id, daysFromToday(-19));
      const all = await t.call('GET', `/api/add-group/student/${student.id}`, { token: director });
      expect(all.status).toBe(200);
      const list = membership.strict().array().parse(all.json);
      expect(list.map((m) => m.group.id)).toEqual([group.id, gone.id, old.id]);
      expect(list[0]).toMatchObject({ id: current, left_on: null });
      expect(list[2]).toMatchObject({ left_on: daysFromToday(-20), end_reason: 'left' });
      const active = await t.call('GET', `/api/add-group/student/${student.id}/?is_archived=false`, { token: director });
      expect(active.json.map((m: { group: { id: number } }) => m.group.id)).toEqual([group.id, old.id]);
    });

    it('is 404 outside the branches, 403 without a page, 400 for a bad id or filter', async () => {
      const { chilonzor } = await setup();
      const student = await f.student(chilonzor);
      const yunusobodAdmin = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await t.call('GET', `/api/add-group/student/${student.id}/`, { token: yunusobodAdmin.token })).status).toBe(404);
      const { access_token: accounting } = await t.signInAs('ATTENDANCE_MANAGER');
      expect((await t.call('GET', `/api/add-group/student/${student.id}/`, { token: accounting })).status).toBe(403);
      const { access_token: director } = await t.signInAs('DIRECTOR');
      const badId = await t.call('GET', '/api/add-group/student/abc/', { token: director });
      expect(badId.status).toBe(400);
      expect(badId.json).toHaveProperty('id');
      const badFilter = await t.call('GET', `/api/add-group/student/${student.id}/?is_archived=maybe`, { token: director });
      expect(badFilter.status).toBe(400);
      expect(badFilter.json).toHaveProperty('is_archived');
    });
  });

  describe('POST /add-group/groups/update/', () => {
    it('closes the old membership the day before the move and opens the new one on the date, in one audited step', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const target = await f.group({ filialId: chilonzor, teacherId: teacher.id });
      const student = await f.student(chilonzor);
      const oldId = await f.member(student.id, group.id, daysFromToday(-30));
      const date = daysFromToday(-5);
      const res = await t.call('POST', '/api/add-group/groups/update/', {
        token: director,
        body: { student: student.id, group_id: group.id, new_group_id: target.id, date },
      });
      expect(res.status).toBe(200);
      const { closed, opened } = moveResult.parse(res.json);
      expect(closed).toMatchObject({ id: oldId, joined_on: daysFromToday(-30), left_on: daysFromToday(-6), end_reason: 'moved', moved_to_id: opened.id });
      expect(opened).toMatchObject({ joined_on: date, left_on: null, group: { id: target.id } });
      const rows = await f.membershipRows(student.id);
      expect(rows).toHaveLength(2);
      expect(await t.lastAudit('membership.move', student.id)).toMatchObject({
        actorId: t.demo('DIRECTOR').id,
        after: { closed: { membership: oldId, left_on: daysFromToday(-6) }, opened: { membership: opened.id, joined_on: date } },
      });
      // The history is kept: both rows are listed, the new one first.
      const list = await t.call('GET', `/api/add-group/student/${student.id}/`, { token: director });
      expect(list.json.map((m: { id: number }) => m.id)).toEqual([opened.id, oldId]);
    });

    it('moves from today when no date is given', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const target = await f.group({ filialId: chilonzor, teacherId: teacher.id });
      const student = await f.student(chilonzor);
      await f.member(student.id, group.id, daysFromToday(-3));
      const res = await t.call('POST', '/api/add-group/groups/update', { token: director, body: { student: student.id, group_id: group.id, new_group_id: target.id } });
      expect(res.status).toBe(200);
      expect(res.json.closed.left_on).toBe(daysFromToday(-1));
      expect(res.json.opened.joined_on).toBe(today());
    });

    it('refuses the same group, a student not in the old group, a date before joining, and leaves everything as it was', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const target = await f.group({ filialId: chilonzor, teacherId: teacher.id });
      const student = await f.student(chilonzor);
      await f.member(student.id, group.id, daysFromToday(-10));
      const same = await t.call('POST', '/api/add-group/groups/update/', { token: director, body: { student: student.id, group_id: group.id, new_group_id: group.id } });
      expect(same.status).toBe(400);
      expect(same.json).toHaveProperty('new_group_id');
      const notIn = await t.call('POST', '/api/add-group/groups/update/', { token: director, body: { student: student.id, group_id: target.id, new_group_id: group.id } });
      expect(notIn.status).toBe(400);
      expect(notIn.json).toHaveProperty('group_id');
      const early = await t.call('POST', '/api/add-group/groups/update/', {
        token: director,
        body: { student: student.id, group_id: group.id, new_group_id: target.id, date: daysFromToday(-11) },
      });
      expect(early.status).toBe(400);
      expect(early.json).toHaveProperty('date');
      const missing = await t.call('POST', '/api/add-group/groups/update/', { token: director, body: {} });
      expect(Object.keys(missing.json).sort()).toEqual(['group_id', 'new_group_id', 'student']);
      const rows = await f.membershipRows(student.id);
      expect(rows).toHaveLength(1);
      expect(rows[0].leftOn).toBeNull();
    });

    it('answers 409 when attendance is already marked in the old group on or after the move date', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const target = await f.group({ filialId: chilonzor, teacherId: teacher.id });
      const student = await f.student(chilonzor);
      await f.member(student.id, group.id, daysFromToday(-10));
      const [lessonId] = await f.lessons(group, [daysFromToday(-2)]);
      await f.mark(lessonId, student.id, 'present');
      const res = await t.call('POST', '/api/add-group/groups/update/', {
        token: director,
        body: { student: student.id, group_id: group.id, new_group_id: target.id, date: daysFromToday(-4) },
      });
      expect(res.status).toBe(409);
      expect(res.json.detail).toContain(daysFromToday(-2));
      const later = await t.call('POST', '/api/add-group/groups/update/', {
        token: director,
        body: { student: student.id, group_id: group.id, new_group_id: target.id, date: daysFromToday(-1) },
      });
      expect(later.status).toBe(200);
    });

    it('answers 404 when either group is outside the user branches, 409 when the new group is full', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const yunusobod = await f.filial('Yunusobod');
      const elsewhere = await f.group({ filialId: yunusobod, teacherId: (await f.employee('TEACHER', 'Yunusobod')).id });
      const student = await f.student(chilonzor);
      await f.member(student.id, group.id, daysFromToday(-10));
      const cross = await f.employee('ADMINISTRATOR', 'Yunusobod');
      const res = await t.call('POST', '/api/add-group/groups/update/', { token: cross.token, body: { student: student.id, group_id: group.id, new_group_id: elsewhere.id } });
      expect(res.status).toBe(404);
      const full = await f.group({ filialId: chilonzor, teacherId: teacher.id, capacity: 1 });
      await f.member((await f.student(chilonzor)).id, full.id, daysFromToday(-10));
      const tooMany = await t.call('POST', '/api/add-group/groups/update/', { token: director, body: { student: student.id, group_id: group.id, new_group_id: full.id } });
      expect(tooMany.status).toBe(409);
      expect((await f.membershipRows(student.id))[0].leftOn).toBeNull();
    });
  });

  describe('secondary groups', () => {
    it('PUT sets exactly the given secondary groups, GET /add-group/secondary/web lists them', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const assistant = await f.employee('ASSISTANT');
      const s1 = await f.group({ filialId: chilonzor, teacherId: assistant.id, secondary: true, parentGroupId: group.id });
      const s2 = await f.group({ filialId: chilonzor, teacherId: assistant.id, secondary: true, parentGroupId: group.id });
      const student = await f.student(chilonzor);
      const first = await t.call('PUT', `/api/add-group/secondary/update/${student.id}/`, { token: director, body: { groups: [s1.id, s2.id] } });
      expect(first.status).toBe(200);
      expect(membership.array().parse(first.json).map((m) => m.group.id).sort()).toEqual([s1.id, s2.id].sort());
      const second = await t.call('PUT', `/api/add-group/secondary/update/${student.id}`, { token: director, body: { groups: [s2.id] } });
      expect(second.json.map((m: { group: { id: number } }) => m.group.id)).toEqual([s2.id]);
      const closed = await f.membershipRows(student.id, s1.id);
      // No lesson of the group had begun today: yesterday was the last day in it.
      expect(closed[0]).toMatchObject({ leftOn: daysFromToday(-1), endReason: 'left' });
      expect(await t.lastAudit('membership.secondary_update', student.id)).toMatchObject({ before: { groups: [s1.id, s2.id].sort((a, b) => a - b) }, after: { groups: [s2.id] } });

      const list = await t.call('GET', `/api/add-group/secondary/web/?filial=${chilonzor}&student=${student.id}`, { token: director });
      expect(list.status).toBe(200);
      const page = secondaryPage.parse(list.json);
      expect(page.count).toBe(1);
      expect(page.results[0]).toMatchObject({ student: { id: student.id }, group: { id: s2.id, parent_group: { id: group.id, name: group.name } }, joined_on: today() });
      // The assistant leading the secondary group sees it; another teacher does not.
      const asAssistant = await t.call('GET', `/api/add-group/secondary/web/?student=${student.id}`, { token: assistant.token });
      expect(asAssistant.json.count).toBe(1);
      const asTeacher = await t.call('GET', `/api/add-group/secondary/web/?student=${student.id}`, { token: teacher.token });
      expect(asTeacher.json.count).toBe(0);
    });

    it('refuses a main group (400 naming the row), another branch (404) and bad bodies (400)', async () => {
      const { chilonzor, group, director } = await setup();
      const student = await f.student(chilonzor);
      const main = await t.call('PUT', `/api/add-group/secondary/update/${student.id}/`, { token: director, body: { groups: [group.id] } });
      expect(main.status).toBe(400);
      expect(main.json).toHaveProperty('groups.0');
      const yunusobod = await f.filial('Yunusobod');
      const far = await f.group({ filialId: yunusobod, teacherId: (await f.employee('TEACHER', 'Yunusobod')).id, secondary: true });
      expect((await t.call('PUT', `/api/add-group/secondary/update/${student.id}/`, { token: director, body: { groups: [far.id] } })).status).toBe(404);
      const dup = await t.call('PUT', `/api/add-group/secondary/update/${student.id}/`, { token: director, body: { groups: [1, 1] } });
      expect(dup.status).toBe(400);
      expect(dup.json).toHaveProperty('groups');
      const badFilter = await t.call('GET', '/api/add-group/secondary/web/?filial=x&page=0', { token: director });
      expect(Object.keys(badFilter.json).sort()).toEqual(['filial', 'page']);
      const outside = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await t.call('GET', `/api/add-group/secondary/web/?filial=${chilonzor}`, { token: outside.token })).status).toBe(404);
    });
  });

  describe('PATCH /add-group/{id}/ archives a student', () => {
    it('archives the student and closes every open membership today with reason archived', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const other = await f.group({ filialId: chilonzor, teacherId: teacher.id });
      const student = await f.student(chilonzor);
      await f.member(student.id, group.id, daysFromToday(-10));
      await f.member(student.id, other.id, daysFromToday(-8));
      const res = await t.call('PATCH', `/api/add-group/${student.id}/`, { token: director, body: { is_archived: true, reason: 'Moved abroad' } });
      expect(res.status).toBe(200);
      expect(archivedStudent.strict().parse(res.json)).toMatchObject({ id: student.id, is_archived: true, status: 'archived', archived_reason: 'Moved abroad', closed_memberships: 2 });
      const rows = await f.membershipRows(student.id);
      // No lesson of either group had begun today: yesterday was the last day (on no later lesson's roster).
      expect(rows.every((r) => r.leftOn === daysFromToday(-1) && r.endReason === 'archived')).toBe(true);
      expect(await t.lastAudit('student.archive', student.id)).toMatchObject({ after: { reason: 'Moved abroad' } });
      const again = await t.call('PATCH', `/api/add-group/${student.id}/`, { token: director, body: { is_archived: true, reason: 'x' } });
      expect(again.status).toBe(409);
    });

    it('needs is_archived true and a reason; 404 across branches; 403 for a teacher', async () => {
      const { chilonzor, teacher, director } = await setup();
      const student = await f.student(chilonzor);
      const bad = await t.call('PATCH', `/api/add-group/${student.id}/`, { token: director, body: { is_archived: false, reason: '  ' } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json).sort()).toEqual(['is_archived', 'reason']);
      const outside = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await t.call('PATCH', `/api/add-group/${student.id}/`, { token: outside.token, body: { is_archived: true, reason: 'x' } })).status).toBe(404);
      expect((await t.call('PATCH', `/api/add-group/${student.id}/`, { token: teacher.token, body: { is_archived: true, reason: 'x' } })).status).toBe(403);
      const [row] = await t.db.select({ isArchived: students.isArchived }).from(students).where(eq(students.id, student.id));
      expect(row.isArchived).toBe(false);
    });
  });

  describe('GET /add-group/group/{id}/ (group page members)', () => {
    it('lists current members with their attendance while in the group; the teacher sees only own groups', async () => {
      const { chilonzor, teacher, group, director } = await setup();
      const [ali, vali, gone] = [await f.student(chilonzor, 'Ali'), await f.student(chilonzor, 'Vali'), await f.student(chilonzor, 'Zafar')];
      await f.member(ali.id, group.id, daysFromToday(-10));
      await f.member(vali.id, group.id, daysFromToday(-3));
      await f.member(gone.id, group.id, daysFromToday(-10), daysFromToday(-2));
      const [l1, l2, l3] = await f.lessons(group, [daysFromToday(-6), daysFromToday(-3), daysFromToday(-1)]);
      await f.lessons(group, [daysFromToday(3)]);
      await f.mark(l1, ali.id, 'present', 80);
      await f.mark(l2, ali.id, 'late', 91);
      await f.mark(l2, vali.id, 'absent');
      await f.mark(l3, ali.id, 'excused');
      const res = await t.call('GET', `/api/add-group/group/${group.id}/`, { token: teacher.token });
      expect(res.status).toBe(200);
      const list = groupMember.strict().array().parse(res.json);
      expect(list.map((m) => m.student.full_name)).toEqual(['Ali', 'Vali']);
      expect(list[0].attendance).toEqual({ lessons: 3, present: 1, late: 1, excused: 1, absent: 0, average_mark: 85.5 });
      expect(list[1].attendance).toEqual({ lessons: 2, present: 0, late: 0, excused: 0, absent: 1, average_mark: null });
      const otherTeacher = await f.employee('TEACHER');
      expect((await t.call('GET', `/api/add-group/group/${group.id}/`, { token: otherTeacher.token })).status).toBe(404);
      expect((await t.call('GET', `/api/add-group/group/${group.id}/`, { token: director })).status).toBe(200);
      const outside = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await t.call('GET', `/api/add-group/group/${group.id}/`, { token: outside.token })).status).toBe(404);
      const { access_token: testolog } = await t.signInAs('TESTOLOG');
      expect((await t.call('GET', `/api/add-group/group/${group.id}/`, { token: testolog })).status).toBe(403);
    });
  });

  describe('/api/v2/studentgroups', () => {
    it('POST price sets the student price in the group (audited); 404 when not a member; 400 per field', async () => {
      const { chilonzor, group, director } = await setup();
      const student = await f.student(chilonzor);
      const id = await f.member(student.id, group.id, daysFromToday(-5));
      const res = await t.call('POST', '/api/api/v2/studentgroups/price', { token: director, body: { student: student.id, group: group.id, price: 350000.5 } });
      expect(res.status).toBe(200);
      expect(membership.parse(res.json)).toMatchObject({ id, price: '350000.50' });
      expect(await t.lastAudit('membership.price', id)).toMatchObject({ before: { price: null }, after: { price: '350000.50' } });
      const zero = await t.call('POST', '/api/api/v2/studentgroups/price/', { token: director, body: { student: student.id, group: group.id, price: '0' } });
      expect(zero.json.price).toBe('0.00');
      const stranger = await f.student(chilonzor);
      expect((await t.call('POST', '/api/api/v2/studentgroups/price', { token: director, body: { student: stranger.id, group: group.id, price: '1' } })).status).toBe(404);
      const bad = await t.call('POST', '/api/api/v2/studentgroups/price', { token: director, body: { student: 0, price: '1.234' } });
      expect(Object.keys(bad.json).sort()).toEqual(['group', 'price', 'student']);
      const outside = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await t.call('POST', '/api/api/v2/studentgroups/price', { token: outside.token, body: { student: student.id, group: group.id, price: '1' } })).status).toBe(404);
    });

    it('GET stats gives members today, seats, 30-day attendance rate and lessons held per group', async () => {
      const { chilonzor, teacher, group, director } = await setup(10);
      const [a, b, c] = [await f.student(chilonzor), await f.student(chilonzor), await f.student(chilonzor)];
      await f.member(a.id, group.id, daysFromToday(-40));
      await f.member(b.id, group.id, daysFromToday(-40));
      await f.member(c.id, group.id, daysFromToday(-40), daysFromToday(-1));
      const [old, l1, l2] = await f.lessons(group, [daysFromToday(-35), daysFromToday(-4), daysFromToday(-2)]);
      await f.mark(old, a.id, 'absent');
      await f.mark(l1, a.id, 'present');
      await f.mark(l1, b.id, 'late');
      await f.mark(l1, c.id, 'absent');
      await f.mark(l2, a.id, 'present');
      await f.mark(l2, b.id, 'excused');
      await f.mark(l2, c.id, 'present');
      const res = await t.call('GET', `/api/api/v2/studentgroups/stats?filial=${chilonzor}`, { token: director });
      expect(res.status).toBe(200);
      const stats = studentGroupStats.strict().array().parse(res.json);
      const mine = stats.find((s) => s.group.id === group.id);
      // 4 of 6 marks in the last 30 days were present or late.
      expect(mine).toEqual({ group: { id: group.id, name: group.name }, students_count: 2, capacity: 10, attendance_rate: '66.7', lessons_held: 3 });
      const asTeacher = await t.call('GET', '/api/api/v2/studentgroups/stats', { token: teacher.token });
      expect(asTeacher.json.map((s: { group: { id: number } }) => s.group.id)).toEqual([group.id]);
      const outside = await f.employee('ADMINISTRATOR', 'Yunusobod');
      expect((await t.call('GET', `/api/api/v2/studentgroups/stats?filial=${chilonzor}`, { token: outside.token })).status).toBe(404);
      const own = await t.call('GET', '/api/api/v2/studentgroups/stats', { token: outside.token });
      expect(own.json.some((s: { group: { id: number } }) => s.group.id === group.id)).toBe(false);
      const { access_token: testolog } = await t.signInAs('TESTOLOG');
      expect((await t.call('GET', '/api/api/v2/studentgroups/stats', { token: testolog })).status).toBe(403);
      expect((await t.call('GET', '/api/api/v2/studentgroups/stats?filial=abc', { token: director })).status).toBe(400);
    });
  });

  it('every membership call is 403 without the groups and student pages, and 400 for a bad path id', async () => {
    const { chilonzor, group } = await setup();
    const student = await f.student(chilonzor);
    const { access_token: token } = await t.signInAs('ATTENDANCE_MANAGER');
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/add-group/student/${student.id}/`],
      ['GET', `/api/add-group/group/${group.id}/`],
      ['GET', '/api/add-group/secondary/web/'],
      ['POST', '/api/add-group/', { student: student.id, group: group.id }],
      ['POST', '/api/add-group/groups/update/', { student: student.id, group_id: group.id, new_group_id: group.id + 1 }],
      ['PUT', `/api/add-group/secondary/update/${student.id}/`, { groups: [] }],
      ['PATCH', `/api/add-group/${student.id}/`, { is_archived: true, reason: 'x' }],
      ['POST', '/api/api/v2/studentgroups/price', { student: student.id, group: group.id, price: '1' }],
      ['GET', '/api/api/v2/studentgroups/stats'],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.call(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const { access_token: director } = await t.signInAs('DIRECTOR');
    for (const [method, path, body] of [
      ['GET', '/api/add-group/group/x/'],
      ['PUT', '/api/add-group/secondary/update/0/', { groups: [] }],
      ['PATCH', '/api/add-group/-1/', { is_archived: true, reason: 'x' }],
    ] as [string, string, unknown?][]) {
      const res = await t.call(method, path, { token: director, body });
      expect(res.status, `${method} ${path}`).toBe(400);
    }
    expect(await f.membershipRows(student.id)).toHaveLength(0);
  });

  it('keeps a member row per student and group open at most once (database rule)', async () => {
    const { chilonzor, group } = await setup();
    const student = await f.student(chilonzor);
    await f.member(student.id, group.id, daysFromToday(-1));
    await expect(t.db.insert(studentGroups).values({ studentId: student.id, groupId: group.id, joinedOn: today() })).rejects.toThrow();
  });
});
