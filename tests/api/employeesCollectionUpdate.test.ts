// PUT /api/employees/ (spec section 7, "POST and PUT /api/employees/"): the collection path updates the employee
// whose `id` is in the body, exactly as PUT /api/employees/{id} does: the same domain function (updateEmployee), so
// the same fields, rules, branch scope and audit; an unknown or out-of-scope id is a 404, a missing one a 400 on `id`.
import { describe, expect, it } from 'vitest';
import { employeeDetail } from '../../contract/employees';
import { EN, REAL_LOCALES } from './catalogueSupport';
import { backends, useTestApp } from './harness';

let counter = 0;
const phone = () => `+99876${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(4, '0')}`;

describe.each(backends())('PUT /api/employees/ on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;
  const newEmployee = async (extra: Record<string, unknown> = {}) => {
    const input = { full_name: `Kolleksiya Xodim ${counter}`, phone: phone(), password: 'secret1', role: 'ADMINISTRATOR', filials: [await t.filialId('Chilonzor')], ...extra };
    const res = await t.call('POST', '/api/api/employees/', { token: await token('DIRECTOR'), body: input });
    expect(res.status, res.text).toBe(201);
    return { input, created: employeeDetail.parse(res.json) };
  };

  it('updates the employee named by `id`, with or without the trailing slash, as the id path does', async () => {
    const director = await token('DIRECTOR');
    const { input, created } = await newEmployee();
    const res = await t.call('PUT', '/api/api/employees/', { token: director, body: { ...input, id: created.id, password: '', full_name: 'Yangi Ism', pages: ['tasks'] } });
    expect(res.status, res.text).toBe(200);
    expect(employeeDetail.parse(res.json)).toMatchObject({ id: created.id, full_name: 'Yangi Ism' });
    const card = await t.call('GET', `/api/api/employees/${created.id}`, { token: director });
    expect(card.json).toMatchObject({ full_name: 'Yangi Ism' });
    expect((card.json as { pages: { name: string; is_readable: boolean }[] }).pages.filter((p) => p.is_readable).map((p) => p.name)).toEqual(['tasks']);
    expect(await t.lastAudit('employee.edit', created.id)).toBeTruthy();

    // The same body on the id path answers the same card.
    const again = { ...input, password: '', full_name: 'Yana Ism', pages: ['tasks'] };
    const byCollection = await t.call('PUT', '/api/api/employees', { token: director, body: { ...again, id: created.id } });
    const byId = await t.call('PUT', `/api/api/employees/${created.id}/`, { token: director, body: again });
    expect(byCollection.status).toBe(200);
    expect(byCollection.json).toEqual(byId.json);

    // Archiving with a reason, as on the id path.
    const archived = await t.call('PUT', '/api/api/employees/', { token: director, body: { ...input, id: created.id, is_archived: true, archive_reason: 'Ketdi' } });
    expect(archived.json).toMatchObject({ is_archived: true, archived_reason: 'Ketdi' });
  });

  it('answers 400 without an id, 404 for an unknown one or one outside the writer’s branches, and keeps the writer rules', async () => {
    const director = await token('DIRECTOR');
    const manager = await token('FILIAL_Manager'); // Chilonzor
    const { input, created } = await newEmployee();
    const missing = await t.call('PUT', '/api/api/employees/', { token: director, body: input, headers: EN });
    expect([missing.status, missing.json]).toEqual([400, { id: ['This field is required'] }]);
    expect((await t.call('PUT', '/api/api/employees/', { token: director, body: { ...input, id: 2_000_000_000 } })).status).toBe(404);
    // A Yunusobod employee is not the Chilonzor manager's to see or change.
    const testolog = t.demo('TESTOLOG');
    const foreign = await t.call('PUT', '/api/api/employees/', { token: manager, body: { ...input, id: testolog.id, full_name: 'X' } });
    expect(foreign.status).toBe(404);
    // Only a director may make someone a director; a teacher may not write employees at all.
    expect((await t.call('PUT', '/api/api/employees/', { token: manager, body: { ...input, id: created.id, role: 'DIRECTOR' } })).status).toBe(403);
    expect((await t.call('PUT', '/api/api/employees/', { token: await token('TEACHER'), body: { ...input, id: created.id } })).status).toBe(403);
    const card = await t.call('GET', `/api/api/employees/${created.id}`, { token: director });
    expect(card.json).toMatchObject({ full_name: input.full_name, role: 'ADMINISTRATOR' });
  });

  it('is in the OpenAPI document with its body (the id required) and the employees pages', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json;
    const put = doc.paths['/api/api/employees'].put;
    expect(put.security).toEqual([{ bearerAuth: [] }]);
    expect(put['x-markaz-pages']).toEqual(doc.paths['/api/api/employees/{id}'].put['x-markaz-pages']);
    const schema = put.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['id', 'full_name', 'phone', 'role']));
  });
});
