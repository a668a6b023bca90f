// Courses (spec section 7, "Courses and branches"): branch-scoped lists and detail, create, PUT/PATCH, archive,
// money and range checks per field, the level-belongs-to-subject rule and page guards.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { course, coursePage } from '../../contract/catalogue';
import { courses, groups, rooms } from '../../server/db/schema';
import { caller, levelId, REAL_LOCALES, subjectId } from './catalogueSupport';
import { backends, useTestApp } from './harness';

const courseList = course.strict().array();

describe.each(backends())('courses on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const as = caller(t);
  const ids = { chilonzor: 0, yunusobod: 0, samarqand: 0, english: 0, beginner: 0, ielts: 0, math: 0 };

  beforeAll(async () => {
    ids.chilonzor = await t.filialId('Chilonzor');
    ids.yunusobod = await t.filialId('Yunusobod');
    ids.samarqand = await t.filialId('Samarqand');
    ids.english = await subjectId(t, 'Ingliz tili');
    ids.beginner = await levelId(t, 'Ingliz tili', 'Beginner');
    ids.ielts = await levelId(t, 'Ingliz tili', 'IELTS');
    ids.math = await subjectId(t, 'Matematika');
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    filial: ids.chilonzor,
    subject: ids.english,
    level: ids.ielts,
    name: 'IELTS 7.0',
    price: '900000',
    lessons_per_month: 16,
    duration_months: 4,
    ...overrides,
  });
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await as('DIRECTOR', 'POST', '/api/courses/', { body: body(overrides) });
    expect(res.status).toBe(201);
    return course.strict().parse(res.json);
  };
  const courseIn = async (filial: number) => {
    const [row] = await t.db.select({ id: courses.id }).from(courses).where(eq(courses.filialId, filial)).limit(1);
    return row.id;
  };

  describe('lists and detail', () => {
    it('gives the director every branch’s courses with names and prices', async () => {
      const page = coursePage.parse((await as('DIRECTOR', 'GET', '/api/courses/')).json);
      expect(page.count).toBe(9);
      page.results.forEach((c) => course.strict().parse(c));
      const beginner = page.results.find((c) => c.filial === ids.chilonzor && c.level === ids.beginner)!;
      expect(beginner).toMatchObject({
        filial_name: 'Chilonzor',
        subject_name: 'Ingliz tili',
        level_name: 'Beginner',
        name: 'Ingliz tili Beginner',
        price: '450000.00',
        lessons_per_month: 12,
        duration_months: 3,
        is_archived: false,
      });
    });

    it('keeps others to their branches; naming another branch is a 404', async () => {
      const head = coursePage.parse((await as('HEAD_TEACHER', 'GET', '/api/courses/')).json);
      expect(new Set(head.results.map((c) => c.filial))).toEqual(new Set([ids.chilonzor]));
      expect(head.count).toBe(4);
      expect((await as('HEAD_TEACHER', 'GET', `/api/courses/?filial=${ids.yunusobod}`)).status).toBe(404);
      const manager = courseList.parse((await as('MULTIPLE_FILIAL_MANAGER', 'GET', '/api/courses/no-pg/')).json);
      expect(manager).toHaveLength(7);
      const yunusobod = courseList.parse((await as('MULTIPLE_FILIAL_MANAGER', 'GET', `/api/courses/no-pg?filial=${ids.yunusobod}`)).json);
      expect(yunusobod.map((c) => c.filial_name)).toEqual(['Yunusobod', 'Yunusobod', 'Yunusobod']);
    });

    it('filters by subject, level and archive flag, and pages', async () => {
      const math = courseList.parse((await as('DIRECTOR', 'GET', `/api/courses/no-pg/?subject=${ids.math}`)).json);
      expect(math.map((c) => c.subject_name)).toEqual(['Matematika', 'Matematika']);
      const beginners = courseList.parse((await as('DIRECTOR', 'GET', `/api/courses/no-pg/?level=${ids.beginner}`)).json);
      expect(beginners.map((c) => c.filial_name).sort()).toEqual(['Chilonzor', 'Samarqand']);
      const page = coursePage.parse((await as('DIRECTOR', 'GET', '/api/courses/?page_size=5&page=2')).json);
      expect(page.results).toHaveLength(4);
      expect(page.next).toBeNull();
      const bad = await as('DIRECTOR', 'GET', '/api/courses/?level=abc&filial=-1');
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json).sort()).toEqual(['filial', 'level']);
    });

    it('answers detail inside the scope and 404 outside it', async () => {
      const yunusobodCourse = await courseIn(ids.yunusobod);
      expect(course.strict().parse((await as('DIRECTOR', 'GET', `/api/courses/${yunusobodCourse}/`)).json).id).toBe(yunusobodCourse);
      expect((await as('TESTOLOG', 'GET', `/api/courses/${yunusobodCourse}`)).status).toBe(200);
      expect((await as('HEAD_TEACHER', 'GET', `/api/courses/${yunusobodCourse}/`)).status).toBe(404);
      expect((await as('DIRECTOR', 'GET', '/api/courses/999999/')).status).toBe(404);
    });

    it('counts the groups that are not archived', async () => {
      const created = await create({ name: 'Guruhli kurs' });
      const [room] = await t.db.insert(rooms).values({ filialId: ids.chilonzor, name: 'Kurs xonasi', capacity: 12 }).returning({ id: rooms.id });
      const group = {
        filialId: ids.chilonzor,
        courseId: created.id,
        teacherId: t.demo('TEACHER').id,
        roomId: room.id,
        days: [1, 3, 5],
        startTime: '09:00',
        endTime: '10:30',
        startDate: '2026-01-05',
        endDate: '2026-05-05',
        price: '900000.00',
      };
      await t.db.insert(groups).values([
        { ...group, name: 'IELTS-1' },
        { ...group, name: 'IELTS-0', status: 'archived' },
      ]);
      expect((await as('DIRECTOR', 'GET', `/api/courses/${created.id}/`)).json.groups_count).toBe(1);
    });
  });

  describe('create', () => {
    it('creates with a normalised price and an audit entry in the branch', async () => {
      const created = await create({ price: 1250000.5 });
      expect(created).toMatchObject({ filial: ids.chilonzor, level_name: 'IELTS', price: '1250000.50', groups_count: 0 });
      const entry = await t.lastAudit('course.create', created.id);
      expect(entry).toMatchObject({ filialId: ids.chilonzor, actorId: t.demo('DIRECTOR').id });
      expect((await create({ price: '450000' })).price).toBe('450000.00');
      expect((await create({ price: '10000000000' })).price).toBe('10000000000.00');
    });

    it('answers 404 for a branch outside the scope or unknown', async () => {
      const res = await as('HEAD_TEACHER', 'POST', '/api/courses/', { body: body({ filial: ids.yunusobod }) });
      expect(res.status).toBe(404);
      expect((await as('DIRECTOR', 'POST', '/api/courses/', { body: body({ filial: 999999 }) })).status).toBe(404);
      const own = await as('HEAD_TEACHER', 'POST', '/api/courses/', { body: body() });
      expect(own.status).toBe(201);
    });

    it('checks money and ranges per field', async () => {
      const cases: [Record<string, unknown>, Record<string, string[]>][] = [
        [{ price: 'abc' }, { price: ['Enter an amount in digits with at most two decimals'] }],
        [{ price: '12.345' }, { price: ['Enter an amount in digits with at most two decimals'] }],
        [{ price: '10000000000.01' }, { price: ['One amount can be at most 10 000 000 000 so‘m'] }],
        [{ price: '1000000000000' }, { price: ['One amount can be at most 10 000 000 000 so‘m'] }],
        [{ price: -5 }, { price: ['Enter an amount in digits with at most two decimals'] }],
        [{ price: '0.00' }, { price: ['Must be greater than zero'] }],
        [{ lessons_per_month: 0, duration_months: 61 }, { lessons_per_month: ['Must be at least 1'], duration_months: ['Must be at most 60'] }],
        [{ lessons_per_month: 32 }, { lessons_per_month: ['Must be at most 31'] }],
        [{ lessons_per_month: 1.5 }, { lessons_per_month: ['Must be a positive whole number'] }],
        [{ name: ' ' }, { name: ['This field is required'] }],
      ];
      for (const [overrides, errors] of cases) {
        const res = await as('DIRECTOR', 'POST', '/api/courses/', { body: body(overrides) });
        expect(res.status, JSON.stringify(overrides)).toBe(400);
        expect(res.json).toEqual(errors);
      }
      const empty = await as('DIRECTOR', 'POST', '/api/courses/', { body: {} });
      expect(Object.keys(empty.json).sort()).toEqual(['duration_months', 'filial', 'lessons_per_month', 'level', 'name', 'price', 'subject']);
      expect(empty.json.price).toEqual(['This field is required']);
    });

    it('needs an active subject and a level of that subject', async () => {
      const wrongLevel = await as('DIRECTOR', 'POST', '/api/courses/', { body: body({ subject: ids.math }) });
      expect(wrongLevel.json).toEqual({ level: ['This level does not belong to the chosen subject'] });
      expect((await as('DIRECTOR', 'POST', '/api/courses/', { body: body({ level: 999999 }) })).json).toEqual({ level: ['No such item'] });
      expect((await as('DIRECTOR', 'POST', '/api/courses/', { body: body({ subject: 999999 }) })).json).toEqual({ subject: ['No such item'] });

      const old = await as('DIRECTOR', 'POST', '/api/subjects/', { body: { name: 'Eski fan' } });
      const oldLevel = await as('DIRECTOR', 'POST', '/api/subjects/level/', { body: { subject: old.json.id, name: 'A' } });
      await as('DIRECTOR', 'PATCH', `/api/subjects/level/${oldLevel.json.id}/`, { body: { is_archived: true } });
      const archivedLevel = await as('DIRECTOR', 'POST', '/api/courses/', { body: body({ subject: old.json.id, level: oldLevel.json.id }) });
      expect(archivedLevel.json).toEqual({ level: ['This item is archived'] });
      await as('DIRECTOR', 'PATCH', `/api/subjects/${old.json.id}/`, { body: { is_archived: true } });
      const archivedSubject = await as('DIRECTOR', 'POST', '/api/courses/', { body: body({ subject: old.json.id, level: oldLevel.json.id }) });
      expect(archivedSubject.json).toEqual({ subject: ['This item is archived'] });
    });
  });

  describe('update', () => {
    it('replaces with PUT; the branch stays', async () => {
      const created = await create();
      const res = await as('DIRECTOR', 'PUT', `/api/courses/${created.id}/`, {
        body: body({ level: ids.beginner, name: 'Beginner plus', price: '500000.00', lessons_per_month: 12, duration_months: 3 }),
      });
      expect(course.strict().parse(res.json)).toMatchObject({ name: 'Beginner plus', level_name: 'Beginner', price: '500000.00', duration_months: 3 });
      expect((await t.lastAudit('course.update', created.id))?.before).toMatchObject({ name: 'IELTS 7.0', price: '900000.00' });

      const moved = await as('DIRECTOR', 'PUT', `/api/courses/${created.id}/`, { body: body({ filial: ids.yunusobod }) });
      expect(moved.status).toBe(400);
      expect(moved.json).toEqual({ filial: ['A course stays in the branch it was created in'] });
      const incomplete = await as('DIRECTOR', 'PUT', `/api/courses/${created.id}/`, { body: { name: 'X' } });
      expect(incomplete.status).toBe(400);
      expect(incomplete.json).toHaveProperty('price');
    });

    it('patches one field, archives and unarchives', async () => {
      const created = await create({ name: 'Arxivga' });
      const repriced = await as('DIRECTOR', 'PATCH', `/api/courses/${created.id}`, { body: { price: 950000 } });
      expect(repriced.json).toMatchObject({ price: '950000.00', name: 'Arxivga' });

      const archived = await as('DIRECTOR', 'PATCH', `/api/courses/${created.id}/`, { body: { is_archived: true } });
      expect(archived.json.is_archived).toBe(true);
      expect(await t.lastAudit('course.archive', created.id)).toBeDefined();
      const active = courseList.parse((await as('DIRECTOR', 'GET', '/api/courses/no-pg/')).json);
      expect(active.map((c) => c.id)).not.toContain(created.id);
      const inArchive = courseList.parse((await as('DIRECTOR', 'GET', '/api/courses/no-pg/?is_archived=true')).json);
      expect(inArchive.map((c) => c.id)).toContain(created.id);
      await as('DIRECTOR', 'PATCH', `/api/courses/${created.id}/`, { body: { is_archived: false } });
      expect(await t.lastAudit('course.unarchive', created.id)).toBeDefined();

      const wrong = await as('DIRECTOR', 'PATCH', `/api/courses/${created.id}/`, { body: { level: await levelId(t, 'Matematika', 'O‘rta') } });
      expect(wrong.json).toEqual({ level: ['This level does not belong to the chosen subject'] });
      const [row] = await t.db.select({ levelId: courses.levelId }).from(courses).where(and(eq(courses.id, created.id)));
      expect(row.levelId).toBe(ids.ielts);
    });

    it('answers 404 for another branch’s course and for an unknown one', async () => {
      const yunusobodCourse = await courseIn(ids.yunusobod);
      expect((await as('HEAD_TEACHER', 'PATCH', `/api/courses/${yunusobodCourse}/`, { body: { name: 'X' } })).status).toBe(404);
      expect((await as('HEAD_TEACHER', 'PUT', `/api/courses/${yunusobodCourse}/`, { body: body({ filial: ids.yunusobod }) })).status).toBe(404);
      expect((await as('DIRECTOR', 'PATCH', '/api/courses/999999/', { body: { name: 'X' } })).status).toBe(404);
    });
  });

  it('lets education screens read and only `materials` write', async () => {
    const own = await courseIn(ids.chilonzor);
    expect((await as('TEACHER', 'GET', '/api/courses/')).status).toBe(200);
    expect((await as('TEACHER', 'GET', `/api/courses/${own}/`)).status).toBe(200);
    // The plain list is a look-up of the student filters (the call operator's testing list); the rest is not.
    expect((await as('CALL_OPERATOR', 'GET', '/api/courses/no-pg/')).status).toBe(200);
    expect((await as('CALL_OPERATOR', 'GET', '/api/courses/')).status).toBe(403);
    expect((await as('ATTENDANCE_MANAGER', 'GET', '/api/courses/no-pg/')).status).toBe(403);
    expect((await as('TEACHER', 'POST', '/api/courses/', { body: body() })).status).toBe(403);
    expect((await as('TEACHER', 'PUT', `/api/courses/${own}/`, { body: body() })).status).toBe(403);
    expect((await as('TEACHER', 'PATCH', `/api/courses/${own}/`, { body: { is_archived: true } })).status).toBe(403);
    expect((await as('DIRECTOR', 'GET', `/api/courses/${own}/`)).json.is_archived).toBe(false);
  });
});
