// A teacher who works in two branches is busy in the other one: the scheduling assistant and the 409 of a group
// write say when, but name no group of a branch the user cannot see (found by the access matrix's unfiltered
// reads: GET /groups/availability/ named branch B's group to a branch A administrator).
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backends, useTestApp, type Backend } from './harness';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(backends())('clashes with another branch (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let busy: { groupId: number; name: string; teacherId: number; days: number[]; start: string; end: string };
  let own: { filial: number; room: number; course: number };
  // Set by the first test (a free room of branch A).

  beforeAll(async () => {
    const rows = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: Record<string, any>[] }).rows;
    const [g] = await rows(sql`select g.id, g.name, g.teacher_id, g.days, to_char(g.start_time, 'HH24:MI') as st, to_char(g.end_time, 'HH24:MI') as et
      from groups g join employees e on e.id = g.teacher_id join filials f on f.id = g.filial_id
      where e.full_name = 'Nargiza Sobirova' and f.name = 'Yunusobod' and g.status = 'active' order by g.id limit 1`);
    busy = { groupId: Number(g.id), name: g.name, teacherId: Number(g.teacher_id), days: g.days.map(Number), start: g.st, end: g.et };
    const filial = await t.filialId('Chilonzor');
    const [course] = await rows(sql`select id from courses where filial_id = ${filial} and not is_archived order by id limit 1`);
    own = { filial, room: 0, course: Number(course.id) };
  });

  const slot = () => ({
    filial: String(own.filial),
    days: busy.days.join(','),
    start_time: busy.start,
    end_time: busy.end,
    start_date: day(7),
    end_date: day(35),
  });

  it('shows a branch A administrator when the shared teacher is busy, not which branch B group', async () => {
    const { access_token } = await t.signInAs('ADMINISTRATOR');
    const res = await t.call('GET', `/api/groups/availability?${new URLSearchParams(slot())}`, { token: access_token });
    expect(res.status).toBe(200);
    const teacher = res.json.teachers.find((p: { id: number }) => p.id === busy.teacherId);
    expect(teacher.free).toBe(false);
    expect(teacher.clash).toMatchObject({ kind: 'teacher', group: null, start_time: busy.start });
    expect(res.text).not.toContain(busy.name);
    // A room of branch A that is free then, so the teacher is the only clash of the write.
    own.room = res.json.rooms.find((r: { free: boolean }) => r.free).id;

    const write = await t.call('POST', '/api/groups', {
      token: access_token,
      body: { ...slot(), filial: own.filial, days: busy.days, name: 'Clash probe', course: own.course, teacher: busy.teacherId, room: own.room },
    });
    expect(write.status).toBe(409);
    expect(write.json.conflict).toMatchObject({ kind: 'teacher', group: null });
    expect(write.json.detail).toMatch(/^The teacher is already busy with a lesson in another branch \(/);
    expect(write.text).not.toContain(busy.name);
  });

  it('names the group to the director, who sees both branches', async () => {
    const { access_token } = await t.signInAs('DIRECTOR');
    const res = await t.call('GET', `/api/groups/availability?${new URLSearchParams(slot())}`, { token: access_token });
    const teacher = res.json.teachers.find((p: { id: number }) => p.id === busy.teacherId);
    expect(teacher.clash.group).toEqual({ id: busy.groupId, name: busy.name });
    const write = await t.call('POST', '/api/groups', {
      token: access_token,
      body: { ...slot(), filial: own.filial, days: busy.days, name: 'Clash probe', course: own.course, teacher: busy.teacherId, room: own.room },
    });
    expect(write.status).toBe(409);
    expect(write.json.conflict.group).toEqual({ id: busy.groupId, name: busy.name });
  });
});
