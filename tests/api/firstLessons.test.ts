// GET /api/first_lessons/leads/no-pg: the branch's orders whose first lesson is near (a week back and ahead by
// default, or a day, or a range), with the group, its teacher and room, the operator and whether that day's
// lesson was held; branch scope (404 / own branches) and the order pages (403).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { firstLesson } from '../../contract/firstLessons';
import { lead, leadCreated } from '../../contract/leads';
import { lessons } from '../../server/db/schema';
import { daysFromToday, eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

let phoneCounter = 0;
const newPhone = () => `+99876${String(1_000_000 + (process.pid % 10_000) * 100 + ++phoneCounter).slice(-7)}`;

describe.each(backends())('first lessons on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;

  const orderIn = async (tk: string, group: { id: number; filialId: number }, day: number) => {
    const created = leadCreated.parse(
      (await t.call('POST', '/api/lid/', { token: tk, body: { filial: group.filialId, full_name: `First ${day}`, phone: newPhone() } })).json,
    );
    const res = await t.call('PATCH', `/api/lid/${created.id}/create_order`, { token: tk, body: { group: group.id, first_lesson_date: daysFromToday(day) } });
    if (res.status !== 200) throw new Error(`order: ${res.status} ${res.text}`);
    return lead.parse(res.json);
  };
  const list = async (tk: string, query: string) => {
    const res = await t.call('GET', `/api/api/first_lessons/leads/no-pg${query}`, { token: tk });
    expect(res.status).toBe(200);
    return firstLesson.strict().array().parse(res.json);
  };

  it('lists the orders around today with their group, operator and whether the first lesson was held', async () => {
    const operator = await token('CALL_OPERATOR');
    const chilonzor = await f.filial('Chilonzor');
    const group = await f.group({ filialId: chilonzor, teacherId: t.demo('TEACHER').id });
    const [heldLesson, plannedLesson] = await f.lessons(group, [daysFromToday(-2), daysFromToday(3)]);
    await t.db.update(lessons).set({ status: 'held' }).where(eq(lessons.id, heldLesson));
    const past = await orderIn(operator, group, -2);
    const coming = await orderIn(operator, group, 3);
    const noLesson = await orderIn(operator, group, 5);
    const later = await orderIn(operator, group, 10);
    const longAgo = await orderIn(operator, group, -10);
    const cancelledOrder = await orderIn(operator, group, 1);
    await t.call('PATCH', `/api/lid/${cancelledOrder.id}/`, { token: operator, body: { stage: 'KUTULMOQDA' } });
    const archived = await orderIn(operator, group, 1);
    await t.call('PATCH', `/api/lid/${archived.id}/`, { token: operator, body: { is_archived: true, archived_reason: 'other' } });
    const joined = await orderIn(operator, group, -2);
    expect((await t.call('PATCH', `/api/lid/${joined.id}/`, { token: operator, body: { stage: 'JOINED' } })).status).toBe(200);

    const ours = new Set([past, coming, noLesson, later, longAgo, cancelledOrder, archived, joined].map((l) => l.id));
    const shown = (await list(operator, `?filial=${chilonzor}`)).filter((o) => ours.has(o.id));
    expect(shown.map((o) => o.id)).toEqual([past.id, coming.id, noLesson.id]);
    const [room] = await t.db.select().from(lessons).where(eq(lessons.id, heldLesson));
    expect(shown[0]).toEqual({
      id: past.id,
      filial: chilonzor,
      full_name: past.full_name,
      phone: past.phone,
      extra_phone: null,
      operator: { id: t.demo('CALL_OPERATOR').id, full_name: t.demo('CALL_OPERATOR').name },
      group: {
        id: group.id,
        name: group.name,
        teacher: { id: t.demo('TEACHER').id, full_name: t.demo('TEACHER').name },
        room: { id: room.roomId, name: expect.any(String) },
        days: [1, 2, 3, 4, 5, 6, 7],
        start_time: '20:00',
        end_time: '21:30',
      },
      first_lesson_date: daysFromToday(-2),
      lesson: { id: heldLesson, status: 'held' },
      lesson_held: true,
    });
    expect(shown[1]).toMatchObject({ lesson: { id: plannedLesson, status: 'planned' }, lesson_held: false });
    expect(shown[2]).toMatchObject({ lesson: null, lesson_held: false });

    const oneDay = (await list(operator, `?filial=${chilonzor}&date=${daysFromToday(10)}`)).filter((o) => ours.has(o.id));
    expect(oneDay.map((o) => o.id)).toEqual([later.id]);
    const range = (await list(operator, `?filial=${chilonzor}&start_date=${daysFromToday(-10)}&end_date=${daysFromToday(-2)}`)).filter((o) => ours.has(o.id));
    expect(range.map((o) => o.id)).toEqual([longAgo.id, past.id]);
    const openEnd = (await list(operator, `?start_date=${daysFromToday(4)}`)).filter((o) => ours.has(o.id));
    expect(openEnd.map((o) => o.id)).toEqual([noLesson.id]);
    // Empty filters are no filters.
    const empty = (await list(operator, `?filial=&date=&start_date=&end_date=`)).filter((o) => ours.has(o.id));
    expect(empty.map((o) => o.id)).toEqual([past.id, coming.id, noLesson.id]);
  });

  it('keeps to the branch scope (404 for another branch, own branches without filial) and the order pages (403); 400 for bad dates', async () => {
    const director = await token('DIRECTOR');
    const yunusobod = await f.filial('Yunusobod');
    const group = await f.group({ filialId: yunusobod, teacherId: t.demo('TEACHER').id });
    const foreign = await orderIn(director, group, 1);
    expect((await list(director, `?filial=${yunusobod}`)).map((o) => o.id)).toContain(foreign.id);

    const operator = await token('CALL_OPERATOR');
    expect((await t.call('GET', `/api/api/first_lessons/leads/no-pg?filial=${yunusobod}`, { token: operator })).status).toBe(404);
    const own = await list(operator, '');
    expect(own.map((o) => o.id)).not.toContain(foreign.id);
    const chilonzor = await f.filial('Chilonzor');
    expect(own.every((o) => o.filial === chilonzor)).toBe(true);

    expect((await t.call('GET', '/api/api/first_lessons/leads/no-pg', { token: await token('TEACHER') })).status).toBe(403);
    const bad = await t.call('GET', '/api/api/first_lessons/leads/no-pg?date=tomorrow&filial=x', { token: director });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['date', 'filial']);
    const backwards = await t.call('GET', `/api/api/first_lessons/leads/no-pg?start_date=${daysFromToday(3)}&end_date=${daysFromToday(1)}`, { token: director });
    expect(backwards.status).toBe(400);
    expect(Object.keys(backwards.json)).toEqual(['end_date']);
  });
});
