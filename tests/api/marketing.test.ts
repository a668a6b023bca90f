// Marketing (spec section 7, "Marketing"): sources and their groups — lists, create, rename, archive on DELETE,
// names unique among active ones, field errors, and who may read and write.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { marketingGroup, marketingSource } from '../../contract/marketing';
import { leads, marketingSources } from '../../server/db/schema';
import { DEMO_MARKETING_GROUP, DEMO_OTHER_SOURCES, DEMO_SOCIAL_SOURCES } from '../../server/seed/marketing';
import { EN, REAL_LOCALES } from './catalogueSupport';
import { backends, useTestApp } from './harness';

let counter = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${++counter}`;

describe.each(backends())('marketing on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;
  const sources = async (tok: string, query = '') => {
    const res = await t.call('GET', `/api/marketing/no-pg/${query}`, { token: tok });
    expect(res.status).toBe(200);
    return marketingSource.strict().array().parse(res.json);
  };
  const groups = async (tok: string) => marketingGroup.strict().array().parse((await t.call('GET', '/api/marketing/group', { token: tok })).json);

  it('lists the demo sources (active by default) and groups', async () => {
    const director = await token('DIRECTOR');
    const list = await sources(director);
    const names = list.map((s) => s.name);
    for (const name of [...DEMO_SOCIAL_SOURCES, ...DEMO_OTHER_SOURCES]) expect(names).toContain(name);
    expect(list.every((s) => !s.is_archived)).toBe(true);
    expect(list.find((s) => s.name === 'Instagram')?.group?.name).toBe(DEMO_MARKETING_GROUP);
    expect(list.find((s) => s.name === 'Sayt')?.group).toBeNull();
    expect((await groups(director)).map((g) => g.name)).toContain(DEMO_MARKETING_GROUP);
    const archived = await sources(director, '?is_archived=true');
    expect(archived.every((s) => s.is_archived)).toBe(true);
    expect((await t.call('GET', '/api/marketing/no-pg?is_archived=maybe', { token: director })).status).toBe(400);
  });

  it('creates a source in a group (201, audited) and renames it, moving it out of the group', async () => {
    const director = await token('DIRECTOR');
    const [social] = (await groups(director)).filter((g) => g.name === DEMO_MARKETING_GROUP);
    const name = unique('TikTok');
    const res = await t.call('POST', '/api/marketing/', { token: director, body: { name: `  ${name} `, group: social.id } });
    expect(res.status).toBe(201);
    const created = marketingSource.strict().parse(res.json);
    expect(created).toMatchObject({ name, group: social, is_archived: false, leads_count: 0 });
    expect(await t.lastAudit('marketing_source.create', created.id)).toMatchObject({ actorId: t.demo('DIRECTOR').id });
    expect((await sources(director)).map((s) => s.id)).toContain(created.id);

    const renamed = await t.call('PUT', `/api/marketing/${created.id}/`, { token: director, body: { name: `${name} Ads`, group: null } });
    expect(renamed.status).toBe(200);
    expect(marketingSource.strict().parse(renamed.json)).toMatchObject({ id: created.id, name: `${name} Ads`, group: null });
    expect(await t.lastAudit('marketing_source.update', created.id)).toMatchObject({ actorId: t.demo('DIRECTOR').id });
    // Leaving out `group` keeps the current one.
    await t.call('PUT', `/api/marketing/${created.id}`, { token: director, body: { name: `${name} Ads`, group: social.id } });
    const kept = await t.call('PUT', `/api/marketing/${created.id}`, { token: director, body: { name } });
    expect(kept.json.group).toEqual(social);
  });

  it('archives on DELETE (204): the source leaves the list, stays on its leads and can come back', async () => {
    const director = await token('DIRECTOR');
    const name = unique('Radio');
    const created = (await t.call('POST', '/api/marketing', { token: director, body: { name } })).json;
    const [lead] = await t.db
      .insert(leads)
      .values({ filialId: await t.filialId('Chilonzor'), fullName: 'Lid Sinov', phone: '+998901112233', sourceId: created.id })
      .returning();
    expect((await sources(director)).find((s) => s.id === created.id)?.leads_count).toBe(1);
    // The count covers the reader's branches: the manager's include Chilonzor, the lead's; a Samarqand operator's do not.
    expect((await sources(await token('MULTIPLE_FILIAL_MANAGER'))).find((s) => s.id === created.id)?.leads_count).toBe(1);
    const phone = '+998905550101';
    await t.addEmployee({ role: 'CALL_OPERATOR', phone, password: 'operator-pass', fullName: 'Samarqand Operator', filials: ['Samarqand'] });
    const samarqand = (await t.signIn(phone, 'operator-pass')).access_token;
    expect((await sources(samarqand)).find((s) => s.id === created.id)?.leads_count).toBe(0);

    expect((await t.call('DELETE', `/api/marketing/${created.id}/`, { token: director })).status).toBe(204);
    expect(await t.lastAudit('marketing_source.archive', created.id)).toMatchObject({ actorId: t.demo('DIRECTOR').id });
    expect((await sources(director)).map((s) => s.id)).not.toContain(created.id);
    expect((await sources(director, '?is_archived=true')).find((s) => s.id === created.id)).toMatchObject({ is_archived: true, leads_count: 1 });
    const [stored] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(stored.sourceId).toBe(created.id);
    // Archiving again changes nothing.
    expect((await t.call('DELETE', `/api/marketing/${created.id}`, { token: director })).status).toBe(204);
    expect((await t.call('DELETE', '/api/marketing/999999', { token: director })).status).toBe(404);

    // Its name is free again; bringing the old one back then clashes.
    const again = await t.call('POST', '/api/marketing', { token: director, body: { name } });
    expect(again.status).toBe(201);
    const back = await t.call('PUT', `/api/marketing/${created.id}`, { token: director, body: { name, is_archived: false } });
    expect(back.status).toBe(400);
    expect(Object.keys(back.json)).toEqual(['name']);
    const renamedBack = await t.call('PUT', `/api/marketing/${created.id}`, { token: director, body: { name: `${name} 2`, is_archived: false } });
    expect(renamedBack.json).toMatchObject({ is_archived: false, name: `${name} 2` });
    expect(await t.lastAudit('marketing_source.unarchive', created.id)).toBeTruthy();
  });

  it('answers 400 on name for a name an active source or group has, ignoring case', async () => {
    const director = await token('DIRECTOR');
    const taken = await t.call('POST', '/api/marketing', { token: director, body: { name: 'INSTAGRAM' }, headers: EN });
    expect(taken.status).toBe(400);
    expect(taken.json).toEqual({ name: ['This name is already in use'] });
    const telegram = (await sources(director)).find((s) => s.name === 'Telegram')!;
    const rename = await t.call('PUT', `/api/marketing/${telegram.id}`, { token: director, body: { name: 'facebook' } });
    expect(rename.status).toBe(400);
    expect(Object.keys(rename.json)).toEqual(['name']);
    // Keeping its own name (in another case) is fine.
    const own = await t.call('PUT', `/api/marketing/${telegram.id}`, { token: director, body: { name: 'Telegram', group: telegram.group?.id } });
    expect(own.status).toBe(200);

    const group = await t.call('POST', '/api/marketing/group/', { token: director, body: { name: DEMO_MARKETING_GROUP.toUpperCase() } });
    expect(group.status).toBe(400);
    expect(group.json).toEqual({ name: ['Bu nom allaqachon ishlatilgan'] });
    const stored = await t.db.select().from(marketingSources).where(eq(marketingSources.name, 'INSTAGRAM'));
    expect(stored).toEqual([]);
  });

  it('answers 400 per field for bad input', async () => {
    const director = await token('DIRECTOR');
    const bad = await t.call('POST', '/api/marketing', { token: director, body: { name: ' ', group: 0 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['group', 'name']);
    const missing = await t.call('POST', '/api/marketing', { token: director, body: {} });
    expect(Object.keys(missing.json)).toEqual(['name']);
    const long = await t.call('POST', '/api/marketing', { token: director, body: { name: 'x'.repeat(101), group: 'one' } });
    expect(Object.keys(long.json).sort()).toEqual(['group', 'name']);
    const noGroup = await t.call('POST', '/api/marketing', { token: director, body: { name: unique('Yo‘q'), group: 99999 } });
    expect(noGroup.status).toBe(400);
    expect(Object.keys(noGroup.json)).toEqual(['group']);
    const sayt = (await sources(director)).find((s) => s.name === 'Sayt')!;
    const flag = await t.call('PUT', `/api/marketing/${sayt.id}`, { token: director, body: { name: 'Sayt', is_archived: 'yes' } });
    expect(Object.keys(flag.json)).toEqual(['is_archived']);
    expect((await t.call('PUT', '/api/marketing/abc', { token: director, body: { name: 'X' } })).status).toBe(400);
    expect((await t.call('PUT', '/api/marketing/999999', { token: director, body: { name: unique('X') } })).status).toBe(404);
    const badGroup = await t.call('POST', '/api/marketing/group', { token: director, body: { name: '' } });
    expect(Object.keys(badGroup.json)).toEqual(['name']);
    expect((await t.call('PUT', '/api/marketing/group/999999', { token: director, body: { name: unique('G') } })).status).toBe(404);
  });

  it('creates and renames groups (audited); sources show the new name', async () => {
    const director = await token('DIRECTOR');
    const name = unique('Reklama');
    const res = await t.call('POST', '/api/marketing/group', { token: director, body: { name } });
    expect(res.status).toBe(201);
    const created = marketingGroup.strict().parse(res.json);
    expect(await t.lastAudit('marketing_group.create', created.id)).toMatchObject({ actorId: t.demo('DIRECTOR').id });
    const source = (await t.call('POST', '/api/marketing', { token: director, body: { name: unique('Billboard'), group: created.id } })).json;

    const renamed = await t.call('PUT', `/api/marketing/group/${created.id}/`, { token: director, body: { name: `${name} 2` } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ id: created.id, name: `${name} 2` });
    expect(await t.lastAudit('marketing_group.update', created.id)).toMatchObject({ before: { name }, after: { name: `${name} 2` } });
    expect(await groups(director)).toContainEqual({ id: created.id, name: `${name} 2` });
    expect((await sources(director)).find((s) => s.id === source.id)?.group).toEqual({ id: created.id, name: `${name} 2` });
  });

  it('lets the leads pages read, only control write; 403 without them, 401 without a token', async () => {
    const manager = await token('MULTIPLE_FILIAL_MANAGER');
    expect((await t.call('GET', '/api/marketing/no-pg', { token: manager })).status).toBe(200);
    expect((await t.call('GET', '/api/marketing/group/', { token: await token('CALL_OPERATOR') })).status).toBe(200);
    expect((await t.call('POST', '/api/marketing', { token: manager, body: { name: unique('Manager') } })).status).toBe(403);
    expect((await t.call('PUT', '/api/marketing/1', { token: manager, body: { name: 'Instagram' } })).status).toBe(403);
    expect((await t.call('DELETE', '/api/marketing/1', { token: manager })).status).toBe(403);
    expect((await t.call('POST', '/api/marketing/group', { token: manager, body: { name: unique('G') } })).status).toBe(403);
    expect((await t.call('PUT', '/api/marketing/group/1', { token: manager, body: { name: unique('G') } })).status).toBe(403);

    const teacher = await token('TEACHER');
    expect((await t.call('GET', '/api/marketing/no-pg', { token: teacher })).status).toBe(403);
    expect((await t.call('GET', '/api/marketing/group', { token: teacher })).status).toBe(403);
    expect((await t.call('GET', '/api/marketing/no-pg')).status).toBe(401);
    expect((await t.call('POST', '/api/marketing', { body: { name: 'X' } })).status).toBe(401);
    const [instagram] = await t.db.select().from(marketingSources).where(eq(marketingSources.id, 1));
    expect(instagram.isArchived).toBe(false);
  });
});
