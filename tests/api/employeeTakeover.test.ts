// Taking over a colleague (issue 15, "Access"): someone other than a director may change another employee's
// password, role, branches or pages only when every branch of that employee is among their own; otherwise 403 and
// nothing written. The whole matrix: every role as writer (with every page, so the page guards pass) × a colleague
// with a narrower, an equal and a wider set of branches × every update path × every protected field.
// Rule: server/domain/staff/employeeAccess.ts; docs/access-control.md "Changing another employee".
import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMPLOYEE_WRITER_ROLES } from '../../contract/employees';
import { PAGE_KEYS, ROLE_DEFAULT_PAGES, ROLES, type PageKey, type Role } from '../../contract/roles';
import { hashPassword, verifyPassword } from '../../server/auth/password';
import { employeeFilials, employeePages, employees } from '../../server/db/schema';
import { insertEmployee } from '../../server/domain/staff/employeeInsert';
import { listEndpoints } from '../../server/http/endpoints';
import { backends, freshAddress, useTestApp, type Backend } from './harness';
import { changedTables, dbFingerprint, StatusTally } from './security/dbFingerprint';

type Reach = 'narrower' | 'equal' | 'wider';
type Field = 'password' | 'role' | 'branches' | 'pages';
type Path = 'PUT /auth/update/{id}' | 'PATCH /auth/update/{id}' | 'PUT /api/employees/{id}' | 'PATCH /api/employees/{id}' | 'PUT /api/employees/';

const NEW_PASSWORD = 'taken-over-1';
const TARGET_PASSWORD = 'target-pass-1';
const TARGET_PAGES: PageKey[] = ['groups', 'schedule', 'results', 'tasks'];
const ADDED_PAGE: PageKey = 'all_students';

let phoneCounter = 0;
const phone = () => `+99878${String(process.pid % 100).padStart(2, '0')}${String(++phoneCounter).padStart(5, '0')}`;

