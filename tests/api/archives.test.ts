// The student archives over the API (issue 4): GET /api/archives/ and /stats, GET /archived/, /archived/frozen/,
// /archived/students/?id=; the demo statuses; branch scope (404) and pages (403).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { archivePage, archiveStats, frozenPage, studentArchiveHistory } from '../../contract/studentStatusApi';
import { employees, studentLogs, students } from '../../server/db/schema';
import { applyFreezes } from '../../server/jobs/studentFreezes';
import { addDays } from '../../server/domain/lessons/dates';
import { daysFromToday, eduFixture, today } from './eduFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends())('student archives on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);
  const get = (token: string, path: string) => t.call('GET', path, { token });
  const archive = (token: string, id: number, reason: string) =>
    t.call('PATCH', `/api/add-group/${id}/`, { token, body: { is_archived: true, reason } });

  it('seeds every branch with testing, frozen, scheduled and archived students, which the freeze job leaves alone', async () => {
    const { access_token: director } = await t.signInAs('DIRECTOR');
    expect(await applyFreezes(t.db, today())).toEqual({ started: [], ended: [] });
    const [admin] = await t.db.select({ fullName: employees.fullName }).from(employees).where(eq(employees.role, 'ADMINISTRATOR'));
    for (const name of ['Chilonzor', 'Yunusobod', 'Samarqand'] as const) {
      const filial = await f.filial(name);
      const archived = archivePage.strict().parse((await get(director, `/api/archived/?filial=${filial}`)).json);
      expect(archived.count).toBeGreaterThanOrEqual(2);
      expect(archived.results[0]).toMatchObject({ reason: expect.any(String), archived_by: { full_name: admin.fullName }, student: { filial, status: 'archived' } });
      const frozen = frozenPage.strict().parse((await get(director, `/api/archived/frozen/?filial=${filial}`)).json);
      expect(frozen.results.map((r) => r.scheduled).sort()).toEqual([false, true]);
      expect(frozen.results.find((r) => !r.scheduled)!.student.status).toBe('frozen');
      expect(frozen.results.find((r) => r.scheduled)!.student.status).toBe('active');
      const testing = await t.db.select({ id: students.id }).from(students).where(eq(students.status, 'testing'));
      expect(testing.length).toBeGreaterThanOrEqual(3);
    }
    const stats = archiveStats.strict().parse((await get(director, '/api/api/archives/stats')).json);
    expect(stats.total).toBeGreaterThanOrEqual(6);
    expect(stats.by_month).toHaveLength(12);
    expect(stats.end_date).toBe(today());
  });

  it('lists every archiving newest first with reason, who and from which status; filters by branch, dates and name; pages', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const tag = `Arx${Date.now() % 100000}`;
    const a = await f.student(chilonzor, `${tag} Alpha`);
    const b = await f.student(chilonzor, `${tag} Beta`);
    await t.db.update(students).set({ status: 'active' }).where(eq(students.id, b.id));
    expect((await archive(director, a.id, 'Too expensive')).status).toBe(200);
    expect((await archive(director, b.id, 'Moved away')).status).toBe(200);

    const res = await get(director, `/api/api/archives/?q=${encodeURIComponent(tag.toLowerCase())}`);
    expect(res.status).toBe(200);
    const page = archivePage.strict().parse(res.json);
    expect(page.results.map((r) => [r.student.id, r.reason, r.from_status])).toEqual([
      [b.id, 'Moved away', 'active'],
      [a.id, 'Too expensive', 'new'],
    ]);
    expect(page.results[0].archived_by).toEqual({ id: t.demo('DIRECTOR').id, full_name: expect.any(String) });
    const paged = archivePage.parse((await get(director, `/api/api/archives/?q=${tag}&page_size=1&page=2`)).json);
    expect(paged).toMatchObject({ count: 2, next: null });
    expect(paged.results[0].student.id).toBe(a.id);
    expect((await get(director, `/api/api/archives/?q=${tag}&start_date=${today()}&end_date=${today()}`)).json.count).toBe(2);
    expect((await get(director, `/api/api/archives/?q=${tag}&end_date=${daysFromToday(-1)}`)).json.count).toBe(0);
    expect((await get(director, `/api/api/archives/?q=${tag}&filial=${await f.filial('Samarqand')}`)).json.count).toBe(0);

    // The current list: the same students while they stay archived.
    const current = archivePage.strict().parse((await get(director, `/api/archived/?q=${tag}`)).json);
    expect(current.results.map((r) => [r.id, r.reason, r.from_status])).toEqual([
      [b.id, 'Moved away', 'active'],
      [a.id, 'Too expensive', 'new'],
    ]);
    await t.call('POST', `/api/api/v2/students/${a.id}/unarchive`, { token: director });
    expect((await get(director, `/api/archived/?q=${tag}`)).json.count).toBe(1);
    expect((await get(director, `/api/api/archives/?q=${tag}`)).json.count).toBe(2);

    const bad = await get(director, '/api/api/archives/?start_date=yesterday&page_size=1000');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['page_size', 'start_date']);
  });

  it('counts archivings by reason and by month in a period', async () => {
    const samarqand = await f.filial('Samarqand');
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const before = archiveStats.parse((await get(director, `/api/api/archives/stats?filial=${samarqand}&start_date=${today()}&end_date=${today()}`)).json);
    for (const reason of ['Reason X', 'Reason X', 'Reason Y']) {
      const s = await f.student(samarqand);
      await archive(director, s.id, reason);
    }
    // One archived two months ago: only in a period that reaches back.
    const old = await f.student(samarqand);
    await archive(director, old.id, 'Reason X');
    await t.db.update(studentLogs).set({ createdAt: new Date(Date.now() - 62 * 86_400_000) }).where(eq(studentLogs.studentId, old.id));

    const res = await get(director, `/api/api/archives/stats?filial=${samarqand}&start_date=${today()}&end_date=${today()}`);
    const stats = archiveStats.strict().parse(res.json);
    expect(stats.total - before.total).toBe(3);
    const count = (r: string) => stats.by_reason.find((x) => x.reason === r)?.count ?? 0;
    expect([count('Reason X'), count('Reason Y')]).toEqual([2, 1]);
    expect(stats.by_month).toEqual([{ month: today().slice(0, 7), count: stats.total }]);

    const wide = archiveStats.parse((await get(director, `/api/api/archives/stats?filial=${samarqand}&start_date=${addDays(today(), -70)}`)).json);
    expect(wide.by_month.length).toBeGreaterThanOrEqual(3);
    expect(wide.by_reason.find((x) => x.reason === 'Reason X')!.count).toBe(3);
    expect(wide.by_month.reduce((n, m) => n + m.count, 0)).toBe(wide.total);
  });

  it("answers one student's archivings (with when they came back) and freezes", async () => {
    const chilonzor = await f.filial('Chilonzor');
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const s = await f.student(chilonzor);
    await t.db.update(students).set({ status: 'active' }).where(eq(students.id, s.id));
    await t.call('POST', `/api/api/v2/students/${s.id}/freeze`, { token: director, body: { from_date: today(), to_date: daysFromToday(3), reason: 'Cold' } });
    await archive(director, s.id, 'First');
    await t.call('POST', `/api/api/v2/students/${s.id}/unarchive`, { token: director });
    await archive(director, s.id, 'Second');

    const res = await get(director, `/api/archived/students/?id=${s.id}`);
    expect(res.status).toBe(200);
    const history = studentArchiveHistory.strict().parse(res.json);
    expect(history.student).toMatchObject({ id: s.id, status: 'archived' });
    expect(history.archivings.map((a) => [a.reason, a.from_status, a.restored_at === null])).toEqual([
      ['Second', 'active', true],
      ['First', 'frozen', false],
    ]);
    expect(history.archivings[1].restored_by).toMatchObject({ id: t.demo('DIRECTOR').id });
    expect(history.freezes).toMatchObject([{ from_date: today(), to_date: daysFromToday(3), ended_on: addDays(today(), -1), reason: 'Cold' }]);
    expect((await get(director, '/api/archived/students/')).status).toBe(400);
  });

  it('keeps the archives in branch scope (404) and behind the student pages (403)', async () => {
    const samarqand = await f.filial('Samarqand');
    const admin = await f.employee('ADMINISTRATOR', 'Chilonzor');
    const far = await f.student(samarqand);
    expect((await get(admin.token, `/api/archived/students/?id=${far.id}`)).status).toBe(404);
    for (const path of ['/api/api/archives/', '/api/api/archives/stats', '/api/archived/', '/api/archived/frozen/']) {
      expect((await get(admin.token, `${path}?filial=${samarqand}`)).status, path).toBe(404);
    }
    const mine = archivePage.parse((await get(admin.token, '/api/archived/?page_size=100')).json);
    const chilonzor = await f.filial('Chilonzor');
    expect(mine.results.every((r) => r.student.filial === chilonzor)).toBe(true);
    const frozen = frozenPage.parse((await get(admin.token, '/api/archived/frozen/')).json);
    expect(frozen.results.every((r) => r.student.filial === chilonzor)).toBe(true);

    const teacher = await f.employee('TEACHER');
    for (const path of ['/api/api/archives/', '/api/api/archives/stats', '/api/archived/', '/api/archived/frozen/', `/api/archived/students/?id=${far.id}`]) {
      expect((await get(teacher.token, path)).status, path).toBe(403);
    }
  });
});
