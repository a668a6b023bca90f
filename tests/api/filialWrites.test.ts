// The control area's branch screen: GET /filial/ with details, POST /filial/ and PUT /filial/{id}/ (the director
// only), unique active names, +998 phones, and no archiving while groups run or cashiers hold money.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { filial, filialDetail } from '../../contract/filial';
import { cashierBalances, cashiers, employeePages, groups } from '../../server/db/schema';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends())('branch writes on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const director = async () => (await t.signInAs('DIRECTOR')).access_token;

  it('creates a branch that the switcher lists, with its details in GET /filial/ and an audit entry', async () => {
    const token = await director();
    const res = await t.call('POST', '/api/filial/', { token, body: { name: '  Sergeli ', address: 'Sergeli 5', phone: '+998 90 111 22 33' } });
    expect(res.status).toBe(201);
    const created = filialDetail.strict().parse(res.json);
    expect(created).toMatchObject({ name: 'Sergeli', address: 'Sergeli 5', phone: '+998901112233', is_archived: false, charge_excused: true, active_groups: 0 });
    const switcher = filial.strict().array().parse((await t.call('GET', '/api/filial/no-pg/', { token })).json);
    expect(switcher.map((b) => b.name)).toContain('Sergeli');
    const details = filialDetail.strict().array().parse((await t.call('GET', '/api/filial/', { token })).json);
    expect(details.find((b) => b.id === created.id)).toEqual(created);
    const entry = await t.lastAudit('filial.create', created.id);
    expect(entry).toMatchObject({ actorId: t.demo('DIRECTOR').id, filialId: created.id, after: { name: 'Sergeli' } });
  });

  it('answers 400 per field: a missing or taken name (any case), a bad phone; an archived name is free again', async () => {
    const token = await director();
    const bad = await t.call('POST', '/api/filial/', { token, body: { name: ' ', phone: '12345' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['name', 'phone']);
    const taken = await t.call('POST', '/api/filial/', { token, body: { name: 'chilonzor' }, headers: { 'accept-language': 'en' } });
    expect(taken.status).toBe(400);
    expect(taken.json.name[0]).toMatch(/taken|already/i);
    const old = (await t.call('POST', '/api/filial/', { token, body: { name: 'Qoraqamish' } })).json;
    expect((await t.call('PUT', `/api/filial/${old.id}/`, { token, body: { name: 'Qoraqamish', is_archived: true } })).status).toBe(200);
    expect((await t.call('POST', '/api/filial/', { token, body: { name: 'QORAQAMISH' } })).status).toBe(201);
    // Restoring the archived one would make two active branches of one name.
    const restore = await t.call('PUT', `/api/filial/${old.id}/`, { token, body: { name: 'Qoraqamish', is_archived: false } });
    expect(restore.status).toBe(400);
    expect(Object.keys(restore.json)).toEqual(['name']);
    expect((await t.call('PUT', '/api/filial/999999/', { token, body: { name: 'X' } })).status).toBe(404);
    expect((await t.call('PUT', '/api/filial/abc/', { token, body: { name: 'X' } })).status).toBe(400);
  });

  it('edits name, address and phone; archives and restores, each audited; archived ones leave the switcher', async () => {
    const token = await director();
    const b = (await t.call('POST', '/api/filial/', { token, body: { name: 'Olmazor', phone: '+998901234567' } })).json;
    const edited = await t.call('PUT', `/api/filial/${b.id}`, { token, body: { name: 'Olmazor 2', address: 'Olmazor ko‘chasi 1', phone: '' } });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ name: 'Olmazor 2', address: 'Olmazor ko‘chasi 1', phone: null });
    expect(await t.lastAudit('filial.update', b.id)).toMatchObject({ before: { name: 'Olmazor' }, after: { name: 'Olmazor 2' } });
    const archived = await t.call('PUT', `/api/filial/${b.id}/`, { token, body: { name: 'Olmazor 2', is_archived: true } });
    expect(archived.json).toMatchObject({ is_archived: true, address: 'Olmazor ko‘chasi 1' });
    expect(await t.lastAudit('filial.archive', b.id)).toBeDefined();
    expect((await t.call('GET', '/api/filial/no-pg/', { token })).json.map((x: { id: number }) => x.id)).not.toContain(b.id);
    const archivedList = (await t.call('GET', '/api/filial/?is_archived=true', { token })).json;
    expect(archivedList.map((x: { id: number }) => x.id)).toContain(b.id);
    expect((await t.call('PUT', `/api/filial/${b.id}/`, { token, body: { name: 'Olmazor 2', is_archived: false } })).json.is_archived).toBe(false);
    expect(await t.lastAudit('filial.restore', b.id)).toBeDefined();
  });

  it('refuses to archive a branch with an active group or a cashier holding money (409, translated)', async () => {
    const token = await director();
    const b = (await t.call('POST', '/api/filial/', { token, body: { name: 'Bektemir' } })).json;
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId: b.id, teacherId: teacher.id });
    const blocked = await t.call('PUT', `/api/filial/${b.id}/`, { token, body: { name: 'Bektemir', is_archived: true }, headers: { 'accept-language': 'en' } });
    expect(blocked.status).toBe(409);
    expect(blocked.json).toMatchObject({ code: 'errors.filialInUse', groups: 1, cashiers: 0 });
    expect(blocked.json.detail).toContain('1 active groups');
    const listed = (await t.call('GET', '/api/filial/', { token })).json.find((x: { id: number }) => x.id === b.id);
    expect(listed.active_groups).toBe(1);

    await t.db.update(groups).set({ status: 'finished' }).where(eq(groups.id, group.id));
    const [cashier] = await t.db.insert(cashiers).values({ filialId: b.id, name: 'Kassa' }).returning({ id: cashiers.id });
    await t.db.insert(cashierBalances).values({ cashierId: cashier.id, method: 'cash', balance: '0.01' });
    const uz = await t.call('PUT', `/api/filial/${b.id}/`, { token, body: { name: 'Bektemir', is_archived: true } });
    expect(uz.status).toBe(409);
    expect(uz.json).toMatchObject({ groups: 0, cashiers: 1 });
    expect(uz.json.detail).toMatch(/arxivlab bo‘lmaydi/);

    await t.db.update(cashierBalances).set({ balance: '0' }).where(eq(cashierBalances.cashierId, cashier.id));
    expect((await t.call('PUT', `/api/filial/${b.id}/`, { token, body: { name: 'Bektemir', is_archived: true } })).status).toBe(200);
  });

  it('lets only the director write (403), and only the control page read the details', async () => {
    const manager = t.demo('MULTIPLE_FILIAL_MANAGER');
    const chilonzor = await t.filialId('Chilonzor');
    let token = (await t.signInAs('MULTIPLE_FILIAL_MANAGER')).access_token;
    expect((await t.call('GET', '/api/filial/', { token })).status).toBe(403);
    expect((await t.call('POST', '/api/filial/', { token, body: { name: 'Chorsu' } })).status).toBe(403);

    await t.db.insert(employeePages).values({ employeeId: manager.id, page: 'control', isReadable: true }).onConflictDoUpdate({ target: [employeePages.employeeId, employeePages.page], set: { isReadable: true } });
    token = (await t.signInAs('MULTIPLE_FILIAL_MANAGER')).access_token;
    const theirs = (await t.call('GET', '/api/filial/', { token })).json.map((x: { name: string }) => x.name);
    expect(theirs).toEqual(['Chilonzor', 'Yunusobod']);
    expect((await t.call('POST', '/api/filial/', { token, body: { name: 'Chorsu' } })).status).toBe(403);
    expect((await t.call('PUT', `/api/filial/${chilonzor}/`, { token, body: { name: 'Chilonzor 2' } })).status).toBe(403);
    const admin = (await t.signInAs('ADMINISTRATOR')).access_token;
    expect((await t.call('PUT', `/api/filial/${chilonzor}/`, { token: admin, body: { name: 'Chilonzor 2' } })).status).toBe(403);
    await t.db.update(employeePages).set({ isReadable: false }).where(and(eq(employeePages.employeeId, manager.id), eq(employeePages.page, 'control')));
  });
});
