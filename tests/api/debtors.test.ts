// GET /finance/debtors/ and /finance/debtors/excel/: a negative balance in any group of a current student,
// biggest debt first, totals over every match, each filter (group, teacher, lesson day, search, minimum debt),
// the last payment that was not reversed, branch scope (foreign branch 404), pages (403), bad input (400) and the
// spreadsheet read back with exceljs. The money rows are the scenario of financeFixtures.ts in branches of its own.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { debtorOptions, debtorsPage, type DebtorsPage } from '../../contract/debtors';
import { XLSX_MIME } from '../../contract/leadDownloads';
import { centreToday } from '../../server/domain/lessons/dates';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture } from './eduFixtures';
import { moneyFixture } from './financeFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends())('debtors on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const m = moneyFixture(t, f);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;
  const list = async (tk: string, query: string) => {
    const res = await t.call('GET', `/api/finance/debtors/?${query}`, { token: tk });
    if (res.status !== 200) throw new Error(`debtors ${query}: ${res.status} ${res.text}`);
    return debtorsPage.strict().parse(res.json) as DebtorsPage;
  };
  const names = (p: DebtorsPage) => p.results.map((r) => r.student.full_name);

  let world: Awaited<ReturnType<typeof m.scenario>>;
  const ready = async () => (world ??= await m.scenario());

  it('lists the debts of current students, biggest debt first, with totals', async () => {
    const w = await ready();
    const p = await list(await token('DIRECTOR'), `filial=${w.F}`);
    // S2 is even, S4 archived, S5 left the group and is in none (not a current student), S6 ahead.
    expect(names(p)).toEqual([w.S[3].full_name, w.S[1].full_name]);
    expect(p.totals).toEqual({ count: 2, debt: '-849999.50' });
    expect(p.count).toBe(2);
    expect(p.results[0]).toEqual({
      student: { id: w.S[3].id, full_name: w.S[3].full_name, phone: w.S[3].phone, parent_phone: null },
      filial: { id: w.F, name: w.fName },
      group: { id: w.B.id, name: w.B.name },
      teacher: { id: w.T2, full_name: t.demo('HEAD_TEACHER').name },
      days: [2, 4],
      balance: '-700000.00',
      // Its only payment was reversed.
      last_payment_at: null,
    });
    expect(p.results[1]).toMatchObject({
      student: { id: w.S[1].id, parent_phone: '+998971112233' },
      group: { id: w.A.id, name: w.A.name },
      teacher: { id: w.T1 },
      days: [1, 2, 3, 4, 5, 6, 7],
      balance: '-149999.50',
      last_payment_at: '2026-03-10T05:00:00.000Z',
    });
  });

  it('filters by group, teacher, lesson day, search and the smallest debt; totals follow the filters', async () => {
    const w = await ready();
    const director = await token('DIRECTOR');
    const q = (extra: string) => list(director, `filial=${w.F}&${extra}`);
    expect(names(await q(`group=${w.B.id}`))).toEqual([w.S[3].full_name]);
    expect(names(await q(`teacher=${w.T1}`))).toEqual([w.S[1].full_name]);
    expect(names(await q('day=1'))).toEqual([w.S[1].full_name]);
    expect(names(await q('day=4'))).toEqual([w.S[3].full_name, w.S[1].full_name]);
    expect(names(await q(`q=${encodeURIComponent(w.S[1].full_name.toLowerCase())}`))).toEqual([w.S[1].full_name]);
    expect(names(await q(`q=${w.S[3].phone.slice(-7)}`))).toEqual([w.S[3].full_name]);
    expect(names(await q('q=97 111 22 33'))).toEqual([w.S[1].full_name]); // the parent's phone
    const big = await q('min_debt=200000');
    expect([names(big), big.totals]).toEqual([[w.S[3].full_name], { count: 1, debt: '-700000.00' }]);
    expect(names(await q('min_debt=149999.50'))).toHaveLength(2);
    expect(names(await q('min_debt=149999.51'))).toHaveLength(1);
    // Empty filters are dropped.
    expect(names(await q('group=&teacher=&day=&q=&min_debt='))).toHaveLength(2);
    const paged = await q('page=2&page_size=1');
    expect([names(paged), paged.count, paged.totals.count, paged.next]).toEqual([[w.S[1].full_name], 2, 2, null]);
    expect(paged.previous).toContain('page=1');
  });

  it('offers the groups and teachers that have debtors as filter choices', async () => {
    const w = await ready();
    const res = await t.call('GET', `/api/finance/debtors/options/?filial=${w.F}`, { token: await token('DIRECTOR') });
    expect(debtorOptions.strict().parse(res.json)).toEqual({
      groups: [
        { id: w.A.id, name: w.A.name },
        { id: w.B.id, name: w.B.name },
      ].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
      teachers: [
        { id: w.T2, full_name: t.demo('HEAD_TEACHER').name },
        { id: w.T1, full_name: t.demo('TEACHER').name },
      ].sort((a, b) => a.full_name.localeCompare(b.full_name)),
    });
    expect((await t.call('GET', `/api/finance/debtors/options/?filial=${w.F}`, { token: await token('ACCOUNTING') })).status).toBe(404);
    expect((await t.call('GET', '/api/finance/debtors/options/', { token: await token('TEACHER') })).status).toBe(403);
  });

  it('keeps a moved student’s debt in the group they left on the list while they study in another', async () => {
    // Found by the month-in-the-life simulation: after a move the debt stays with the old group, and the list
    // showed only open memberships, so a student who still owed disappeared from it.
    const F = await m.filial(`Ko‘chish ${process.pid}`);
    const teacher = t.demo('TEACHER').id;
    const [A, B] = [await f.group({ filialId: F, teacherId: teacher }), await f.group({ filialId: F, teacherId: teacher })];
    const s = await f.student(F);
    const today = centreToday(new Date());
    await f.member(s.id, A.id, '2026-01-05');
    await m.charge(s.id, A, '2026-01-12', '50000.00');
    const director = await token('DIRECTOR');
    const moved = await t.call('POST', '/api/add-group/groups/update/', { token: director, body: { student: s.id, group_id: A.id, new_group_id: B.id, date: today } });
    expect(moved.status).toBe(200);
    const p = await list(director, `filial=${F}`);
    expect(p.results.map((r) => [r.student.id, r.group.id, r.balance])).toEqual([[s.id, A.id, '-50000.00']]);
    expect(p.totals).toEqual({ count: 1, debt: '-50000.00' });
    // Archived, they leave the working list (the finance report still counts the debt).
    const archived = await t.call('PATCH', `/api/add-group/${s.id}/`, { token: director, body: { is_archived: true, reason: 'Ketdi' } });
    expect(archived.status).toBe(200);
    expect((await list(director, `filial=${F}`)).results).toEqual([]);
  });

  it('keeps to the user’s branches: a foreign branch is 404, the default is the own branches', async () => {
    const w = await ready();
    const accounting = await token('ACCOUNTING'); // Chilonzor only
    expect((await t.call('GET', `/api/finance/debtors/?filial=${w.F}`, { token: accounting })).status).toBe(404);
    expect((await t.call('GET', `/api/finance/debtors/excel/?filial=${w.F}`, { token: accounting })).status).toBe(404);
    const own = await list(accounting, 'page_size=100');
    expect(own.results.every((r) => r.filial.name === 'Chilonzor')).toBe(true);
    expect(own.results.some((r) => r.student.id === w.S[1].id)).toBe(false);
    // The director's default is every branch.
    const all = await list(await token('DIRECTOR'), `q=${w.word}`);
    expect(names(all)).toEqual([w.S[3].full_name, w.S[1].full_name]);
  });

  it('answers 403 to roles without a cash or finance report page', async () => {
    for (const role of ['TEACHER', 'CALL_OPERATOR', 'SERVICE_MANAGER'] as const) {
      const tk = await token(role);
      expect((await t.call('GET', '/api/finance/debtors/', { token: tk })).status).toBe(403);
      expect((await t.call('GET', '/api/finance/debtors/excel/', { token: tk })).status).toBe(403);
    }
    // The front desk takes payments (cashiers_data by default, issue 15), so it sees whom to call.
    expect((await t.call('GET', '/api/finance/debtors/', { token: await token('ADMINISTRATOR') })).status).toBe(200);
    expect((await t.call('GET', '/api/finance/debtors/')).status).toBe(401);
  });

  it('answers 400 per field for bad filters', async () => {
    const director = await token('DIRECTOR');
    const res = await t.call('GET', '/api/finance/debtors/?day=8&min_debt=abc&group=x&page=0', { token: director, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json).sort()).toEqual(['day', 'group', 'min_debt', 'page']);
    expect((await t.call('GET', '/api/finance/debtors/?min_debt=1.005', { token: director })).status).toBe(400);
    expect((await t.call('GET', '/api/finance/debtors/excel/?day=0', { token: director })).status).toBe(400);
  });

  it('exports the filtered list as .xlsx with headers in the reader’s language and a total row', async () => {
    const w = await ready();
    const tk = await token('DIRECTOR');
    const read = async (query: string, lang?: string) => {
      const headers = new Headers({ authorization: `Bearer ${tk}` });
      if (lang) headers.set('accept-language', lang);
      const res = await t.app.request(`/api/finance/debtors/excel/?${query}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(XLSX_MIME);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="qarzdorlar-${centreToday(new Date())}.xlsx"`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
      const sheet = workbook.worksheets[0];
      const rows: ExcelJS.CellValue[][] = [];
      sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
      return { sheet, rows };
    };
    const en = await read(`filial=${w.F}`, 'en');
    expect(en.sheet.name).toBe('Debtors');
    expect(en.rows[0]).toEqual(['No.', 'Full name', 'Phone', 'Parent’s phone', 'Branch', 'Group', 'Teacher', 'Lesson days', 'Balance', 'Last payment']);
    expect(en.rows[1].slice(0, 9)).toEqual([1, w.S[3].full_name, w.S[3].phone, '', w.fName, w.B.name, t.demo('HEAD_TEACHER').name, 'Tue, Thu', -700000]);
    expect(en.rows[2].slice(0, 9)).toEqual([2, w.S[1].full_name, w.S[1].phone, '+998971112233', w.fName, w.A.name, t.demo('TEACHER').name, 'Mon, Tue, Wed, Thu, Fri, Sat, Sun', -149999.5]);
    // The last payment in Tashkent wall-clock time: 10 March 10:00.
    expect((en.rows[2][9] as Date).toISOString()).toBe('2026-03-10T10:00:00.000Z');
    expect(en.rows[3]).toEqual([undefined, 'Total: 2', undefined, undefined, undefined, undefined, undefined, undefined, -849999.5]);
    expect(en.sheet.getColumn(9).numFmt).toBe('#,##0.00');
    expect(en.sheet.autoFilter).toBeTruthy();
    const uz = await read(`filial=${w.F}&group=${w.B.id}`);
    expect(uz.sheet.name).toBe('Qarzdorlar');
    expect(uz.rows[0][1]).toBe('F.I.Sh.');
    expect(uz.rows.slice(1).map((r) => r[1])).toEqual([w.S[3].full_name, 'Jami: 1']);
    expect(uz.rows[1][7]).toBe('Se, Pa');
  });
});
