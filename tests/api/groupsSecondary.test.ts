// Secondary groups (spec section 7, "Groups"): extra sessions off a main group, with their own paged and plain
// lists and filters, create, PUT by ?id= or body id, DELETE (archives), and the same clash rules.
import { and, eq, gte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paged } from '../../contract/common';
import { group } from '../../contract/groups';
import { lessons } from '../../server/db/schema';
import { backends, useTestApp } from './harness';
import { groupBody, makeCourse, makeEmployee, makeRoom, unique } from './groupsSupport';

describe.each(backends())('secondary groups on %s', (backend) => {
  const t = useTestApp(backend);
  let director: string;
  let chilonzor: number;
  let course: Awaited<ReturnType<typeof makeCourse>>;
  let main: { id: number; name: string; teacher: { id: number }; room: { id: number } };
  const fresh = async () => ({
    teacher: (await makeEmployee(t, 'TEACHER', ['Chilonzor'])).id,
    room: (await makeRoom(t, director, 'Chilonzor')).id,
  });
  const secondary = async (over: object = {}) => ({
    ...groupBody({ filial: chilonzor, course: course.id, ...(await fresh()) }, { days: [6], start_time: '12:00', end_time: '13:00' }),
    course: undefined,
    parent_group: main.id,
    ...over,
  });
  const post = (body: object) => t.call('POST', '/api/groups/secondary/', { token: director, body });

  beforeAll(async () => {
    director = (await t.signInAs('DIRECTOR')).access_token;
    chilonzor = await t.filialId('Chilonzor');
    course = await makeCourse(t, 'Chilonzor');
    const res = await t.call('POST', '/api/groups/', { token: director, body: groupBody({ filial: chilonzor, course: course.id, ...(await fresh()) }) });
    main = res.json;
  });

  it("creates one off a main group, with the parent's course and a zero price by default", async () => {
    const body = await secondary();
    const res = await post(body);
    expect(res.status).toBe(201);
    const g = group.strict().parse(res.json);
    expect(g).toMatchObject({ is_secondary: true, parent_group: { id: main.id, name: main.name }, course: { id: course.id }, price: '0.00', days: [6] });
    expect(await t.lastAudit('group.secondary_create', g.id)).toBeDefined();
    expect((await t.db.select().from(lessons).where(eq(lessons.groupId, g.id))).length).toBeGreaterThan(0);
    // Main lists leave secondary groups out.
    const mains = (await t.call('GET', `/api/groups/?q=${encodeURIComponent(body.name)}`, { token: director })).json;
    expect(mains.count).toBe(0);
  });

  it('lists them paged and plain with the teacher, course, branch and period filters', async () => {
    const one = (await post(await secondary({ name: unique('Qo‘shimcha'), start_date: '2031-02-01', end_date: '2031-02-28' }))).json;
    const two = (await post(await secondary({ name: unique('Qo‘shimcha'), start_date: '2031-05-01', end_date: '2031-05-31' }))).json;
    const ids = async (query: string) => {
      const res = await t.call('GET', `/api/groups/secondary/?${query}`, { token: director });
      expect(res.status, query).toBe(200);
      return paged(group.strict()).parse(res.json).results.map((g) => g.id);
    };
    expect(await ids(`teacher=${one.teacher.id}`)).toEqual([one.id]);
    expect(await ids(`start_date=2031-02-15&end_date=2031-03-15&course=${course.id}&filial=${chilonzor}`)).toContain(one.id);
    expect(await ids('start_date=2031-02-15&end_date=2031-03-15')).not.toContain(two.id);
    expect(await ids('start_date=2031-05-31')).toContain(two.id);
    expect(await ids('start_date=2031-05-31')).not.toContain(one.id);
    const plain = (await t.call('GET', `/api/groups/secondary/no-pg/?teacher=${two.teacher.id}`, { token: director })).json;
    expect(plain.map((g: { id: number }) => g.id)).toEqual([two.id]);
    expect((await t.call('GET', '/api/groups/secondary/?start_date=someday', { token: director })).status).toBe(400);
  });

  it('updates by ?id= or body id and archives on DELETE (its lessons still to come go)', async () => {
    const g = (await post(await secondary())).json;
    const body = await secondary({ name: unique('Yangi nom'), teacher: g.teacher.id, room: g.room.id });
    const byQuery = await t.call('PUT', `/api/groups/secondary/?id=${g.id}`, { token: director, body: { ...body, start_time: '13:00', end_time: '14:00' } });
    expect(byQuery.status).toBe(200);
    expect(byQuery.json).toMatchObject({ id: g.id, name: body.name, start_time: '13:00' });
    const byBody = await t.call('PUT', '/api/groups/secondary/', { token: director, body: { ...body, id: g.id, price: '50000' } });
    expect(byBody.json).toMatchObject({ id: g.id, price: '50000.00' });
    expect((await t.call('PUT', '/api/groups/secondary/', { token: director, body })).status).toBe(400);
    // A main group is not a secondary one.
    expect((await t.call('PUT', `/api/groups/secondary/?id=${main.id}`, { token: director, body })).status).toBe(404);

    const del = await t.call('DELETE', `/api/groups/secondary/?id=${g.id}`, { token: director });
    expect(del.status).toBe(204);
    expect((await t.call('GET', `/api/groups/${g.id}/`, { token: director })).json.status).toBe('archived');
    expect(await t.lastAudit('group.archive', g.id)).toBeDefined();
    const left = await t.db.select().from(lessons).where(and(eq(lessons.groupId, g.id), gte(lessons.date, '2000-01-01')));
    expect(left).toEqual([]);
    const other = (await post(await secondary())).json;
    expect((await t.call('DELETE', '/api/groups/secondary/', { token: director, body: { id: other.id } })).status).toBe(204);
    expect((await t.call('DELETE', '/api/groups/secondary/', { token: director })).status).toBe(400);
  });

  it('needs a main group of the branch as parent and keeps the clash rules', async () => {
    const sub = (await post(await secondary())).json;
    const ofSecondary = await post(await secondary({ parent_group: sub.id }));
    expect(ofSecondary.status).toBe(400);
    expect(Object.keys(ofSecondary.json)).toEqual(['parent_group']);
    expect(Object.keys((await post(await secondary({ parent_group: 987654 }))).json)).toEqual(['parent_group']);
    const missing = await post({ ...(await secondary()), parent_group: undefined });
    expect(Object.keys(missing.json)).toEqual(['parent_group']);
    // The main group's own teacher is busy Mon/Wed/Fri 14:00-15:30.
    const clash = await post(await secondary({ teacher: main.teacher.id, days: [1], start_time: '15:00', end_time: '16:00' }));
    expect(clash.status).toBe(409);
    expect(clash.json.conflict).toMatchObject({ kind: 'teacher', group: { id: main.id } });
    const teacher = (await t.signInAs('TEACHER')).access_token;
    expect((await t.call('POST', '/api/groups/secondary/', { token: teacher, body: await secondary() })).status).toBe(403);
  });
});
