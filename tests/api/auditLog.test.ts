// GET /logs/ without `lead`: the audit log for the control page, newest first, with filters and branch scope.
// With `lead` it still answers the lead's history (tests/api/leads.test.ts covers that mode in full).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogEntry } from '../../contract/auditLog';
import { paged } from '../../contract/common';
import { auditLog, employeePages } from '../../server/db/schema';
import { backends, useTestApp } from './harness';

const page = paged(auditLogEntry.strict());

describe.each(backends())('audit log on %s', (backend) => {
  const t = useTestApp(backend);
  const director = async () => (await t.signInAs('DIRECTOR')).access_token;
  const logs = async (token: string, query = '') => {
    const res = await t.call('GET', `/api/logs/${query}`, { token });
    expect(res.status).toBe(200);
    return page.parse(res.json);
  };

  it('lists the director’s own write, newest first, with actor, before and after', async () => {
    const token = await director();
    const created = (await t.call('POST', '/api/filial/', { token, body: { name: 'Log filiali' } })).json;
    await t.call('PUT', `/api/filial/${created.id}/`, { token, body: { name: 'Log filiali 2' } });
    const all = await logs(token);
    expect(all.results[0]).toMatchObject({
      action: 'filial.update',
      entity: 'filial',
      object_id: String(created.id),
      filial: created.id,
      actor: { id: t.demo('DIRECTOR').id, full_name: t.demo('DIRECTOR').name },
      before: { name: 'Log filiali' },
      after: { name: 'Log filiali 2' },
    });
    expect(all.results[1]).toMatchObject({ action: 'filial.create', before: null });
    const ids = all.results.map((r) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('filters by actor, exact action or prefix, entity, object id, branch and centre days; pages', async () => {
    const token = await director();
    const me = t.demo('DIRECTOR').id;
    const a = (await t.call('POST', '/api/filial/', { token, body: { name: 'Filtr A' } })).json;
    await t.call('POST', '/api/marketing/', { token, body: { name: `Manba ${Date.now()}` } });
    const byObject = await logs(token, `?entity=filial&object_id=${a.id}`);
    expect(byObject.results.map((r) => r.action)).toEqual(['filial.create']);
    expect((await logs(token, `?action=filial.create&actor=${me}`)).results.every((r) => r.action === 'filial.create' && r.actor?.id === me)).toBe(true);
    const prefix = await logs(token, '?action=marketing_source.');
    expect(prefix.count).toBeGreaterThan(0);
    expect(prefix.results.every((r) => r.action.startsWith('marketing_source.'))).toBe(true);
    // Without the dot the value is exact: 'filial' is no action.
    expect((await logs(token, '?action=filial')).count).toBe(0);
    // A LIKE wildcard is taken literally.
    expect((await logs(token, '?action=%25.')).count).toBe(0);
    expect((await logs(token, `?filial=${a.id}`)).results.map((r) => r.object_id)).toEqual([String(a.id)]);
    const other = (await t.call('POST', '/api/filial/', { token, body: { name: 'Filtr B' } })).json;
    await t.db.update(auditLog).set({ createdAt: new Date('2024-03-10T20:00:00Z') }).where(and(eq(auditLog.entity, 'filial'), eq(auditLog.entityId, String(other.id))));
    // 20:00 UTC on 10 March is 01:00 on 11 March in Tashkent.
    expect((await logs(token, '?start_date=2024-03-11&end_date=2024-03-11')).results.map((r) => r.object_id)).toEqual([String(other.id)]);
    expect((await logs(token, '?start_date=2024-03-10&end_date=2024-03-10')).count).toBe(0);
    const first = await logs(token, '?page_size=2');
    expect(first.results).toHaveLength(2);
    expect(first.next).toContain('page=2');
    const second = await logs(token, '?page_size=2&page=2');
    expect(second.results[0].id).toBeLessThan(first.results[1].id);
  });

  it('answers 400 per field for bad filters', async () => {
    const token = await director();
    const res = await t.call('GET', '/api/logs/?start_date=2024-13-01&actor=abc&page_size=1000', { token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json).sort()).toEqual(['actor', 'page_size', 'start_date']);
  });

  it('needs the control page; a scoped reader sees their branches and their own branchless rows; another branch is 404', async () => {
    const admin = (await t.signInAs('ADMINISTRATOR')).access_token;
    expect((await t.call('GET', '/api/logs/', { token: admin })).status).toBe(403);

    const token = await director();
    const samarqand = await t.filialId('Samarqand');
    const chilonzor = await t.filialId('Chilonzor');
    await t.db.insert(auditLog).values([
      { actorId: t.demo('DIRECTOR').id, action: 'test.samarqand', entity: 'test', filialId: samarqand },
      { actorId: t.demo('DIRECTOR').id, action: 'test.chilonzor', entity: 'test', filialId: chilonzor },
      { actorId: t.demo('DIRECTOR').id, action: 'test.nobranch', entity: 'test' },
    ]);
    const manager = t.demo('MULTIPLE_FILIAL_MANAGER');
    await t.db
      .insert(employeePages)
      .values({ employeeId: manager.id, page: 'control', isReadable: true })
      .onConflictDoUpdate({ target: [employeePages.employeeId, employeePages.page], set: { isReadable: true } });
    const mfm = (await t.signInAs('MULTIPLE_FILIAL_MANAGER')).access_token;
    await t.db.insert(auditLog).values({ actorId: manager.id, action: 'test.mine', entity: 'test' });
    const seen = (await logs(mfm, '?action=test.&page_size=100')).results.map((r) => r.action);
    expect(seen.sort()).toEqual(['test.chilonzor', 'test.mine']);
    expect((await t.call('GET', `/api/logs/?filial=${samarqand}`, { token: mfm })).status).toBe(404);
    expect((await logs(token, '?action=test.&page_size=100')).count).toBe(4);
    await t.db.update(employeePages).set({ isReadable: false }).where(and(eq(employeePages.employeeId, manager.id), eq(employeePages.page, 'control')));
  });

  it('keeps the lead-history mode: `lead` needs a lead page, not control, and an empty lead is 400', async () => {
    const admin = (await t.signInAs('ADMINISTRATOR')).access_token;
    const lead = await t.call('POST', '/api/lid/', { token: admin, body: { full_name: 'Tarix Lid', phone: '+998977771122', filial: await t.filialId('Chilonzor') } });
    expect(lead.status).toBe(201);
    const history = await t.call('GET', `/api/logs/?lead=${lead.json.id}`, { token: admin });
    expect(history.status).toBe(200);
    expect(history.json.results.map((r: { action: string }) => r.action)).toEqual(['create']);
    expect((await t.call('GET', '/api/logs/?lead=', { token: admin })).status).toBe(400);
    const teacher = (await t.signInAs('TEACHER')).access_token;
    expect((await t.call('GET', `/api/logs/?lead=${lead.json.id}`, { token: teacher })).status).toBe(403);
  });
});