describe.each(backends())('changing another employee (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let A: number, B: number, C: number;
  let targetHash: string;
  let director: string;
  /** Writers of every role in branches A and B, with every page. */
  const writers = {} as Record<Role, { id: number; token: string }>;
  const targets = {} as Record<Reach, number>;
  const branchesOf: Record<Reach, () => number[]> = { narrower: () => [A], equal: () => [A, B], wider: () => [A, B, C] };

  const addPerson = async (role: Role, filials: number[], pages: readonly PageKey[], password: string) => {
    const passwordHash = await hashPassword(password, t.config.scryptN);
    const p = phone();
    const id = await t.db.transaction((tx) =>
      insertEmployee(tx, { fullName: `Takeover ${role} ${p}`, phone: p, passwordHash, role, filialIds: filials, pages: pages.map((name) => ({ name, is_readable: true })) }),
    );
    return { id, phone: p };
  };
  const signIn = async (p: string, password: string) => (await t.signIn(p, password, freshAddress())).access_token;

  /** Puts a colleague back as the matrix expects them before each request. */
  const resetTarget = async (reach: Reach) => {
    const id = targets[reach];
    await t.db.transaction(async (tx) => {
      await tx.update(employees).set({ role: 'TEACHER', passwordHash: targetHash, isArchived: false }).where(eq(employees.id, id));
      await tx.delete(employeeFilials).where(eq(employeeFilials.employeeId, id));
      await tx.insert(employeeFilials).values(branchesOf[reach]().map((filialId) => ({ employeeId: id, filialId })));
      await tx.delete(employeePages).where(eq(employeePages.employeeId, id));
      await tx.insert(employeePages).values(PAGE_KEYS.map((page) => ({ employeeId: id, page, isReadable: TARGET_PAGES.includes(page) })));
    });
  };

  const stored = async (id: number) => {
    const [row] = await t.db.select({ role: employees.role, hash: employees.passwordHash }).from(employees).where(eq(employees.id, id));
    const filials = (await t.db.select({ f: employeeFilials.filialId }).from(employeeFilials).where(eq(employeeFilials.employeeId, id))).map((r) => r.f).sort();
    const pages = (await t.db.select({ p: employeePages.page }).from(employeePages).where(sql`${employeePages.employeeId} = ${id} and ${employeePages.isReadable}`)).map((r) => r.p);
    return { ...row, filials, pages };
  };

  /** The branches a field change asks for: always inside the A+B writers' own, so only the rule can refuse it. */
  const newBranches = (reach: Reach) => (reach === 'narrower' ? [B] : [A]);

  const changeOf = (field: Field, reach: Reach): Record<string, unknown> => {
    switch (field) {
      case 'password':
        return { password: NEW_PASSWORD };
      case 'role':
        return { role: 'ADMINISTRATOR' };
      case 'branches':
        return { filials: newBranches(reach) };
      case 'pages':
        return { pages: [...TARGET_PAGES, ADDED_PAGE] };
    }
  };

  /** Was the change written? */
  const written = async (field: Field, reach: Reach, id: number) => {
    const now = await stored(id);
    switch (field) {
      case 'password':
        return verifyPassword(NEW_PASSWORD, now.hash);
      case 'role':
        return now.role === 'ADMINISTRATOR';
      case 'branches':
        // Branches outside an A+B writer's own stay (C of the wider colleague, whom only a director may change).
        return now.filials.join() !== branchesOf[reach]().sort().join();
      case 'pages':
        return now.pages.includes(ADDED_PAGE);
    }
  };

  const hasCollectionPut = () => listEndpoints(t.app).some((e) => e.method === 'PUT' && e.path === '/api/api/employees');
  const paths = (): Path[] => [
    'PUT /auth/update/{id}',
    'PATCH /auth/update/{id}',
    'PUT /api/employees/{id}',
    'PATCH /api/employees/{id}',
    // Being added in parallel (spec: "POST and PUT /api/employees/"); covered as soon as it exists.
    ...(hasCollectionPut() ? (['PUT /api/employees/'] as Path[]) : []),
  ];
  const fieldsOf = (path: Path): Field[] => (path === 'PATCH /auth/update/{id}' ? ['password'] : ['password', 'role', 'branches', 'pages']);

  /** The request of a path: full bodies start from the card as the director reads it. */
  const request = async (path: Path, id: number, change: Record<string, unknown>) => {
    const card = (await t.call('GET', `/api/api/employees/${id}`, { token: director })).json;
    const full = { ...card, subject: card.subject?.id ?? null, ...change };
    switch (path) {
      case 'PUT /auth/update/{id}':
        return { method: 'PUT', url: `/api/auth/update/${id}/`, body: full };
      case 'PATCH /auth/update/{id}':
        return { method: 'PATCH', url: `/api/auth/update/${id}/`, body: change };
      case 'PUT /api/employees/{id}':
        return { method: 'PUT', url: `/api/api/employees/${id}`, body: full };
      case 'PATCH /api/employees/{id}':
        return { method: 'PATCH', url: `/api/api/employees/${id}`, body: change };
      case 'PUT /api/employees/':
        return { method: 'PUT', url: '/api/api/employees/', body: { ...full, id } };
    }
  };

  /** What the rule allows: a director anyone; a branch manager a colleague within their branches; nobody else. */
  const expected = (role: Role, reach: Reach) => (role === 'DIRECTOR' ? 200 : EMPLOYEE_WRITER_ROLES.includes(role) && reach !== 'wider' ? 200 : 403);

  beforeAll(async () => {
    [A, B, C] = [await t.filialId('Chilonzor'), await t.filialId('Yunusobod'), await t.filialId('Samarqand')];
    director = (await t.signInAs('DIRECTOR')).access_token;
    targetHash = await hashPassword(TARGET_PASSWORD, t.config.scryptN);
    for (const role of ROLES) {
      const w = await addPerson(role, [A, B], PAGE_KEYS, 'writer-pass-1');
      writers[role] = { id: w.id, token: await signIn(w.phone, 'writer-pass-1') };
    }
    for (const reach of ['narrower', 'equal', 'wider'] as Reach[]) targets[reach] = (await addPerson('TEACHER', branchesOf[reach](), TARGET_PAGES, TARGET_PASSWORD)).id;
  });

  it('lets a writer change a colleague only within their own branches, on every path and field; refused changes write nothing', async () => {
    const problems: string[] = [];
    const tally = new StatusTally();
    let requests = 0;
    for (const path of paths()) {
      for (const role of ROLES) {
        for (const reach of ['narrower', 'equal', 'wider'] as Reach[]) {
          const want = expected(role, reach);
          const id = targets[reach];
          // The whole-database fingerprint is the costly step: taken around each run of refused requests (every
          // field in turn, nothing to put back between them), not around each request.
          if (want === 403) await resetTarget(reach);
          const before = want === 403 ? await dbFingerprint(t.db) : undefined;
          for (const field of fieldsOf(path)) {
            if (!before) await resetTarget(reach);
            const req = await request(path, id, changeOf(field, reach));
            const res = await t.call(req.method, req.url, { token: writers[role].token, body: req.body });
            requests += 1;
            tally.add(res.status);
            const what = `${role} (A+B) ${path} ${field} of a ${reach} colleague`;
            if (res.status !== want) problems.push(`${what}: ${res.status}, expected ${want} ${res.text.slice(0, 140)}`);
            if (!before && res.status === 200 && !(await written(field, reach, id))) problems.push(`${what}: 200 but the ${field} was not written`);
          }
          if (before) {
            const changed = changedTables(before, await dbFingerprint(t.db));
            if (changed.length) problems.push(`${role} (A+B) ${path} ${fieldsOf(path).join(', ')} of a ${reach} colleague: refused, but changed ${changed.join(', ')}`);
          }
        }
      }
    }
    console.log(`[employee takeover, ${backend}] ${paths().length} paths × ${ROLES.length} roles × 3 colleagues × fields = ${requests} requests: ${tally}`);
    expect(problems).toEqual([]);
  }, 600_000);

  describe('a branch manager of one branch', () => {
    let manager: { id: number; phone: string; token: string };
    beforeEach(async () => {
      const m = await addPerson('FILIAL_Manager', [A], PAGE_KEYS, 'manager-pass-1');
      manager = { ...m, token: await signIn(m.phone, 'manager-pass-1') };
    });

    it('cannot take over a manager of two branches: the new password is refused and never signs in to the other branch', async () => {
      const mfm = await addPerson('MULTIPLE_FILIAL_MANAGER', [A, B], PAGE_KEYS, 'mfm-pass-1');
      const card = (await t.call('GET', `/api/api/employees/${mfm.id}`, { token: manager.token })).json;
      expect(card.filials).toEqual([A, B]);
      for (const [method, url, body] of [
        ['PUT', `/api/auth/update/${mfm.id}/`, { ...card, subject: null, password: NEW_PASSWORD }],
        ['PUT', `/api/api/employees/${mfm.id}`, { ...card, subject: null, password: NEW_PASSWORD }],
        ['PATCH', `/api/auth/update/${mfm.id}/`, { password: NEW_PASSWORD }],
        ['PATCH', `/api/api/employees/${mfm.id}`, { password: NEW_PASSWORD }],
      ] as const) {
        const res = await t.call(method, url, { token: manager.token, body });
        expect([method, url, res.status]).toEqual([method, url, 403]);
      }
      // The taken-over password does not sign in; the colleague's own still does and still reads branch B.
      const attempt = await t.call('POST', '/api/auth/token', { body: { phone: mfm.phone, password: NEW_PASSWORD }, headers: freshAddress() });
      expect(attempt.status).toBe(401);
      const own = await signIn(mfm.phone, 'mfm-pass-1');
      expect((await t.call('GET', `/api/groups/?filial=${B}`, { token: own })).status).toBe(200);
    });

    it('cannot take over a teacher of two branches, but may still edit their name, and may reset a teacher of their own branch', async () => {
      const shared = await addPerson('TEACHER', [A, B], TARGET_PAGES, TARGET_PASSWORD);
      const card = (await t.call('GET', `/api/api/employees/${shared.id}`, { token: manager.token })).json;
      const put = await t.call('PUT', `/api/auth/update/${shared.id}/`, { token: manager.token, body: { ...card, subject: null, password: NEW_PASSWORD } });
      expect(put.status).toBe(403);
      expect(await verifyPassword(TARGET_PASSWORD, (await stored(shared.id)).hash)).toBe(true);
      // Fields that do not decide who the person is or what they reach stay open to a manager of one of their branches.
      const renamed = await t.call('PATCH', `/api/api/employees/${shared.id}`, { token: manager.token, body: { full_name: 'Renamed Teacher' } });
      expect([renamed.status, renamed.json.full_name, renamed.json.filials]).toEqual([200, 'Renamed Teacher', [A, B]]);

      const local = await addPerson('TEACHER', [A], TARGET_PAGES, TARGET_PASSWORD);
      const reset = await t.call('PATCH', `/api/auth/update/${local.id}/`, { token: manager.token, body: { password: NEW_PASSWORD } });
      expect(reset.status).toBe(200);
      expect((await t.call('POST', '/api/auth/token', { body: { phone: local.phone, password: NEW_PASSWORD }, headers: freshAddress() })).status).toBe(200);
    });

    it('cannot archive a colleague who also works elsewhere', async () => {
      const shared = await addPerson('TEACHER', [A, B], TARGET_PAGES, TARGET_PASSWORD);
      const res = await t.call('PATCH', `/api/api/employees/${shared.id}`, { token: manager.token, body: { is_archived: true, archive_reason: 'left' } });
      expect(res.status).toBe(403);
      const [row] = await t.db.select({ archived: employees.isArchived }).from(employees).where(eq(employees.id, shared.id));
      expect(row.archived).toBe(false);
    });

    it('does not see a colleague of every branch (empty list), so cannot change them either', async () => {
      const everywhere = await addPerson('TEACHER', [], TARGET_PAGES, TARGET_PASSWORD);
      expect((await t.call('PATCH', `/api/auth/update/${everywhere.id}/`, { token: manager.token, body: { password: NEW_PASSWORD } })).status).toBe(404);
      expect((await t.call('PATCH', `/api/api/employees/${everywhere.id}`, { token: manager.token, body: { role: 'ADMINISTRATOR' } })).status).toBe(404);
    });
  });

  it('a manager with an empty branch list counts as every branch: they may change anyone but a director', async () => {
    const all = await addPerson('MULTIPLE_FILIAL_MANAGER', [], PAGE_KEYS, 'all-pass-1');
    const token = await signIn(all.phone, 'all-pass-1');
    const everywhere = await addPerson('TEACHER', [], TARGET_PAGES, TARGET_PASSWORD);
    const wide = await addPerson('TEACHER', [A, B, C], TARGET_PAGES, TARGET_PASSWORD);
    for (const id of [everywhere.id, wide.id]) expect((await t.call('PATCH', `/api/auth/update/${id}/`, { token, body: { password: NEW_PASSWORD } })).status).toBe(200);
    expect((await t.call('PATCH', `/api/auth/update/${t.demo('DIRECTOR').id}/`, { token, body: { password: NEW_PASSWORD } })).status).toBe(403);
  });

  it('PATCH /api/employees/{id} changes only the fields sent and keeps the cross-field rules', async () => {
    const person = await addPerson('TEACHER', [A], TARGET_PAGES, TARGET_PASSWORD);
    const before = (await t.call('GET', `/api/api/employees/${person.id}`, { token: director })).json;
    const res = await t.call('PATCH', `/api/api/employees/${person.id}`, { token: director, body: { work_start: '10:00', work_end: '19:00' } });
    expect(res.status).toBe(200);
    expect({ ...res.json, work_start: before.work_start, work_end: before.work_end }).toEqual(before);
    expect([res.json.work_start, res.json.work_end]).toEqual(['10:00', '19:00']);
    const needsFigure = await t.call('PATCH', `/api/api/employees/${person.id}`, { token: director, body: { salary_kind: 'percent' }, headers: { 'accept-language': 'en' } });
    expect(needsFigure.status).toBe(400);
    expect(Object.keys(needsFigure.json)).toEqual(['salary_percent']);
    const badPhone = await t.call('PATCH', `/api/api/employees/${person.id}`, { token: director, body: { phone: '12' } });
    expect([badPhone.status, Object.keys(badPhone.json)]).toEqual([400, ['phone']]);
    // A new role without pages gets the role's default pages, as the full update does.
    const promoted = await t.call('PATCH', `/api/api/employees/${person.id}`, { token: director, body: { role: 'ACCOUNTING' } });
    expect(promoted.status).toBe(200);
    expect(promoted.json.pages.filter((p: { is_readable: boolean }) => p.is_readable).map((p: { name: string }) => p.name).sort()).toEqual([...ROLE_DEFAULT_PAGES.ACCOUNTING].sort());
    // A demo employee's card with salary terms round-trips through a one-field patch.
    const accountant = t.demo('ACCOUNTING').id;
    const card = (await t.call('GET', `/api/api/employees/${accountant}`, { token: director })).json;
    const renamed = await t.call('PATCH', `/api/api/employees/${accountant}`, { token: director, body: { full_name: `${card.full_name} II` } });
    expect(renamed.status).toBe(200);
    expect({ ...renamed.json, full_name: card.full_name }).toEqual(card);
  });
});
