// Leads (spec section 7, "Leads"): lists with filters, one lead, create with the same-phone warning, edit, stage
// moves (409 when illegal), archive and restore, create_order, statistic, the history in /logs/, branch scope
// and page permissions.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paged } from '../../contract/common';
import { lead, leadCreated, leadLog, leadStatistic, samePhoneConflict } from '../../contract/leads';
import { groups, leadLogs, leads, students } from '../../server/db/schema';
import { backends, useTestApp } from './harness';
import { makeCourse, makeRoom } from './groupsSupport';

let phoneCounter = 0;
const newPhone = () => `+99888${String(1_000_000 + process.pid * 10 + ++phoneCounter).slice(-7)}`;

describe.each(backends())('leads on %s', (backend) => {
  const t = useTestApp(backend);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;
  const create = async (tk: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/lid/', { token: tk, body: { full_name: 'Test Lid', phone: newPhone(), ...body } });
    if (res.status !== 201) throw new Error(`lead: ${res.status} ${res.text}`);
    return leadCreated.strict().parse(res.json);
  };
  const runningGroup = async (filial: string) => {
    const director = await token('DIRECTOR');
    const course = await makeCourse(t, filial);
    const room = await makeRoom(t, director, filial);
    const [g] = await t.db
      .insert(groups)
      .values({
        filialId: course.filialId, name: `Lead group ${++phoneCounter}`, courseId: course.id, teacherId: t.demo('TEACHER').id, roomId: room.id,
        days: [1, 3], startTime: '10:00', endTime: '11:00', startDate: '2031-01-01', endDate: '2031-06-01', price: '1.00',
      })
      .returning();
    return g;
  };

  it('creates a lead (201, operator = the calling operator, logged and audited) and reads it back', async () => {
    const operator = await token('CALL_OPERATOR');
    const chilonzor = await t.filialId('Chilonzor');
    const res = await t.call('POST', '/api/lid', {
      token: operator,
      body: { filial: chilonzor, full_name: '  Ali Valiyev ', phone: '+998 88 123 45 67', preferred_days: [5, 1, 1], preferred_time: '15:30', comment: 'Kechqurun' },
    });
    expect(res.status).toBe(201);
    const created = leadCreated.strict().parse(res.json);
    expect(created).toMatchObject({
      filial: chilonzor, full_name: 'Ali Valiyev', phone: '+998881234567', preferred_days: [1, 5], preferred_time: '15:30',
      stage: 'YANGI_LEAD', is_archived: false, is_student: false, operator: { id: t.demo('CALL_OPERATOR').id, full_name: t.demo('CALL_OPERATOR').name },
    });
    expect(await t.lastAudit('lead.create', created.id)).toMatchObject({ actorId: t.demo('CALL_OPERATOR').id, filialId: chilonzor });
    const logs = await t.db.select().from(leadLogs).where(eq(leadLogs.leadId, created.id));
    expect(logs).toMatchObject([{ action: 'create', toStage: 'YANGI_LEAD' }]);
    for (const path of [`/api/lid/${created.id}`, `/api/lid/${created.id}/`]) {
      const one = await t.call('GET', path, { token: operator });
      expect(one.status).toBe(200);
      const { duplicates, ...shown } = created;
      expect(duplicates).toEqual([]);
      expect(lead.strict().parse(one.json)).toEqual(shown);
    }
  });

  it('refuses a phone that leads or students already have (409 listing them) until the request confirms it', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await t.filialId('Chilonzor');
    const first = await create(director, { filial: chilonzor });
    const [student] = await t.db.select().from(students).where(eq(students.filialId, chilonzor)).limit(1);
    const before = (await t.db.select().from(leads)).length;
    const refused = await t.call('POST', '/api/lid/', { token: director, body: { filial: chilonzor, full_name: 'Twin', phone: first.phone }, headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(409);
    expect(samePhoneConflict.strict().parse(refused.json).duplicates).toEqual([
      { kind: 'lead', id: first.id, filial: chilonzor, full_name: first.full_name, phone: first.phone, link: `/leads/lead_info?id=${first.id}` },
    ]);
    // The extra phone is looked up too.
    const byExtra = await t.call('POST', '/api/lid/', { token: director, body: { filial: chilonzor, full_name: 'Twin', phone: newPhone(), extra_phone: student.phone } });
    expect(byExtra.status).toBe(409);
    expect(byExtra.json.duplicates).toContainEqual({ kind: 'student', id: student.id, filial: chilonzor, full_name: student.fullName, phone: student.phone, link: `/students/info?id=${student.id}` });
    expect((await t.db.select().from(leads)).length).toBe(before);
    // Saved only on the explicit choice; the answer still names them.
    const again = await create(director, { filial: chilonzor, phone: first.phone, confirm_duplicate: true });
    expect(again.duplicates).toEqual([{ kind: 'lead', id: first.id, filial: chilonzor, full_name: first.full_name, phone: first.phone, link: `/leads/lead_info?id=${first.id}` }]);
    const bad = await t.call('POST', '/api/lid/', { token: director, body: { filial: chilonzor, full_name: 'Twin', phone: first.phone, confirm_duplicate: 'yes' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json)).toEqual(['confirm_duplicate']);
  });

  it('answers 400 per field for bad input', async () => {
    const director = await token('DIRECTOR');
    const bad = await t.call('POST', '/api/lid/', {
      token: director,
      body: { filial: 0, full_name: ' ', phone: '12345', extra_phone: '+99812', preferred_days: [0], preferred_time: '25:00' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['extra_phone', 'filial', 'full_name', 'phone', 'preferred_days.0', 'preferred_time']);
    const missing = await t.call('POST', '/api/lid/', { token: director, body: {} });
    expect(Object.keys(missing.json).sort()).toEqual(['filial', 'full_name', 'phone']);
    const unknown = await t.call('POST', '/api/lid/', { token: director, body: { filial: await t.filialId('Chilonzor'), full_name: 'X', phone: newPhone(), subject: 999999 } });
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.json)).toEqual(['subject']);
    const created = await create(director, { filial: await t.filialId('Chilonzor') });
    const badPatch = await t.call('PATCH', `/api/lid/${created.id}`, { token: director, body: { phone: 'abc', is_archived: true } });
    expect(Object.keys(badPatch.json).sort()).toEqual(['archived_reason', 'phone']);
    // The order's group and date are not edited here (they were dropped silently: 200, nothing changed).
    const orderByEdit = await t.call('PATCH', `/api/lid/${created.id}`, { token: director, body: { group: 1, first_lesson_date: '2031-01-10' } });
    expect(orderByEdit.status).toBe(400);
    expect(orderByEdit.json).toEqual({ group: ['validation.orderFieldByOrder'], first_lesson_date: ['validation.orderFieldByOrder'] });
    const badOrder = await t.call('PATCH', `/api/lid/${created.id}/create_order`, { token: director, body: { group: 'x', first_lesson_date: '2031-13-01' } });
    expect(Object.keys(badOrder.json).sort()).toEqual(['first_lesson_date', 'group']);
    expect((await t.call('GET', '/api/lid/?start_date=yesterday', { token: director })).status).toBe(400);
  });

  it('lists with filters, ignoring empty ones, paged and plain', async () => {
    const director = await token('DIRECTOR');
    const samarqand = await t.filialId('Samarqand');
    const a = await create(director, { filial: samarqand, full_name: 'Filtr Alpha' });
    const b = await create(director, { filial: samarqand, full_name: 'Filtr Beta' });
    await t.call('PATCH', `/api/lid/${b.id}/`, { token: director, body: { stage: 'KUTULMOQDA' } });
    const page = paged(lead.strict()).parse(
      (await t.call('GET', `/api/lid/?filial=${samarqand}&is_student=false&source=&operator=&q=Filtr&page_size=100`, { token: director })).json,
    );
    expect(page.results.map((l) => l.id)).toEqual([b.id, a.id]);
    const waiting = (await t.call('GET', `/api/lid/?filial=${samarqand}&lid_stage_type=KUTULMOQDA&q=Filtr`, { token: director })).json;
    expect(waiting.results.map((l: { id: number }) => l.id)).toEqual([b.id]);
    const byPhone = (await t.call('GET', `/api/lid/?q=${encodeURIComponent(a.phone.slice(4))}`, { token: director })).json;
    expect(byPhone.results.map((l: { id: number }) => l.id)).toEqual([a.id]);
    const stored = await t.db.select().from(leads).where(and(eq(leads.filialId, samarqand), eq(leads.isArchived, false)));
    expect((await t.call('GET', `/api/lid?filial=${samarqand}`, { token: director })).json.count).toBe(stored.length);
    const future = (await t.call('GET', `/api/lid/?filial=${samarqand}&start_date=2099-01-01`, { token: director })).json;
    expect(future.count).toBe(0);
    const plain = lead.strict().array().parse((await t.call('GET', `/api/lid/no-pg/?filial=${samarqand}&lid_stage_type=YANGI_LEAD&is_archived=false`, { token: director })).json);
    expect(plain.map((l) => l.id)).toContain(a.id);
    expect(plain.every((l) => l.stage === 'YANGI_LEAD' && l.filial === samarqand)).toBe(true);
  });

  it('moves stages, archives with a reason and restores; illegal moves answer 409; every change is in /logs/', async () => {
    const admin = await token('ADMINISTRATOR');
    const created = await create(admin, { filial: await t.filialId('Chilonzor') });
    const waiting = await t.call('PATCH', `/api/lid/${created.id}`, { token: admin, body: { stage: 'KUTULMOQDA', comment: 'Qayta qoʻngʻiroq' } });
    expect(waiting.status).toBe(200);
    expect(waiting.json).toMatchObject({ stage: 'KUTULMOQDA', comment: 'Qayta qoʻngʻiroq' });
    expect(await t.lastAudit('lead.stage', created.id)).toMatchObject({ before: { stage: 'YANGI_LEAD' }, after: { stage: 'KUTULMOQDA' } });

    const backToNew = await t.call('PATCH', `/api/lid/${created.id}`, { token: admin, body: { stage: 'YANGI_LEAD' } });
    expect(backToNew.status).toBe(409);
    expect(backToNew.json).toMatchObject({ stage: 'KUTULMOQDA', detail: expect.any(String) });
    const badReason = await t.call('PATCH', `/api/lid/${created.id}`, { token: admin, body: { is_archived: true, archived_reason: 'bored' } });
    expect(Object.keys(badReason.json)).toEqual(['archived_reason']);

    const archived = await t.call('PATCH', `/api/lid/${created.id}/`, { token: admin, body: { is_archived: true, archived_reason: 'not_interested' } });
    expect(archived.json).toMatchObject({ is_archived: true, archived_reason: 'not_interested' });
    expect(await t.lastAudit('lead.archive', created.id)).toBeDefined();
    const blocked = await t.call('PATCH', `/api/lid/${created.id}`, { token: admin, body: { stage: 'YANGI_LEAD' } });
    expect(blocked.status).toBe(409);
    expect(blocked.json.detail).toEqual(expect.any(String));
    const archivedList = (await t.call('GET', `/api/lid/?is_archived=true&q=${encodeURIComponent(created.phone)}`, { token: admin })).json;
    expect(archivedList.results.map((l: { id: number }) => l.id)).toEqual([created.id]);

    const restored = await t.call('PATCH', `/api/lid/${created.id}`, { token: admin, body: { is_archived: false } });
    expect(restored.json).toMatchObject({ is_archived: false, archived_reason: null, stage: 'KUTULMOQDA' });
    expect(await t.lastAudit('lead.unarchive', created.id)).toBeDefined();

    const history = paged(leadLog.strict()).parse((await t.call('GET', `/api/logs/?lead=${created.id}`, { token: admin })).json);
    expect(history.results.map((l) => l.action)).toEqual(['restore', 'archive', 'stage', 'update', 'create']);
    expect(history.results[1]).toMatchObject({ comment: 'not_interested', actor: { id: t.demo('ADMINISTRATOR').id, full_name: t.demo('ADMINISTRATOR').name } });
    expect(history.results[2]).toMatchObject({ from_stage: 'YANGI_LEAD', to_stage: 'KUTULMOQDA' });
    expect((await t.call('GET', '/api/logs/?lead=', { token: admin })).status).toBe(400);
  });

  it('creates an order in a running group of the branch; the date must be within the group; ordered leads cannot go back to new', async () => {
    const director = await token('DIRECTOR');
    const group = await runningGroup('Yunusobod');
    const elsewhere = await runningGroup('Samarqand');
    const created = await create(director, { filial: group.filialId });
    const path = `/api/lid/${created.id}/create_order`;
    const wrongBranch = await t.call('PATCH', path, { token: director, body: { group: elsewhere.id, first_lesson_date: '2031-02-01' } });
    expect(wrongBranch.status).toBe(400);
    expect(Object.keys(wrongBranch.json)).toEqual(['group']);
    const outside = await t.call('PATCH', path, { token: director, body: { group: group.id, first_lesson_date: '2031-07-01' } });
    expect(Object.keys(outside.json)).toEqual(['first_lesson_date']);
    const ok = await t.call('PATCH', path, { token: director, body: { group: group.id, first_lesson_date: '2031-02-03' } });
    expect(ok.status).toBe(200);
    expect(lead.strict().parse(ok.json)).toMatchObject({ stage: 'ORDER_CREATED', order_group: { id: group.id, name: group.name }, first_lesson_date: '2031-02-03' });
    expect(await t.lastAudit('lead.order', created.id)).toBeDefined();
    const back = await t.call('PATCH', `/api/lid/${created.id}`, { token: director, body: { stage: 'YANGI_LEAD' } });
    expect(back.status).toBe(409);
    const twice = await t.call('PATCH', path, { token: director, body: { group: group.id, first_lesson_date: '2031-02-05' } });
    expect(twice.status).toBe(409);
    const orders = (await t.call('GET', `/api/lid/no-pg?filial=${group.filialId}&ordered_stages=true`, { token: director })).json;
    expect(orders.map((l: { id: number }) => l.id)).toContain(created.id);
    expect(orders.every((l: { stage: string }) => l.stage === 'ORDER_CREATED')).toBe(true);
    const [log] = await t.db.select().from(leadLogs).where(and(eq(leadLogs.leadId, created.id), eq(leadLogs.action, 'order')));
    expect(log).toMatchObject({ fromStage: 'YANGI_LEAD', toStage: 'ORDER_CREATED' });

    // Taking the order back returns the lead to waiting and forgets the group and date.
    const cancelled = await t.call('PATCH', `/api/lid/${created.id}/`, { token: director, body: { stage: 'KUTULMOQDA' } });
    expect(cancelled.json).toMatchObject({ stage: 'KUTULMOQDA', order_group: null, first_lesson_date: null });
    const history = (await t.call('GET', `/api/logs?lead=${created.id}`, { token: director })).json;
    expect(history.results.map((l: { action: string }) => l.action)).toEqual(['stage', 'order', 'create']);
  });

  it('counts leads per stage and per source', async () => {
    const director = await token('DIRECTOR');
    const samarqand = await t.filialId('Samarqand');
    const rows = await t.db.select().from(leads).where(eq(leads.filialId, samarqand));
    const stat = leadStatistic.parse((await t.call('GET', `/api/lid/statistic?filial=${samarqand}&page=1`, { token: director })).json);
    expect(stat.total).toBe(rows.length);
    expect(stat.archived).toBe(rows.filter((r) => r.isArchived).length);
    for (const stage of ['YANGI_LEAD', 'KUTULMOQDA', 'ORDER_CREATED', 'JOINED'] as const) {
      expect(stat.by_stage[stage]).toBe(rows.filter((r) => !r.isArchived && r.stage === stage).length);
    }
    expect(stat.by_source.reduce((n, s) => n + s.count, 0)).toBe(rows.length);
    await create(director, { filial: samarqand });
    const after = leadStatistic.parse((await t.call('GET', `/api/lid/statistic/?filial=${samarqand}`, { token: director })).json);
    expect(after.by_stage.YANGI_LEAD).toBe(stat.by_stage.YANGI_LEAD + 1);
    const none = leadStatistic.parse((await t.call('GET', `/api/lid/statistic?filial=${samarqand}&start_date=2099-01-01`, { token: director })).json);
    expect(none.total).toBe(0);
  });

  it('keeps leads in branch scope (404) and behind the lead pages (403)', async () => {
    const director = await token('DIRECTOR');
    const samarqandLead = await create(director, { filial: await t.filialId('Samarqand') });
    const operator = await token('CALL_OPERATOR');
    expect((await t.call('GET', `/api/lid/${samarqandLead.id}`, { token: operator })).status).toBe(404);
    expect((await t.call('PATCH', `/api/lid/${samarqandLead.id}`, { token: operator, body: { comment: 'x' } })).status).toBe(404);
    expect((await t.call('GET', `/api/logs/?lead=${samarqandLead.id}`, { token: operator })).status).toBe(404);
    expect((await t.call('GET', `/api/lid/?filial=${samarqandLead.filial}`, { token: operator })).status).toBe(404);
    const post = await t.call('POST', '/api/lid/', { token: operator, body: { filial: samarqandLead.filial, full_name: 'X', phone: newPhone() } });
    expect(post.status).toBe(404);
    const mine = (await t.call('GET', '/api/lid/?page_size=100', { token: operator })).json;
    expect(mine.results.every((l: { filial: number }) => l.filial === 1)).toBe(true);

    const teacher = await token('TEACHER');
    for (const [method, path] of [['GET', '/api/lid/'], ['GET', '/api/lid/no-pg/'], ['GET', '/api/lid/statistic'], ['GET', `/api/lid/${samarqandLead.id}`], ['GET', `/api/logs/?lead=${samarqandLead.id}`]]) {
      expect((await t.call(method, path, { token: teacher })).status).toBe(403);
    }
    expect((await t.call('POST', '/api/lid/', { token: teacher, body: {} })).status).toBe(403);
    expect((await t.call('PATCH', `/api/lid/${samarqandLead.id}/create_order`, { token: teacher, body: {} })).status).toBe(403);
  });

  it('has the demo leads of every branch, handled by the demo call operator', async () => {
    const operator = t.demo('CALL_OPERATOR');
    const rows = await t.db.select().from(leads).where(eq(leads.operatorId, operator.id));
    for (const f of ['Chilonzor', 'Yunusobod', 'Samarqand']) {
      const id = await t.filialId(f);
      expect(rows.filter((r) => r.filialId === id).length).toBeGreaterThanOrEqual(15);
    }
    expect(new Set(rows.map((r) => r.stage))).toEqual(new Set(['YANGI_LEAD', 'KUTULMOQDA', 'ORDER_CREATED']));
    expect(rows.some((r) => r.isArchived)).toBe(true);
  });
});
