// The current user, password changes and the role list with its branch scope.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { me, roleListItem } from '../../contract/auth';
import { PAGE_KEYS, ROLE_DEFAULT_PAGES, ROLES } from '../../contract/roles';
import { employeePages, employees, sessions } from '../../server/db/schema';
import { backends, freshAddress, useTestApp } from './harness';

describe.each(backends())('employees on %s', (backend) => {
  const t = useTestApp(backend);
  let samarqandId: number;

  beforeAll(async () => {
    samarqandId = await t.addEmployee({ role: 'TEACHER', phone: '+998935550001', password: 'samarqand', fullName: 'Sanjar Samarqandiy', filials: ['Samarqand'] });
  });

  describe('GET /auth/me', () => {
    it('answers the contract shape with every page key', async () => {
      const { access_token } = await t.signInAs('TEACHER');
      const res = await t.call('GET', '/api/auth/me', { token: access_token });
      expect(res.status).toBe(200);
      const body = me.strict().parse(res.json);
      expect(body).toMatchObject({ id: t.demo('TEACHER').id, role: 'TEACHER', full_name: 'Zarina Abdullayeva', phone: '+998900000012', photo: null });
      expect(body.filial).toEqual([await t.filialId('Chilonzor')]);
      expect(body.pages.map((p) => p.name)).toEqual([...PAGE_KEYS]);
      const readable = body.pages.filter((p) => p.is_readable).map((p) => p.name).sort();
      expect(readable).toEqual([...ROLE_DEFAULT_PAGES.TEACHER].sort());
    });

    it('gives the director no branches and every page', async () => {
      const { access_token } = await t.signInAs('DIRECTOR');
      const body = (await t.call('GET', '/api/auth/me/', { token: access_token })).json;
      expect(body.filial).toEqual([]);
      expect(body.pages.every((p: { is_readable: boolean }) => p.is_readable)).toBe(true);
    });

    it('lists both branches of the multiple-branch manager', async () => {
      const { access_token } = await t.signInAs('MULTIPLE_FILIAL_MANAGER');
      const body = (await t.call('GET', '/api/auth/me', { token: access_token })).json;
      expect(body.filial).toEqual([await t.filialId('Chilonzor'), await t.filialId('Yunusobod')]);
    });

    it('reads pages from the database; a key missing there is not readable', async () => {
      const id = t.demo('ASSISTANT').id;
      await t.db.update(employeePages).set({ isReadable: true }).where(and(eq(employeePages.employeeId, id), eq(employeePages.page, 'tasks')));
      await t.db.update(employeePages).set({ isReadable: true }).where(and(eq(employeePages.employeeId, id), eq(employeePages.page, 'rooms')));
      await t.db.delete(employeePages).where(and(eq(employeePages.employeeId, id), eq(employeePages.page, 'groups')));
      const { access_token } = await t.signInAs('ASSISTANT');
      const pages = (await t.call('GET', '/api/auth/me', { token: access_token })).json.pages;
      const readable = (name: string) => pages.find((p: { name: string }) => p.name === name).is_readable;
      expect(pages).toHaveLength(PAGE_KEYS.length);
      expect(readable('rooms')).toBe(true);
      expect(readable('groups')).toBe(false);
    });

    it('refuses an employee archived after signing in', async () => {
      const id = await t.addEmployee({ role: 'ASSISTANT', phone: '+998935550002', password: 'leaving1', fullName: 'Ketayotgan Xodim', filials: ['Chilonzor'] });
      const { access_token } = await t.signIn('+998935550002', 'leaving1');
      await t.db.update(employees).set({ isArchived: true }).where(eq(employees.id, id));
      expect((await t.call('GET', '/api/auth/me', { token: access_token })).status).toBe(401);
    });
  });

  describe('PATCH /auth/update/{id}/', () => {
    it('lets an employee change their own password and ends their other sessions', async () => {
      const { id, phone } = t.demo('ATTENDANCE_MANAGER');
      const here = await t.signInAs('ATTENDANCE_MANAGER');
      const elsewhere = await t.signInAs('ATTENDANCE_MANAGER');
      const res = await t.call('PATCH', `/api/auth/update/${id}/`, { token: here.access_token, body: { password: 'new-secret' } });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ id });
      expect((await t.call('GET', '/api/auth/me', { token: here.access_token })).status).toBe(200);
      expect((await t.call('GET', '/api/auth/me', { token: elsewhere.access_token })).status).toBe(401);
      expect((await t.call('POST', '/api/auth/refresh/', { body: { refresh_token: elsewhere.refresh_token } })).status).toBe(401);
      const old = await t.call('POST', '/api/auth/token', { body: { phone, password: 'attendance_manager' }, headers: freshAddress() });
      expect(old.status).toBe(401);
      await expect(t.signIn(phone, 'new-secret')).resolves.toHaveProperty('access_token');
      const entry = await t.lastAudit('employee.password_change', id);
      expect(entry).toMatchObject({ actorId: id, entity: 'employee', after: { password: 'changed', revoked_sessions: 1 } });
      expect(JSON.stringify(entry)).not.toContain('scrypt$');
    });

    it('forbids a teacher to change someone else, existing or not', async () => {
      const { access_token } = await t.signInAs('TEACHER');
      for (const id of [t.demo('ASSISTANT').id, 99999]) {
        const res = await t.call('PATCH', `/api/auth/update/${id}/`, { token: access_token, body: { password: 'hijacked' } });
        expect(res.status).toBe(403);
        expect(res.json).toHaveProperty('detail');
      }
      await expect(t.signInAs('ASSISTANT')).resolves.toHaveProperty('access_token');
    });

    it('lets the director change anyone and ends all of their sessions', async () => {
      const director = await t.signInAs('DIRECTOR');
      const victim = await t.addEmployee({ role: 'TESTOLOG', phone: '+998935550003', password: 'forgotten', fullName: 'Unutuvchan Xodim', filials: ['Yunusobod'] });
      const theirs = await t.signIn('+998935550003', 'forgotten');
      const res = await t.call('PATCH', `/api/auth/update/${victim}`, { token: director.access_token, body: { password: 'reset-by-boss' } });
      expect(res.status).toBe(200);
      expect((await t.call('GET', '/api/auth/me', { token: theirs.access_token })).status).toBe(401);
      expect((await t.call('GET', '/api/auth/me', { token: director.access_token })).status).toBe(200);
      const live = await t.db.select().from(sessions).where(eq(sessions.employeeId, victim));
      expect(live.every((s) => s.revokedReason === 'password_change')).toBe(true);
      await expect(t.signIn('+998935550003', 'reset-by-boss')).resolves.toHaveProperty('access_token');
      expect(await t.lastAudit('employee.password_change', victim)).toMatchObject({ actorId: t.demo('DIRECTOR').id });
    });

    it('answers 404 for an unknown id and 400 for a bad id or a short password', async () => {
      const { access_token: token } = await t.signInAs('DIRECTOR');
      expect((await t.call('PATCH', '/api/auth/update/99999/', { token, body: { password: 'long-enough' } })).status).toBe(404);
      const bad = await t.call('PATCH', '/api/auth/update/abc/', { token, body: { password: 'long-enough' } });
      expect(bad.status).toBe(400);
      expect(bad.json).toHaveProperty('id');
      const huge = await t.call('PATCH', '/api/auth/update/99999999999/', { token, body: { password: 'long-enough' } });
      expect(huge.status).toBe(400);
      const id = t.demo('DIRECTOR').id;
      const short = await t.call('PATCH', `/api/auth/update/${id}/`, { token, body: { password: '123' } });
      expect(short.status).toBe(400);
      expect(short.json).toEqual({ password: ['Kamida 6 ta belgi bo‘lishi kerak'] });
      const shortEn = await t.call('PATCH', `/api/auth/update/${id}/`, { token, body: { password: '123' }, headers: { 'accept-language': 'en' } });
      expect(shortEn.json).toEqual({ password: ['Must be at least 6 characters'] });
    });
  });

  describe('GET /auth/roles/', () => {
    it('lists everyone for the director, ordered by name, in the contract shape', async () => {
      const { access_token: token } = await t.signInAs('DIRECTOR');
      const res = await t.call('GET', '/api/auth/roles/', { token });
      expect(res.status).toBe(200);
      const list = roleListItem.strict().array().parse(res.json);
      const names = list.map((e) => e.full_name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set(list.map((e) => e.role))).toEqual(new Set(ROLES));
      expect(list.some((e) => e.id === samarqandId)).toBe(true);
    });

    it('filters by role, call operators, archive flag and branch', async () => {
      const { access_token: token } = await t.signInAs('DIRECTOR');
      const get = async (query: string) => (await t.call('GET', `/api/auth/roles/?${query}`, { token })).json as { id: number; role: string; is_archived: boolean; filial: number[] }[];
      expect((await get('role=CALL_OPERATOR')).map((e) => e.role)).toEqual(['CALL_OPERATOR']);
      expect((await get('is_call_operator=true')).map((e) => e.role)).toEqual(['CALL_OPERATOR']);
      expect((await get('is_call_operator=false')).some((e) => e.role === 'CALL_OPERATOR')).toBe(false);
      expect((await get('is_archived=false')).every((e) => !e.is_archived)).toBe(true);
      expect((await get('is_archived=true')).every((e) => e.is_archived)).toBe(true);
      const samarqand = await t.filialId('Samarqand');
      expect((await get(`filial=${samarqand}`)).map((e) => e.id)).toEqual([samarqandId]);
      // `subject` filters by the teacher's subject (employee profiles); this teacher has none.
      expect(await get(`filial=${samarqand}&subject=4`)).toEqual([]);
      expect(await get('role=TEACHER&is_archived=false&filial=&subject=')).toSatisfy((l: unknown[]) => l.length >= 1);
      const bad = await t.call('GET', '/api/auth/roles/?role=KING&is_archived=maybe', { token });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json).sort()).toEqual(['is_archived', 'role']);
    });

    it('shows a Yunusobod-only employee only Yunusobod colleagues', async () => {
      const { access_token: token } = await t.signInAs('TESTOLOG');
      const yunusobod = await t.filialId('Yunusobod');
      const list = (await t.call('GET', '/api/auth/roles/', { token })).json as { id: number; filial: number[] }[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((e) => e.filial.includes(yunusobod))).toBe(true);
      expect(list.some((e) => e.id === samarqandId)).toBe(false);
      expect(list.some((e) => e.id === t.demo('DIRECTOR').id)).toBe(false);
      expect((await t.call('GET', `/api/auth/roles/?filial=${yunusobod}`, { token })).status).toBe(200);
    });

    it('answers 404 for a branch outside the scope', async () => {
      const { access_token: token } = await t.signInAs('TESTOLOG');
      for (const name of ['Samarqand', 'Chilonzor']) {
        const res = await t.call('GET', `/api/auth/roles/?filial=${await t.filialId(name)}`, { token });
        expect(res.status, name).toBe(404);
        expect(res.json).toEqual({ detail: 'Branch not found' });
      }
    });

    it('lets an employee without branches see every branch', async () => {
      await t.addEmployee({ role: 'ACCOUNTING', phone: '+998935550004', password: 'everywhere', fullName: 'Hamma Joyda', filials: [] });
      const { access_token: token } = await t.signIn('+998935550004', 'everywhere');
      const list = (await t.call('GET', '/api/auth/roles/', { token })).json as { id: number }[];
      expect(list.some((e) => e.id === samarqandId)).toBe(true);
    });
  });
});
