// GET /salary/ and /salary/excel/: facts and amounts per salary kind, exact to the tiyin, for March 2026 in two
// branches of the test's own (rows written straight to the database: lessons and marks, ledger entries at chosen
// instants in time order so cashier balances never dip below zero); scope (a branch manager within their branch,
// another branch 404), the role check (403) and bad months (400).
//
// Branch F: group A (teacher T1, per lesson 85 000.50), group B (teacher T2, per student 7 000.25), group C
// (teacher T3, 12.5 % of payments); T4 per lesson with no lessons; administrator AD fixed 3 000 000 archived on
// 10 March; administrator OLD fixed archived in February (not listed). Branch G: one held lesson of T2.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { XLSX_MIME } from '../../contract/leadDownloads';
import { sumAmounts } from '../../contract/money';
import type { Role } from '../../contract/roles';
import { salaryReport, type SalaryReport, type SalaryRow } from '../../contract/salary';
import { employeeProfiles, employees, lessons } from '../../server/db/schema';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture } from './eduFixtures';
import { moneyFixture } from './financeFixtures';
import { backends, useTestApp } from './harness';

let serial = 0;
const tag = () => `${process.pid % 1000}s${(serial += 1)}`;
const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+05:00`);

describe.each(backends())('salary on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const m = moneyFixture(t, f);
  const token = async (role: Role) => (await t.signInAs(role)).access_token;

  async function person(role: Role, filialName: string, terms: { kind: 'fixed' | 'per_lesson' | 'per_student' | 'percent'; amount?: string; percent?: string }, archivedAt?: Date) {
    const phone = `+99897${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const name = `${role} ${tag()}`;
    const id = await t.addEmployee({ role, phone, password: 'pw-salary-1', fullName: name, filials: [filialName] });
    const values = { salaryKind: terms.kind, salaryAmount: terms.amount ?? null, salaryPercent: terms.percent ?? null, archivedAt: archivedAt ?? null };
    await t.db.insert(employeeProfiles).values({ employeeId: id, ...values }).onConflictDoUpdate({ target: employeeProfiles.employeeId, set: values });
    if (archivedAt) await t.db.update(employees).set({ isArchived: true }).where(eq(employees.id, id));
    return { id, phone, name };
  }

  async function world() {
    const fName = `Salary F ${tag()}`;
    const gName = `Salary G ${tag()}`;
    const F = await m.filial(fName);
    const G = await m.filial(gName);
    const T1 = await person('TEACHER', fName, { kind: 'per_lesson', amount: '85000.50' });
    const T2 = await person('TEACHER', fName, { kind: 'per_student', amount: '7000.25' });
    const T3 = await person('TEACHER', fName, { kind: 'percent', percent: '12.50' });
    const T4 = await person('ASSISTANT', fName, { kind: 'per_lesson', amount: '50000.00' });
    const AD = await person('ADMINISTRATOR', fName, { kind: 'fixed', amount: '3000000.00' }, at('2026-03-10', '15:00'));
    const OLD = await person('ADMINISTRATOR', fName, { kind: 'fixed', amount: '1000000.00' }, at('2026-02-27', '15:00'));
    const manager = await person('FILIAL_Manager', fName, { kind: 'fixed', amount: '6000000.00' });
    const noTerms = await t.addEmployee({ role: 'TEACHER', phone: `+99896${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`, password: 'pw-x-1', fullName: `No terms ${tag()}`, filials: [fName] });

    const A = await f.group({ filialId: F, teacherId: T1.id });
    const B = await f.group({ filialId: F, teacherId: T2.id });
    const C = await f.group({ filialId: F, teacherId: T3.id });
    const GG = await f.group({ filialId: G, teacherId: T2.id });
    const s = await Promise.all(Array.from({ length: 10 }, () => f.student(F)));
    const sid = s.map((x) => x.id);

    // Group A (T1): 2 Mar held (present, late, absent), 3 Mar held (excused, present), 4 Mar planned, 5 Mar
    // cancelled, 28 Feb and 1 Apr held (other months), 6 Mar held but taught by T2 (a substitute).
    const [a2, a3, a4, a5, aFeb, aApr, a6] = await f.lessons(A, ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-02-28', '2026-04-01', '2026-03-06']);
    await f.mark(a2, sid[0], 'present');
    await f.mark(a2, sid[1], 'late');
    await f.mark(a2, sid[2], 'absent');
    await f.mark(a3, sid[0], 'excused');
    await f.mark(a3, sid[1], 'present');
    await t.db.update(lessons).set({ status: 'planned' }).where(eq(lessons.id, a4));
    await t.db.update(lessons).set({ status: 'cancelled', reason: 'holiday' }).where(eq(lessons.id, a5));
    await f.mark(aFeb, sid[0], 'present');
    await f.mark(aApr, sid[0], 'present');
    await f.mark(a6, sid[0], 'present');
    await t.db.update(lessons).set({ teacherId: T2.id }).where(eq(lessons.id, a6));
    // Group B (T2): 10 Mar held (present, present, late); group GG in G: 12 Mar held (present).
    const [b10] = await f.lessons(B, ['2026-03-10']);
    await f.mark(b10, sid[3], 'present');
    await f.mark(b10, sid[4], 'present');
    await f.mark(b10, sid[5], 'late');
    const gStudent = await f.student(G);
    const [g12] = await f.lessons(GG, ['2026-03-12']);
    await f.mark(g12, gStudent.id, 'present');

    // Payments into group C (T3), in time order on one cashier of F.
    const cash = await m.cashier(F, `Kassa ${tag()}`);
    const pay = await m.systemKind('student_payment', 'income');
    const other = await m.kind(`Other ${tag()}`, 'income');
    const refund = await m.systemKind('student_refund', 'expense');
    const e = (action: 'income' | 'expense', kindId: number, amount: string, when: Date, studentId: number, reversesId?: number) =>
      m.entry({ filialId: F, cashierId: cash, action, kindId, method: 'cash', amount, createdAt: when, studentId, groupId: C.id, reversesId });
    const feb = await e('income', pay, '50000.00', at('2026-02-20'), sid[6]);
    await e('income', pay, '999.00', at('2026-02-28', '23:30'), sid[6]);
    await e('expense', pay, '50000.00', at('2026-03-05'), sid[6], feb); // reverses a February payment in March
    await e('income', pay, '300000.50', at('2026-03-10'), sid[7]);
    const mar12 = await e('income', pay, '200000.00', at('2026-03-12'), sid[8]);
    await e('income', other, '70000.00', at('2026-03-13'), sid[8]); // not a student payment
    await e('expense', refund, '1000.00', at('2026-03-14'), sid[8]); // a refund is not a reversal
    await e('expense', pay, '200000.00', at('2026-03-20'), sid[8], mar12);
    await e('income', pay, '100.00', at('2026-03-31', '23:30'), sid[9]); // still March in Tashkent
    await e('income', pay, '100.00', at('2026-04-01', '00:30'), sid[9]);
    return { F, G, fName, gName, T1, T2, T3, T4, AD, OLD, manager, noTerms };
  }
  let w: Awaited<ReturnType<typeof world>>;
  const ready = async () => (w ??= await world());

  const get = async (tk: string, query: string) => {
    const res = await t.call('GET', `/api/salary/?${query}`, { token: tk });
    if (res.status !== 200) throw new Error(`salary ${query}: ${res.status} ${res.text}`);
    return salaryReport.strict().parse(res.json) as SalaryReport;
  };
  const row = (r: SalaryReport, id: number) => r.rows.find((x) => x.employee.id === id) as SalaryRow;

  it('gives each kind its facts and exact amount for one branch', async () => {
    await ready();
    const r = await get(await token('DIRECTOR'), `month=2026-03&filial=${w.F}`);
    expect(r.month).toBe('2026-03');
    expect(r.filials).toEqual([{ id: w.F, name: w.fName }]);
    const t1 = row(r, w.T1.id);
    expect([t1.kind, t1.facts.lessons, t1.facts.students, t1.facts.paid, t1.amount]).toEqual(['per_lesson', 2, 3, '0.00', '170001.00']);
    const t2 = row(r, w.T2.id);
    // 10 Mar (3 marks) and the substitute lesson of 6 Mar (1 mark); G's lesson is outside the branch.
    expect([t2.kind, t2.facts.lessons, t2.facts.students, t2.amount]).toEqual(['per_student', 2, 4, '28001.00']);
    const t3 = row(r, w.T3.id);
    // 300 000.50 + 200 000 − 200 000 − 50 000 (a February payment reversed in March) + 100 = 250 100.50; 12.5 % → 31 262.5625
    expect([t3.kind, t3.salary_percent, t3.facts.lessons, t3.facts.paid, t3.amount]).toEqual(['percent', '12.50', 0, '250100.50', '31262.56']);
    const t4 = row(r, w.T4.id);
    expect([t4.kind, t4.facts.lessons, t4.amount]).toEqual(['per_lesson', 0, '0.00']);
    const ad = row(r, w.AD.id);
    // Archived on 10 March: 3 000 000 × 10 / 31 = 967 741.935… → 967 741.94
    expect([ad.kind, ad.archived_on, ad.facts.days_employed, ad.facts.days_in_month, ad.amount]).toEqual(['fixed', '2026-03-10', 10, 31, '967741.94']);
    expect(row(r, w.manager.id).amount).toBe('6000000.00');
    expect(row(r, w.OLD.id)).toBeUndefined();
    expect(row(r, w.noTerms)).toBeUndefined();
    // Totals: the branch's facts are all ours; other listed rows (employees of every branch) have none.
    expect([r.totals.lessons, r.totals.students, r.totals.paid]).toEqual([4, 7, '250100.50']);
    expect(r.totals.amount).toBe(sumAmounts(r.rows.map((x) => x.amount)));
    const others = r.rows.filter((x) => ![w.T1.id, w.T2.id, w.T3.id, w.T4.id, w.AD.id, w.manager.id].includes(x.employee.id));
    for (const o of others) expect([o.facts.lessons, o.facts.students, o.facts.paid]).toEqual([0, 0, '0.00']);
  });

  it('counts every branch of the scope without a branch, and other months separately', async () => {
    await ready();
    const director = await token('DIRECTOR');
    const all = await get(director, 'month=2026-03');
    expect([row(all, w.T2.id).facts.lessons, row(all, w.T2.id).facts.students, row(all, w.T2.id).amount]).toEqual([3, 5, '35001.25']);
    const april = await get(director, `month=2026-04&filial=${w.F}`);
    expect([row(april, w.T1.id).facts.lessons, row(april, w.T1.id).amount]).toEqual([1, '85000.50']);
    expect([row(april, w.T3.id).facts.paid, row(april, w.T3.id).amount]).toEqual(['100.00', '12.50']);
    expect(row(april, w.AD.id)).toBeUndefined();
    const february = await get(director, `month=2026-02&filial=${w.F}`);
    expect([row(february, w.T3.id).facts.paid, row(february, w.T3.id).amount]).toEqual(['50999.00', '6374.88']);
    expect(row(february, w.OLD.id).facts.days_employed).toBe(27);
    expect(row(february, w.OLD.id).amount).toBe('964285.71'); // 1 000 000 × 27 / 28
  });

  it('keeps a branch manager within their branches', async () => {
    await ready();
    const { access_token } = await t.signIn(w.manager.phone, 'pw-salary-1');
    const own = await get(access_token, 'month=2026-03');
    expect(own.filials).toEqual([{ id: w.F, name: w.fName }]);
    expect(row(own, w.T2.id).facts.lessons).toBe(2);
    expect((await t.call('GET', `/api/salary/?month=2026-03&filial=${w.G}`, { token: access_token })).status).toBe(404);
    expect((await t.call('GET', `/api/salary/excel/?month=2026-03&filial=${w.G}`, { token: access_token })).status).toBe(404);
  });

  it('answers 403 to roles other than the director and branch managers, with or without the employees page', async () => {
    for (const role of ['ADMINISTRATOR', 'ATTENDANCE_MANAGER', 'TEACHER', 'ACCOUNTING'] as const) {
      const tk = await token(role);
      expect((await t.call('GET', '/api/salary/?month=2026-03', { token: tk })).status, role).toBe(403);
      expect((await t.call('GET', '/api/salary/excel/?month=2026-03', { token: tk })).status, role).toBe(403);
    }
    expect((await t.call('GET', '/api/salary/?month=2026-03')).status).toBe(401);
  });

  it('refuses a missing or malformed month per field', async () => {
    const director = await token('DIRECTOR');
    const missing = await t.call('GET', '/api/salary/', { token: director });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json)).toEqual(['month']);
    for (const month of ['2026-13', '2026-3', 'march', '2026-03-01']) {
      const res = await t.call('GET', `/api/salary/?month=${month}`, { token: director, headers: { 'accept-language': 'en' } });
      expect(res.status, month).toBe(400);
      expect(res.json.month, month).toEqual(['Enter a month as YYYY-MM']);
    }
    expect((await t.call('GET', '/api/salary/?month=2026-03&filial=abc', { token: director })).json).toHaveProperty('filial');
  });

  it('exports the same figures as a workbook', async () => {
    await ready();
    const res = await t.call('GET', `/api/salary/excel/?month=2026-03&filial=${w.F}`, { token: await token('DIRECTOR'), headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_MIME);
    expect(res.headers.get('content-disposition')).toContain('maosh-2026-03.xlsx');
    const raw = await t.app.request(`/api/salary/excel/?month=2026-03&filial=${w.F}`, { headers: { authorization: `Bearer ${await token('DIRECTOR')}`, 'accept-language': 'en' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await raw.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Salary 2026-03');
    expect(sheet.getRow(1).values).toEqual([undefined, 'No.', 'Full name', 'Role', 'Salary kind', 'Rate', 'Lessons held', 'Students present', 'Students paid', 'Days employed', 'Salary']);
    const byName = new Map<string, unknown[]>();
    sheet.eachRow((r, n) => {
      if (n > 1) byName.set(String(r.getCell(2).value), (r.values as unknown[]).slice(1));
    });
    expect(byName.get(w.T1.name)?.slice(2)).toEqual(['Teacher', 'Per lesson', 85000.5, 2, 3, 0, '31/31', 170001]);
    expect(byName.get(w.T3.name)?.slice(4)).toEqual(['12.50%', 0, 0, 250100.5, '31/31', 31262.56]);
    expect(byName.get(w.AD.name)?.slice(8)).toEqual(['10/31', 967741.94]);
    const total = byName.get('Total');
    expect(total?.[5]).toBe(4);
    expect(total?.[6]).toBe(7);
    expect(total?.[7]).toBe(250100.5);
  });
});
