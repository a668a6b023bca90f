// Rooms (spec section 7, "Rooms"): paged and plain lists, create, update, archive on DELETE, branch scope and
// page permissions, and the refusal to archive a room that running groups use.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paged } from '../../contract/common';
import { room } from '../../contract/rooms';
import { groups, rooms } from '../../server/db/schema';
import { backends, useTestApp } from './harness';
import { makeCourse, makeRoom, unique } from './groupsSupport';

describe.each(backends())('rooms on %s', (backend) => {
  const t = useTestApp(backend);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;

  it('creates a room (201, audited) and lists it, paged and plain', async () => {
    const director = await token('DIRECTOR');
    const samarqand = await t.filialId('Samarqand');
    const name = unique('Lab');
    const res = await t.call('POST', '/api/groups/room/', {
      token: director,
      body: { filial: samarqand, name: `  ${name} `, room_type: 'lab', capacity: 12 },
    });
    expect(res.status).toBe(201);
    const created = room.strict().parse(res.json);
    expect(created).toMatchObject({ filial: samarqand, name, room_type: 'lab', capacity: 12, is_archived: false });
    expect(await t.lastAudit('room.create', created.id)).toMatchObject({ actorId: t.demo('DIRECTOR').id, filialId: samarqand });

    const page = paged(room.strict()).parse((await t.call('GET', `/api/groups/room?filial=${samarqand}&page_size=100`, { token: director })).json);
    expect(page.results.map((r) => r.id)).toContain(created.id);
    expect(page.results.every((r) => r.filial === samarqand && !r.is_archived)).toBe(true);
    const stored = await t.db.select().from(rooms).where(and(eq(rooms.filialId, samarqand), eq(rooms.isArchived, false)));
    expect(page.count).toBe(stored.length);

    const labs = room.strict().array().parse((await t.call('GET', `/api/groups/room/no-pg/?filial=${samarqand}&room_type=lab`, { token: director })).json);
    expect(labs.map((r) => r.id)).toContain(created.id);
    expect(labs.every((r) => r.room_type === 'lab')).toBe(true);
    const halls = (await t.call('GET', `/api/groups/room/no-pg?filial=${samarqand}&room_type=hall`, { token: director })).json;
    expect(halls.map((r: { id: number }) => r.id)).not.toContain(created.id);
  });

  it('pages with next and previous links', async () => {
    const director = await token('DIRECTOR');
    const yunusobod = await t.filialId('Yunusobod');
    for (let i = 0; i < 3; i++) await makeRoom(t, director, 'Yunusobod');
    const first = (await t.call('GET', `/api/groups/room?filial=${yunusobod}&page_size=2`, { token: director })).json;
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/page=2/);
    const lastPage = Math.ceil(first.count / 2);
    const last = (await t.call('GET', `/api/groups/room?filial=${yunusobod}&page_size=2&page=${lastPage}`, { token: director })).json;
    expect(last.next).toBeNull();
    expect(last.previous).toMatch(new RegExp(`page=${lastPage - 1}`));
  });

  it('answers 400 per field for bad input and for a name taken in the branch', async () => {
    const director = await token('DIRECTOR');
    const bad = await t.call('POST', '/api/groups/room', { token: director, body: { filial: 0, name: ' ', room_type: 'garage', capacity: 0 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['capacity', 'filial', 'name', 'room_type']);
    const missing = await t.call('POST', '/api/groups/room', { token: director, body: {} });
    expect(Object.keys(missing.json).sort()).toEqual(['capacity', 'filial', 'name']);

    const existing = await makeRoom(t, director, 'Chilonzor');
    const taken = await t.call('POST', '/api/groups/room', {
      token: director,
      body: { filial: existing.filial, name: existing.name.toUpperCase(), capacity: 10 },
      headers: { 'accept-language': 'en' },
    });
    expect(taken.status).toBe(400);
    expect(Object.keys(taken.json)).toEqual(['name']);
    // Another branch may use the same name.
    const elsewhere = await t.call('POST', '/api/groups/room', { token: director, body: { filial: await t.filialId('Samarqand'), name: existing.name, capacity: 10 } });
    expect(elsewhere.status).toBe(201);
    const noBranch = await t.call('POST', '/api/groups/room', { token: director, body: { filial: 99999, name: 'X', capacity: 10 } });
    expect(noBranch.status).toBe(400);
    expect(Object.keys(noBranch.json)).toEqual(['filial']);
  });

  it('updates a room and archives it on DELETE (204); archived rooms leave the lists and can come back', async () => {
    const admin = await token('ADMINISTRATOR');
    const created = await makeRoom(t, admin, 'Chilonzor');
    const name = unique('Zal');
    const put = await t.call('PUT', `/api/groups/room/${created.id}/`, { token: admin, body: { filial: created.filial, name, room_type: 'hall', capacity: 40 } });
    expect(put.status).toBe(200);
    expect(room.strict().parse(put.json)).toMatchObject({ id: created.id, name, room_type: 'hall', capacity: 40 });
    expect(await t.lastAudit('room.update', created.id)).toMatchObject({ before: { name: created.name }, after: { name } });

    const del = await t.call('DELETE', `/api/groups/room/${created.id}`, { token: admin });
    expect(del.status).toBe(204);
    expect(await t.lastAudit('room.archive', created.id)).toBeDefined();
    const plain = (await t.call('GET', `/api/groups/room/no-pg?filial=${created.filial}`, { token: admin })).json;
    expect(plain.map((r: { id: number }) => r.id)).not.toContain(created.id);
    const archived = (await t.call('GET', `/api/groups/room?filial=${created.filial}&is_archived=true&page_size=100`, { token: admin })).json;
    expect(archived.results.map((r: { id: number }) => r.id)).toContain(created.id);
    expect((await t.call('DELETE', `/api/groups/room/${created.id}/`, { token: admin })).status).toBe(204);

    const back = await t.call('PUT', `/api/groups/room/${created.id}`, { token: admin, body: { filial: created.filial, name, room_type: 'hall', capacity: 40, is_archived: false } });
    expect(back.json.is_archived).toBe(false);
    expect(await t.lastAudit('room.unarchive', created.id)).toBeDefined();
  });

  it('refuses to archive a room that a running group uses (409 naming the group)', async () => {
    const director = await token('DIRECTOR');
    const busy = await makeRoom(t, director, 'Chilonzor');
    const course = await makeCourse(t, 'Chilonzor');
    const name = unique('Ingliz tili');
    const [g] = await t.db
      .insert(groups)
      .values({
        filialId: busy.filial, name, courseId: course.id, teacherId: t.demo('TEACHER').id, roomId: busy.id, days: [2, 4],
        startTime: '10:00', endTime: '11:00', startDate: '2031-01-01', endDate: '2031-02-01', price: '1.00',
      })
      .returning();
    const res = await t.call('DELETE', `/api/groups/room/${busy.id}/`, { token: director, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(409);
    expect(res.json.detail).toContain(name);
    expect(res.json.groups).toEqual([{ id: g.id, name }]);
    const moved = await t.call('PUT', `/api/groups/room/${busy.id}/`, { token: director, body: { filial: await t.filialId('Samarqand'), name: busy.name, capacity: 10 } });
    expect(moved.status).toBe(409);
    // Once the group is archived the room is free to go.
    await t.db.update(groups).set({ status: 'archived' }).where(eq(groups.id, g.id));
    expect((await t.call('DELETE', `/api/groups/room/${busy.id}/`, { token: director })).status).toBe(204);
  });

  it('keeps every branch to its own rooms (404 outside the scope)', async () => {
    const director = await token('DIRECTOR');
    const yunusobodRoom = await makeRoom(t, director, 'Yunusobod');
    const chilonzorRoom = await makeRoom(t, director, 'Chilonzor');
    const admin = await token('ADMINISTRATOR'); // Chilonzor only
    const list = (await t.call('GET', '/api/groups/room?page_size=100', { token: admin })).json;
    const chilonzor = await t.filialId('Chilonzor');
    expect(list.results.every((r: { filial: number }) => r.filial === chilonzor)).toBe(true);
    expect(list.results.map((r: { id: number }) => r.id)).toContain(chilonzorRoom.id);
    expect((await t.call('GET', `/api/groups/room?filial=${yunusobodRoom.filial}`, { token: admin })).status).toBe(404);
    const body = { filial: yunusobodRoom.filial, name: 'Boshqa', capacity: 5 };
    expect((await t.call('PUT', `/api/groups/room/${yunusobodRoom.id}/`, { token: admin, body })).status).toBe(404);
    expect((await t.call('DELETE', `/api/groups/room/${yunusobodRoom.id}/`, { token: admin })).status).toBe(404);
    expect((await t.call('POST', '/api/groups/room', { token: admin, body })).status).toBe(404);
    expect((await t.call('DELETE', '/api/groups/room/987654/', { token: admin })).status).toBe(404);
  });

  it('lets group and schedule readers list rooms but only `rooms` write them', async () => {
    const teacher = await token('TEACHER');
    expect((await t.call('GET', '/api/groups/room/no-pg', { token: teacher })).status).toBe(200);
    const chilonzor = await t.filialId('Chilonzor');
    const post = await t.call('POST', '/api/groups/room', { token: teacher, body: { filial: chilonzor, name: 'X', capacity: 5 } });
    expect(post.status).toBe(403);
    const testolog = await token('TESTOLOG');
    expect((await t.call('GET', '/api/groups/room', { token: testolog })).status).toBe(403);
    expect((await t.call('GET', '/api/groups/room')).status).toBe(401);
  });
});
