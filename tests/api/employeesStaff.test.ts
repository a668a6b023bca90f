// Employees (issue 6): list and card, create (duplicate phone 400, default and limited pages, who may make whom),
// branch scope (404), full update and archive (sessions end at once), related objects, photos, role defaults,
// /auth/roles/ filters, PUT /auth/update/{id}/ and /auth/tt/.
import { describe, expect, it } from 'vitest';
import { employeeDetail, employeeListItem, relatedObjects, rolePagesList, teacherTimetable } from '../../contract/employees';
import { paged } from '../../contract/common';
import { ROLE_DEFAULT_PAGES } from '../../contract/roles';
import { cashiers, groups, tasks } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import { REAL_LOCALES } from './catalogueSupport';
import { backends, useTestApp } from './harness';

let counter = 0;
/** A fresh phone per test and process (two backends, one run). */
const phone = () => `+99877${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(4, '0')}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6300010000050001a5f645400000000049454e44ae426082', 'hex');

describe.each(backends())('employees on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;
  const body = async (extra: Record<string, unknown> = {}) => ({
    full_name: `Test Xodim ${counter}`,
    phone: phone(),
    password: 'secret1',
    role: 'ADMINISTRATOR',
    filials: [await t.filialId('Chilonzor')],
    ...extra,
  });
  const readable = (detail: { pages: { name: string; is_readable: boolean }[] }) => detail.pages.filter((p) => p.is_readable).map((p) => p.name).sort();

  it('lists employees with filters, and the card with pages, terms and schedule', async () => {
    const director = await token('DIRECTOR');
    const res = await t.call('GET', '/api/api/employees/?page_size=100', { token: director });
    expect(res.status).toBe(200);
    const list = paged(employeeListItem.strict()).parse(res.json);
    expect(list.count).toBeGreaterThanOrEqual(14);
    const teacher = list.results.find((e) => e.id === t.demo('TEACHER').id)!;
    expect(teacher).toMatchObject({ role: 'TEACHER', is_archived: false, photo: null });
    const byRole = await t.call('GET', '/api/api/employees/?role=ACCOUNTING', { token: director });
    expect(byRole.json.results.every((e: { role: string }) => e.role === 'ACCOUNTING')).toBe(true);
    const byName = await t.call('GET', `/api/api/employees/?q=${encodeURIComponent(t.demo('ACCOUNTING').name.split(' ')[0])}`, { token: director });
    expect(byName.json.results.map((e: { id: number }) => e.id)).toContain(t.demo('ACCOUNTING').id);
    const byPhone = await t.call('GET', `/api/api/employees/?q=${t.demo('ACCOUNTING').phone.slice(-7)}`, { token: director });
    expect(byPhone.json.results.map((e: { id: number }) => e.id)).toEqual([t.demo('ACCOUNTING').id]);
    expect((await t.call('GET', '/api/api/employees/?is_archived=maybe', { token: director })).status).toBe(400);

    const card = await t.call('GET', `/api/api/employees/${t.demo('ACCOUNTING').id}`, { token: director });
    expect(card.status).toBe(200);
    const detail = employeeDetail.strict().parse(card.json);
    expect(detail).toMatchObject({ salary_kind: 'fixed', work_start: '09:00', work_end: '18:00', work_days: [1, 2, 3, 4, 5, 6] });
    expect(readable(detail)).toEqual([...ROLE_DEFAULT_PAGES.ACCOUNTING].sort());
  });

  it('creates an employee (201, audited) with the role defaults; a taken phone is a 400 on phone', async () => {
    const director = await token('DIRECTOR');
    const input = await body({ salary_kind: 'fixed', salary_amount: '4500000', work_start: '09:00', work_end: '18:00', is_call_operator: true });
    const res = await t.call('POST', '/api/api/employees/', { token: director, body: input });
    expect(res.status).toBe(201);
    const created = employeeDetail.strict().parse(res.json);
    expect(created).toMatchObject({ full_name: input.full_name, role: 'ADMINISTRATOR', salary_amount: '4500000.00', is_call_operator: true });
    expect(readable(created)).toEqual([...ROLE_DEFAULT_PAGES.ADMINISTRATOR].sort());
    expect(await t.lastAudit('employee.create', created.id)).toMatchObject({ actorId: t.demo('DIRECTOR').id });
    // The new person can sign in.
    await t.signIn(input.phone, 'secret1');

    const again = await t.call('POST', '/api/api/employees/', { token: director, body: { ...(await body()), phone: input.phone }, headers: { 'accept-language': 'en' } });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ phone: ['An employee with this phone already exists'] });
    const bad = await t.call('POST', '/api/api/employees/', { token: director, body: { phone: '12', role: 'KING', salary_kind: 'percent' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(expect.arrayContaining(['full_name', 'password', 'phone', 'role']));
    const terms = await t.call('POST', '/api/api/employees/', { token: director, body: await body({ salary_kind: 'percent', work_start: '18:00', work_end: '09:00' }) });
    expect(Object.keys(terms.json).sort()).toEqual(['salary_percent', 'work_end']);
  });

  it('takes named pages; a manager cannot grant pages they lack nor make a director (403)', async () => {
    const director = await token('DIRECTOR');
    const limited = await t.call('POST', '/api/api/employees/', { token: director, body: await body({ pages: ['tasks', 'groups'] }) });
    expect(limited.status).toBe(201);
    expect(readable(limited.json)).toEqual(['groups', 'tasks']);

    const manager = await token('FILIAL_Manager');
    expect((await t.call('POST', '/api/api/employees/', { token: manager, body: await body({ role: 'DIRECTOR' }) })).status).toBe(403);
    expect((await t.call('POST', '/api/api/employees/', { token: manager, body: await body({ pages: ['tasks', 'control'] }) })).status).toBe(403);
    const ok = await t.call('POST', '/api/api/employees/', { token: manager, body: await body({ pages: ['tasks'] }) });
    expect(ok.status).toBe(201);
    // Editing a director is a director's business, even one in the manager's branch.
    const second = await t.call('POST', '/api/api/employees/', { token: director, body: await body({ role: 'DIRECTOR' }) });
    expect(second.status).toBe(201);
    expect((await t.call('GET', `/api/api/employees/${second.json.id}`, { token: manager })).status).toBe(200);
    expect((await t.call('PUT', `/api/api/employees/${second.json.id}`, { token: manager, body: { ...second.json, full_name: 'X' } })).status).toBe(403);
    expect((await t.call('PUT', `/api/api/employees/${ok.json.id}`, { token: manager, body: { ...ok.json, role: 'DIRECTOR' } })).status).toBe(403);
    // Readers who are not writers.
    expect((await t.call('POST', '/api/api/employees/', { token: await token('ATTENDANCE_MANAGER'), body: await body() })).status).toBe(403);
    expect((await t.call('GET', '/api/api/employees/', { token: await token('TEACHER') })).status).toBe(403);
  });

  it('keeps to the branch scope: another branch’s employee is 404, a foreign branch in the body a 400', async () => {
    const manager = await token('FILIAL_Manager'); // Chilonzor
    const yunusobod = await t.filialId('Yunusobod');
    const testolog = t.demo('TESTOLOG').id; // Yunusobod only
    expect((await t.call('GET', `/api/api/employees/${testolog}`, { token: manager })).status).toBe(404);
    expect((await t.call('GET', `/api/api/employees/${testolog}/related_objects`, { token: manager })).status).toBe(404);
    const list = await t.call('GET', '/api/api/employees/?page_size=100', { token: manager });
    expect(list.json.results.map((e: { id: number }) => e.id)).not.toContain(testolog);
    expect((await t.call('GET', `/api/api/employees/?filial=${yunusobod}`, { token: manager })).status).toBe(404);
    const foreign = await t.call('POST', '/api/api/employees/', { token: manager, body: await body({ filials: [yunusobod] }) });
    expect(foreign.status).toBe(400);
    expect(Object.keys(foreign.json)).toEqual(['filials']);
    const none = await t.call('POST', '/api/api/employees/', { token: manager, body: await body({ filials: [] }) });
    expect(Object.keys(none.json)).toEqual(['filials']);
  });

  it('updates every field, and archiving (with a reason) ends the person’s sessions at once', async () => {
    const director = await token('DIRECTOR');
    const input = await body();
    const created = (await t.call('POST', '/api/api/employees/', { token: director, body: input })).json;
    const theirs = (await t.signIn(input.phone, 'secret1')).access_token;
    expect((await t.call('GET', '/api/auth/me', { token: theirs })).status).toBe(200);

    const edited = await t.call('PUT', `/api/api/employees/${created.id}/`, { token: director, body: { ...input, password: '', full_name: 'Yangi Ism', pages: ['tasks'] } });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ full_name: 'Yangi Ism' });
    expect(readable(edited.json)).toEqual(['tasks']);
    expect((await t.call('GET', '/api/auth/me', { token: theirs })).status).toBe(200);

    const noReason = await t.call('PUT', `/api/api/employees/${created.id}`, { token: director, body: { ...input, is_archived: true } });
    expect(Object.keys(noReason.json)).toEqual(['archive_reason']);
    const archived = await t.call('PUT', `/api/api/employees/${created.id}`, { token: director, body: { ...input, is_archived: true, archive_reason: 'Ketdi' } });
    expect(archived.status).toBe(200);
    expect(archived.json).toMatchObject({ is_archived: true, archived_reason: 'Ketdi' });
    expect((await t.call('GET', '/api/auth/me', { token: theirs })).status).toBe(401);
    expect(await t.lastAudit('employee.archive', created.id)).toBeTruthy();
    const archiveList = await t.call('GET', '/api/api/employees/?is_archived=true&page_size=100', { token: director });
    expect(archiveList.json.results.map((e: { id: number }) => e.id)).toContain(created.id);

    const restored = await t.call('PUT', `/api/auth/update/${created.id}/`, { token: director, body: { ...input, is_archived: false } });
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ is_archived: false, archived_reason: null });
    await t.signIn(input.phone, 'secret1');
    // The old password change still works.
    expect((await t.call('PATCH', `/api/auth/update/${created.id}/`, { token: director, body: { password: 'another1' } })).status).toBe(200);
    await t.signIn(input.phone, 'another1');
    // Nobody archives themself.
    const me = await t.call('GET', `/api/api/employees/${t.demo('DIRECTOR').id}`, { token: director });
    const self = await t.call('PUT', `/api/api/employees/${t.demo('DIRECTOR').id}`, { token: director, body: { ...me.json, is_archived: true, archive_reason: 'x' } });
    expect(Object.keys(self.json)).toEqual(['is_archived']);
  });

  it('lists what archiving would orphan: open groups, open tasks, cash desks', async () => {
    const director = await token('DIRECTOR');
    const teacher = t.demo('TEACHER').id;
    const chilonzor = await t.filialId('Chilonzor');
    const [task] = await t.db.insert(tasks).values({ filialId: chilonzor, title: 'Qo‘ng‘iroq', performerId: teacher, creatorId: t.demo('DIRECTOR').id, dueAt: new Date(Date.now() + 3600_000) }).returning();
    const [desk] = await t.db.insert(cashiers).values({ filialId: chilonzor, name: `Kassa ${counter}`, employeeId: teacher }).returning();
    const res = await t.call('GET', `/api/api/employees/${teacher}/related_objects/`, { token: director });
    expect(res.status).toBe(200);
    const related = relatedObjects.strict().parse(res.json);
    const taught = await t.db.select({ id: groups.id }).from(groups).where(eq(groups.teacherId, teacher));
    expect(related.groups.filter((g) => g.as === 'teacher').length).toBeGreaterThan(0);
    expect(related.groups.every((g) => taught.some((x) => x.id === g.id) || g.as === 'assistant')).toBe(true);
    expect(related.tasks.map((x) => x.id)).toContain(task.id);
    expect(related.cashiers.map((x) => x.id)).toContain(desk.id);
  });

  it('uploads a photo, serves it back by its address and with a token, refuses other files (400)', async () => {
    const director = await token('DIRECTOR');
    const id = t.demo('SERVICE_SALES').id;
    const upload = (bytes: Buffer, type: string, tok = director) => {
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(bytes)], { type }), 'photo');
      return t.app.request(`/api/api/employees/${id}/photo`, { method: 'POST', body: form, headers: { authorization: `Bearer ${tok}`, 'accept-language': 'en' } });
    };
    const ok = await upload(PNG, 'image/png');
    expect(ok.status).toBe(200);
    const file: string = (await ok.json()).photo.file;
    expect(file).toMatch(new RegExp(`^/api/api/employees/${id}/photo\\?key=[0-9a-f]+$`));
    const served = await t.app.request(file);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await t.app.request(`/api/api/employees/${id}/photo?key=00ff`)).status).toBe(404);
    expect((await t.app.request(`/api/api/employees/${id}/photo`)).status).toBe(401);
    const withToken = await t.call('GET', `/api/api/employees/${id}/photo`, { token: director });
    expect(withToken.status).toBe(200);
    // me and the list carry it.
    const mine = await t.call('GET', '/api/auth/me', { token: await token('SERVICE_SALES') });
    expect(mine.json.photo).toEqual({ file });

    const text = await upload(Buffer.from('hello'), 'image/png');
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ file: ['Upload a JPEG, PNG or WebP image'] });
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    expect(big.status).toBe(400);
    expect(Object.keys(await big.json())).toEqual(['file']);
    expect((await upload(PNG, 'image/png', await token('TEACHER'))).status).toBe(403);

    const removed = await t.call('DELETE', `/api/api/employees/${id}/photo`, { token: director });
    expect(removed.json.photo).toBeNull();
    expect((await t.app.request(file)).status).toBe(404);
  });

  it('role defaults: everyone with the employees page reads them, only a director saves; new employees start from them', async () => {
    const director = await token('DIRECTOR');
    const list = rolePagesList.parse((await t.call('GET', '/api/api/employees/roles/pages', { token: director })).json);
    expect(list.find((r) => r.role === 'TESTOLOG')?.pages.sort()).toEqual([...ROLE_DEFAULT_PAGES.TESTOLOG].sort());
    expect((await t.call('PUT', '/api/api/employees/roles/pages', { token: await token('MULTIPLE_FILIAL_MANAGER'), body: [{ role: 'TESTOLOG', pages: ['tasks'] }] })).status).toBe(403);
    expect((await t.call('PUT', '/api/api/employees/roles/pages', { token: director, body: [{ role: 'TESTOLOG', pages: ['nope'] }] })).status).toBe(400);
    const saved = await t.call('PUT', '/api/api/employees/roles/pages', { token: director, body: [{ role: 'TESTOLOG', pages: ['tasks', 'results'] }] });
    expect(saved.status).toBe(200);
    expect(saved.json.find((r: { role: string }) => r.role === 'TESTOLOG')).toEqual({ role: 'TESTOLOG', pages: ['results', 'tasks'], customised: true });
    const created = await t.call('POST', '/api/api/employees/', { token: director, body: await body({ role: 'TESTOLOG' }) });
    expect(readable(created.json)).toEqual(['results', 'tasks']);
  });

  it('/auth/roles/ filters by subject and call taking; /auth/tt/ lists teachers with their week', async () => {
    const director = await token('DIRECTOR');
    const operators = await t.call('GET', '/api/auth/roles/?is_call_operator=true', { token: director });
    expect(operators.json.map((e: { id: number }) => e.id)).toContain(t.demo('CALL_OPERATOR').id);
    const others = await t.call('GET', '/api/auth/roles/?is_call_operator=false&is_archived=false', { token: director });
    expect(others.json.map((e: { id: number }) => e.id)).not.toContain(t.demo('CALL_OPERATOR').id);
    const card = employeeDetail.parse((await t.call('GET', `/api/api/employees/${t.demo('TEACHER').id}`, { token: director })).json);
    if (card.subject) {
      const bySubject = await t.call('GET', `/api/auth/roles/?subject=${card.subject.id}`, { token: director });
      expect(bySubject.json.map((e: { id: number }) => e.id)).toContain(t.demo('TEACHER').id);
    }
    const tt = await t.call('GET', `/api/auth/tt/?filial=${await t.filialId('Chilonzor')}`, { token: director });
    expect(tt.status).toBe(200);
    const week = teacherTimetable.parse(tt.json);
    const teacher = week.find((p) => p.id === t.demo('TEACHER').id)!;
    expect(teacher.groups.length).toBeGreaterThan(0);
    expect(teacher.groups[0]).toMatchObject({ start_time: expect.stringMatching(/^\d\d:\d\d$/) });
    expect((await t.call('GET', '/api/auth/tt/', { token: await token('ACCOUNTING') })).status).toBe(403);
  });
});
