// Students in groups: joining, the membership list, moving between groups, secondary groups, archiving a
// student, the group page's member list, per-student prices and group statistics (spec section 7, "Groups").
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { archivedStudent, groupMember, membership, moveResult, secondaryPage, studentGroupStats } from '../../contract/membership';
import { students } from '../../server/db/schema';
import { eduFixture, daysFromToday, today } from './eduFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends)('memberships on %s', (backend) => {
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
      expect(created).toMatchObject({ joined_on: today(), left_on: null, end_reason: null, price: '450000.00', group: { id: group.id, name: group.name, start_time: '20:00', end_time: '21:30' } });
      expect(created.group.teacher_name).toMatch(/^TEACHER/);
      const [row] = await t.db.select({ status: students.status }).from(students).where(eq(students.id, student.id));
      expect(row.status).toBe('new');
      expect(await t.lastAudit('membership.add', created.id)).toMatchObject({ actorId: t.demo('DIRECTOR').id, filialId: chilonzor });
    });

    it('answers 409 when the student is already in the group, and when the room is full', async () => {
      const { chilonzor, group, director } = await setup(2);
      const [a, b, c] = [await f.student(chilonzor), await f.student(chilonzor), await f.student(chilonzor)];
      for (const s of [a, b]) expect((await t.call('POST', '/api/add-group', { token: director, body: { student: s.id, group: group.id } })).status).toBe(201);
      const again = await t.call('POST', '/api/add-group/', { token: director, body: { student: a.id, group: group.id } });
      expect(again.status).toBe(409);
      expect(again.json.detail).toMatch(/already/);
      const full = await t.call('POST', '/api/add-group/', { token: director, body: { student: c.id, group: group.id } });
      expect(full.status).toBe(409);
      expect(full.json).toMatchObject({ capacity: 2, students_count: 2 });
      expect(full.json.detail).toMatch(/full/);
    });

    it('answers 404 for a student or group of another branch', async () => {
      const { group, director } = await setup();
      const yunusobod = await f.filial('Yunusobod');
      const stranger = await f.student(yunusobod);
      const res = await t.call('POST', '/api/add-group/', { token: director, body: { student: stranger.id, group: group.id } });
      expect(res.status).toBe(404);
      const { access_token: testolog } = await t.signInAs('MULTIPLE_FILIAL_MANAGER');
      const yGroup = await f.group({ filialId: yunusobod, teacherId: (await f.employee('TEACHER', 'Yunusobod')).id });
      const chilonzorStudent = await f.student(await f.filial('Chilonzor'));
      // A Yunusobod-only user with a Chilonzor group id.
      const admin = await f.employee('ADMINISTRATOR', 'Yunusobod');
      const cross = await t.call('POST', '/api/add-group/', { token: admin.token, body: { student: chilonzorStudent.id, group: group.id } });
      expect(cross.status).toBe(404);
      expect(testolog).toBeTruthy();
      expect(yGroup.id).toBeGreaterThan(0);
    });

    it('answers 400 per field', async () => {
      const { director } = await setup();
      const res = await t.call('POST', '/api/add-group/', { token: director, body: { student: 'x', joined_on: '2026-02-30', price: '-5' } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json).sort()).toEqual(['group', 'joined_on', 'price', 'student']);
    });

    it('is 403 for teachers (attendance only) and without a page', async () => {
      const { chilonzor, group, teacher } = await setup();
      const student = await f.student(chilonzor);
      const asTeacher = await t.call('POST', '/api/add-group/', { token: teacher.token, body: { student: student.id, group: group.id } });
      expect(asTeacher.status).toBe(403);
      const { access_token: accounting } = await t.signInAs('ATTENDANCE_MANAGER');
      const none = await t.call('POST', '/api/add-group/', { token: accounting, body: { student: student.id, group: group.id } });
      expect(none.status).toBe(403);
    });
  });
});
