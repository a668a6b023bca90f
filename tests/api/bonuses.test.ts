// Bonus coins (issue 5, "Shop and bonuses"): awards to one student and to several in one transaction, the
// entries list, a student's coins, the leaderboard, the dialogs' student and group lists, branch scope, the
// `add_bonus` page, and bad input.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bonusAwardResult, bonusEntry, bonusGroup, bonusStudent, bonusTopRow } from '../../contract/bonuses';
import { paged } from '../../contract/common';
import { bonusEntries, students } from '../../server/db/schema';
import { EN, REAL_LOCALES } from './catalogueSupport';
import { eduFixture, today } from './eduFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends())('bonuses on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;
  const entriesOf = async (student: number) => (await t.db.select({ n: count() }).from(bonusEntries).where(eq(bonusEntries.studentId, student)))[0].n;

  it('awards coins (201, audited); the balance and the entries list show them', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const s = await f.student(chilonzor);
    const res = await t.call('POST', '/api/bonus/', { token: director, body: { student: s.id, coins: 30, reason: '  Darsga faol qatnashgani uchun ' } });
    expect(res.status, res.text).toBe(201);
    const result = bonusAwardResult.parse(res.json);
    expect(result.balances).toEqual([{ student: s.id, coins: 30 }]);
    expect(result.entries).toMatchObject([{ coins: 30, reason: 'Darsga faol qatnashgani uchun', purchase: null, filial: chilonzor, student: { id: s.id }, author: { id: t.demo('DIRECTOR').id } }]);
    expect(await t.lastAudit('bonus.award', result.entries[0].id)).toMatchObject({ actorId: t.demo('DIRECTOR').id, filialId: chilonzor });
    await t.call('POST', '/api/bonus', { token: director, body: { student: s.id, coins: 12, reason: 'Test natijasi uchun' } });
    expect((await t.call('GET', `/api/bonus/balance/${s.id}`, { token: director })).json).toEqual({ student: s.id, coins: 42 });
    const list = await t.call('GET', `/api/bonus/?student=${s.id}`, { token: director });
    expect(list.status).toBe(200);
    expect(paged(bonusEntry.strict()).parse(list.json).results.map((e) => e.coins)).toEqual([12, 30]);
    const branch = await t.call('GET', `/api/bonus/?filial=${chilonzor}&kind=award&page_size=5`, { token: director });
    expect(branch.json.results).toHaveLength(5);
    expect(branch.json.count).toBeGreaterThan(5);
  });

  it('awards a whole group in one transaction, all or none', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const samarqand = await f.filial('Samarqand');
    const a = await f.student(chilonzor);
    const b = await f.student(chilonzor);
    const res = await t.call('POST', '/api/bonus/bulk/', { token: director, body: { students: [a.id, b.id], coins: 5, reason: 'Darsga faol qatnashgani uchun' } });
    expect(res.status, res.text).toBe(201);
    expect(bonusAwardResult.parse(res.json).balances).toEqual([
      { student: a.id, coins: 5 },
      { student: b.id, coins: 5 },
    ]);
    // One unknown student: nothing at all is written.
    const c = await f.student(chilonzor);
    expect((await t.call('POST', '/api/bonus/bulk/', { token: director, body: { students: [c.id, 99999999], coins: 5, reason: 'x' } })).status).toBe(404);
    expect(await entriesOf(c.id)).toBe(0);
    // A student of another branch for a Chilonzor-only user: 404, nothing written.
    const manager = await token('FILIAL_Manager');
    const foreign = await f.student(samarqand);
    expect((await t.call('POST', '/api/bonus/bulk/', { token: manager, body: { students: [c.id, foreign.id], coins: 5, reason: 'x' } })).status).toBe(404);
    expect(await entriesOf(c.id)).toBe(0);
    const dup = await t.call('POST', '/api/bonus/bulk/', { token: director, body: { students: [c.id, c.id], coins: 5, reason: 'x' }, headers: EN });
    expect(dup).toMatchObject({ status: 400, json: { students: ['Each item may appear only once'] } });
  });

  it('refuses archived students (409) and answers 400 per field', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const s = await f.student(chilonzor);
    const bad = async (body: Record<string, unknown>, field: string, path = '/api/bonus/') => {
      const res = await t.call('POST', path, { token: director, body, headers: EN });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json), JSON.stringify(body)).toContain(field);
    };
    const ok = { student: s.id, coins: 10, reason: 'Test natijasi uchun' };
    await bad({ ...ok, student: undefined }, 'student');
    await bad({ ...ok, student: -1 }, 'student');
    await bad({ ...ok, coins: 0 }, 'coins');
    await bad({ ...ok, coins: -5 }, 'coins');
    await bad({ ...ok, coins: 10001 }, 'coins');
    await bad({ ...ok, coins: 2.5 }, 'coins');
    await bad({ ...ok, reason: '' }, 'reason');
    await bad({ ...ok, reason: undefined }, 'reason');
    await bad({ ...ok, reason: 'x'.repeat(201) }, 'reason');
    await bad({ students: [], coins: 1, reason: 'x' }, 'students', '/api/bonus/bulk/');
    await bad({ students: 'all', coins: 1, reason: 'x' }, 'students', '/api/bonus/bulk/');
    await bad({ students: [s.id], coins: 0, reason: 'x' }, 'coins', '/api/bonus/bulk/');
    const res = await t.call('POST', '/api/bonus/', { token: director, body: { ...ok, coins: 10001 }, headers: EN });
    expect(res.json.coins).toEqual(['Must be at most 10000']);
    expect(await entriesOf(s.id)).toBe(0);
    expect((await t.call('GET', '/api/bonus/top/?limit=0', { token: director })).status).toBe(400);
    expect((await t.call('GET', '/api/bonus/?kind=other', { token: director })).status).toBe(400);

    const archived = await f.student(chilonzor);
    await t.db.update(students).set({ isArchived: true }).where(eq(students.id, archived.id));
    const refused = await t.call('POST', '/api/bonus/', { token: director, body: { ...ok, student: archived.id }, headers: EN });
    expect(refused).toMatchObject({ status: 409, json: { code: 'student_archived' } });
    expect(await entriesOf(archived.id)).toBe(0);
  });

  it('scopes students, groups and lists to the user’s branches (404)', async () => {
    const manager = await token('FILIAL_Manager'); // Chilonzor, has add_bonus
    const director = await token('DIRECTOR');
    const samarqand = await f.filial('Samarqand');
    const foreign = await f.student(samarqand);
    expect((await t.call('POST', '/api/bonus/', { token: manager, body: { student: foreign.id, coins: 1, reason: 'x' } })).status).toBe(404);
    expect((await t.call('GET', `/api/bonus/balance/${foreign.id}`, { token: manager })).status).toBe(404);
    expect((await t.call('GET', `/api/bonus/?student=${foreign.id}`, { token: manager })).status).toBe(404);
    expect((await t.call('GET', `/api/bonus/?filial=${samarqand}`, { token: manager })).status).toBe(404);
    expect((await t.call('GET', `/api/bonus/top/?filial=${samarqand}`, { token: manager })).status).toBe(404);
    expect((await t.call('GET', `/api/bonus/students/?filial=${samarqand}`, { token: manager })).status).toBe(404);
    expect((await t.call('GET', `/api/bonus/groups/?filial=${samarqand}`, { token: manager })).status).toBe(404);
    expect((await t.call('GET', `/api/bonus/balance/99999999`, { token: director })).status).toBe(404);
    const mine = (await t.call('GET', '/api/bonus/?page_size=100', { token: manager })).json.results as { filial: number }[];
    const chilonzor = await f.filial('Chilonzor');
    expect(mine.every((e) => e.filial === chilonzor)).toBe(true);
  });

  it('needs add_bonus to award (403), add_bonus or shop to read', async () => {
    const teacher = await token('TEACHER');
    const admin = await token('ADMINISTRATOR'); // shop, not add_bonus
    const chilonzor = await f.filial('Chilonzor');
    const s = await f.student(chilonzor);
    for (const tok of [teacher, admin]) {
      expect((await t.call('POST', '/api/bonus/', { token: tok, body: { student: s.id, coins: 1, reason: 'x' } })).status).toBe(403);
      expect((await t.call('POST', '/api/bonus/bulk/', { token: tok, body: { students: [s.id], coins: 1, reason: 'x' } })).status).toBe(403);
      expect((await t.call('GET', '/api/bonus/groups/', { token: tok })).status).toBe(403);
    }
    for (const path of ['/api/bonus/', `/api/bonus/balance/${s.id}`, '/api/bonus/top/', '/api/bonus/students/']) {
      expect((await t.call('GET', path, { token: teacher })).status, path).toBe(403);
      expect((await t.call('GET', path, { token: admin })).status, path).toBe(200);
    }
    expect(await entriesOf(s.id)).toBe(0);
  });

  it('ranks a group’s students by coins earned; lists students with coins and the groups to award', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const [a, b, c, gone] = [await f.student(chilonzor), await f.student(chilonzor), await f.student(chilonzor), await f.student(chilonzor)];
    for (const s of [a, b, c]) await f.member(s.id, group.id, today());
    await f.member(gone.id, group.id, '2020-01-01', '2020-02-01');
    const award = (student: number, coins: number) => t.call('POST', '/api/bonus/', { token: director, body: { student, coins, reason: 'x' } });
    await award(a.id, 20);
    await award(b.id, 50);
    await award(gone.id, 500);

    const top = await t.call('GET', `/api/bonus/top/?group=${group.id}`, { token: director });
    expect(top.status).toBe(200);
    expect(z.array(bonusTopRow.strict()).parse(top.json)).toEqual([
      { student: { id: b.id, name: b.full_name }, earned: 50, coins: 50 },
      { student: { id: a.id, name: a.full_name }, earned: 20, coins: 20 },
    ]);
    const branchTop = z.array(bonusTopRow).parse((await t.call('GET', `/api/bonus/top/?filial=${chilonzor}&limit=3`, { token: director })).json);
    expect(branchTop).toHaveLength(3);
    expect(branchTop[0].earned).toBeGreaterThanOrEqual(branchTop[2].earned);

    const members = z.array(bonusStudent.strict()).parse((await t.call('GET', `/api/bonus/students/?group=${group.id}`, { token: director })).json);
    expect(members.map((m) => m.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(members.find((m) => m.id === b.id)?.coins).toBe(50);
    const found = z.array(bonusStudent).parse((await t.call('GET', `/api/bonus/students/?filial=${chilonzor}&q=${encodeURIComponent(a.full_name)}`, { token: director })).json);
    expect(found.map((m) => m.id)).toEqual([a.id]);
    const groups = z.array(bonusGroup.strict()).parse((await t.call('GET', `/api/bonus/groups/?filial=${chilonzor}`, { token: director })).json);
    expect(groups.find((g) => g.id === group.id)).toMatchObject({ students: 3 });
  });
});
