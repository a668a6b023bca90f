// An order's first lesson is a day the group meets: PATCH /lid/{id}/create_order (and /change_order) refuses, on
// the server, a day outside the group's weekdays or a day whose lesson is cancelled, with a 400 on
// first_lesson_date in the request's language, and writes nothing.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lead, leadCreated } from '../../contract/leads';
import { groups, leadLogs, leads, lessons } from '../../server/db/schema';
import { EN, REAL_LOCALES } from './catalogueSupport';
import { backends, useTestApp } from './harness';
import { makeCourse, makeRoom } from './groupsSupport';

let phoneCounter = 0;
const newPhone = () => `+99878${String(1_000_000 + (process.pid % 10_000) * 100 + ++phoneCounter).slice(-7)}`;

// 2031-02-03 is a Monday; the group meets on Mondays and Wednesdays from 2031-01-01 to 2031-06-01.
const MONDAY = '2031-02-03';
const TUESDAY = '2031-02-04';
const WEDNESDAY = '2031-02-05';
const NEXT_MONDAY = '2031-02-10';

describe.each(backends())('first-lesson days of an order on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;

  async function mondaysAndWednesdays() {
    const director = await token('DIRECTOR');
    const course = await makeCourse(t, 'Chilonzor');
    const room = await makeRoom(t, director, 'Chilonzor');
    const [g] = await t.db
      .insert(groups)
      .values({
        filialId: course.filialId, name: `Order days ${++phoneCounter}`, courseId: course.id, teacherId: t.demo('TEACHER').id, roomId: room.id,
        days: [1, 3], startTime: '10:00', endTime: '11:00', startDate: '2031-01-01', endDate: '2031-06-01', price: '1.00',
      })
      .returning();
    return g;
  }
  async function newLead(tk: string, filial: number) {
    const res = await t.call('POST', '/api/lid/', { token: tk, body: { filial, full_name: 'Order Days', phone: newPhone() } });
    if (res.status !== 201) throw new Error(`lead: ${res.status} ${res.text}`);
    return leadCreated.parse(res.json);
  }
  const logsOf = (id: number) => t.db.select().from(leadLogs).where(eq(leadLogs.leadId, id));

  it('refuses a day the group does not meet, in the interface language, and writes nothing', async () => {
    const operator = await token('CALL_OPERATOR');
    const group = await mondaysAndWednesdays();
    const created = await newLead(operator, group.filialId);
    const path = `/api/lid/${created.id}/create_order`;

    const uz = await t.call('PATCH', path, { token: operator, body: { group: group.id, first_lesson_date: TUESDAY } });
    expect(uz.status).toBe(400);
    expect(uz.json).toEqual({ first_lesson_date: ['Guruh bu kuni dars o‘tmaydi: uning dars kunlaridan birini tanlang'] });
    const en = await t.call('PATCH', path, { token: operator, body: { group: group.id, first_lesson_date: TUESDAY }, headers: EN });
    expect(en.json).toEqual({ first_lesson_date: ['The group has no lesson on this day: choose one of its lesson days'] });
    const [row] = await t.db.select().from(leads).where(eq(leads.id, created.id));
    expect(row).toMatchObject({ stage: 'YANGI_LEAD', orderGroupId: null, firstLessonDate: null });
    expect((await logsOf(created.id)).map((l) => l.action)).toEqual(['create']);

    const ok = await t.call('PATCH', path, { token: operator, body: { group: group.id, first_lesson_date: MONDAY } });
    expect(ok.status).toBe(200);
    expect(lead.parse(ok.json)).toMatchObject({ stage: 'ORDER_CREATED', first_lesson_date: MONDAY });
  });

  it('refuses a day whose lesson is cancelled', async () => {
    const operator = await token('CALL_OPERATOR');
    const group = await mondaysAndWednesdays();
    await t.db.insert(lessons).values({
      filialId: group.filialId, groupId: group.id, date: WEDNESDAY, startTime: '10:00', endTime: '11:00', roomId: group.roomId,
      teacherId: group.teacherId, status: 'cancelled', reason: 'Holiday',
    });
    const created = await newLead(operator, group.filialId);
    const res = await t.call('PATCH', `/api/lid/${created.id}/create_order`, { token: operator, body: { group: group.id, first_lesson_date: WEDNESDAY }, headers: EN });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ first_lesson_date: ['The group’s lesson on this day is cancelled: choose another day'] });
    const ok = await t.call('PATCH', `/api/lid/${created.id}/create_order`, { token: operator, body: { group: group.id, first_lesson_date: NEXT_MONDAY } });
    expect(ok.status).toBe(200);
    const [log] = await t.db.select().from(leadLogs).where(and(eq(leadLogs.leadId, created.id), eq(leadLogs.action, 'order')));
    expect(log.comment).toBe(NEXT_MONDAY);
  });

  it('changes an ordered lead’s group or day in one write, checked the same way; nothing changes on a refusal', async () => {
    const operator = await token('CALL_OPERATOR');
    const first = await mondaysAndWednesdays();
    const second = await mondaysAndWednesdays();
    const created = await newLead(operator, first.filialId);
    const change = (body: unknown) => t.call('PATCH', `/api/lid/${created.id}/change_order`, { token: operator, body });

    // Not ordered yet: there is nothing to change.
    expect((await change({ group: first.id, first_lesson_date: MONDAY })).status).toBe(409);
    await t.call('PATCH', `/api/lid/${created.id}/create_order`, { token: operator, body: { group: first.id, first_lesson_date: MONDAY } });

    const refused = await change({ group: second.id, first_lesson_date: TUESDAY });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.json)).toEqual(['first_lesson_date']);
    const [kept] = await t.db.select().from(leads).where(eq(leads.id, created.id));
    expect(kept).toMatchObject({ stage: 'ORDER_CREATED', orderGroupId: first.id, firstLessonDate: MONDAY });

    const moved = await change({ group: second.id, first_lesson_date: WEDNESDAY });
    expect(moved.status).toBe(200);
    expect(lead.parse(moved.json)).toMatchObject({ stage: 'ORDER_CREATED', order_group: { id: second.id }, first_lesson_date: WEDNESDAY });
    expect(await t.lastAudit('lead.reorder', created.id)).toMatchObject({ before: { first_lesson_date: MONDAY }, after: { first_lesson_date: WEDNESDAY } });
    // Saved again unchanged: no history row.
    expect((await change({ group: second.id, first_lesson_date: WEDNESDAY })).status).toBe(200);
    const actions = (await logsOf(created.id)).map((l) => [l.action, l.fromStage, l.toStage, l.comment]);
    expect(actions).toEqual([
      ['create', null, 'YANGI_LEAD', ''],
      ['order', 'YANGI_LEAD', 'ORDER_CREATED', MONDAY],
      ['reorder', 'ORDER_CREATED', 'ORDER_CREATED', WEDNESDAY],
    ]);
    // A user without a lead page is refused.
    const accounting = await token('ACCOUNTING');
    expect((await t.call('PATCH', `/api/lid/${created.id}/change_order`, { token: accounting, body: { group: first.id, first_lesson_date: MONDAY } })).status).toBe(403);
  });
});
