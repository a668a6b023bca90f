// GET /reports/edu/ and /reports/edu/excel/: attendance per group and teacher over the period's lessons (cancelled
// left out, excused apart, extra lessons count for their teacher), average marks, test results on the centre's
// days, the groups' filling now, scope (foreign branch 404), pages (403), bad periods (400) and the workbook.
import { describe, expect, it } from 'vitest';
import { eduReport } from '../../contract/eduReport';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';
import { expectForbidden, expectPeriodRules, reportReader, workbookAt } from './reportSupport';
import { reportFixture } from './reportFixtures';

describe.each(backends())('education report on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const r = reportFixture(t, f);
  const { token, report } = reportReader(t, '/api/reports/edu/', eduReport);
  let world: Awaited<ReturnType<typeof r.scenario>>;
  const ready = async () => (world ??= await r.scenario());
  const march = (w: typeof world) => `filial=${w.F}&start_date=2026-03-01&end_date=2026-03-31`;

  it('rates attendance per group and teacher: present and late over marked, excused apart', async () => {
    const w = await ready();
    const rep = await report(await token('DIRECTOR'), march(w));
    expect(rep.attendance).toEqual({ lessons: 5, marked: 8, present: 4, late: 1, excused: 1, absent: 2, rate: 62.5, average_mark: 82.5 });
    expect(rep.by_group).toEqual([
      { group: { id: w.A.id, name: w.A.name }, filial: w.F, teacher: { id: w.t1.id, name: expect.stringContaining('TEACHER') }, lessons: 3, marked: 6, present: 3, late: 1, excused: 1, absent: 1, rate: 66.7, average_mark: 80 },
      { group: { id: w.B.id, name: w.B.name }, filial: w.F, teacher: { id: w.t2.id, name: expect.stringContaining('TEACHER') }, lessons: 1, marked: 1, present: 1, late: 0, excused: 0, absent: 0, rate: 100, average_mark: 90 },
    ]);
    expect(rep.by_teacher.map((x) => [x.teacher.id, x.lessons, x.marked, x.absent, x.rate, x.average_mark])).toEqual([
      [w.t1.id, 4, 7, 2, 57.1, 80],
      [w.t2.id, 1, 1, 0, 100, 90],
    ]);
  });

  it('averages test results of the period on the centre’s days', async () => {
    const w = await ready();
    const director = await token('DIRECTOR');
    const rep = await report(director, march(w));
    expect(rep.results).toEqual({ taken: 2, average_percent: 70 });
    expect(rep.by_test).toEqual([{ test: { id: w.test.id, name: w.test.title }, taken: 2, average_percent: 70 }]);
    const april = await report(director, `filial=${w.F}&start_date=2026-04-01&end_date=2026-04-30`);
    expect(april.results).toEqual({ taken: 1, average_percent: 50 });
    expect(april.attendance).toMatchObject({ lessons: 1, marked: 1, absent: 1, rate: 0, average_mark: null });
    const empty = await report(director, `filial=${w.G}&start_date=2026-03-01&end_date=2026-03-31`);
    expect([empty.attendance.rate, empty.attendance.marked, empty.results, empty.by_group]).toEqual([null, 0, { taken: 0, average_percent: null }, []]);
  });

  it('shows how full the groups are now against their rooms', async () => {
    const w = await ready();
    const rep = await report(await token('DIRECTOR'), march(w));
    expect(rep.filling.map((g) => [g.group.id, g.students, g.capacity, g.free])).toEqual([
      [w.B.id, 1, 2, 1],
      [w.A.id, 2, 12, 10],
    ]);
    expect(rep.filling_by_filial).toEqual([{ filial: { id: w.F, name: w.fName }, groups: 2, students: 3, capacity: 14, free: 11 }]);
  });

  it('keeps to the user’s branches: a foreign branch is 404, the default is the own branches only', async () => {
    const w = await ready();
    const head = await token('HEAD_TEACHER'); // Chilonzor only
    expect((await t.call('GET', `/api/reports/edu/?${march(w)}`, { token: head })).status).toBe(404);
    expect((await t.call('GET', `/api/reports/edu/excel/?${march(w)}`, { token: head })).status).toBe(404);
    const own = await report(head, 'start_date=2026-03-01&end_date=2026-03-31');
    expect(own.filials).toEqual([{ id: await f.filial('Chilonzor'), name: 'Chilonzor' }]);
    expect(own.by_group.some((g) => g.group.id === w.A.id)).toBe(false);
    expect(own.filling.some((g) => g.group.id === w.A.id)).toBe(false);
  });

  it('answers 403 without the edu_report page', async () => {
    await expectForbidden(t, '/api/reports/edu/', ['TEACHER', 'ACCOUNTING', 'ADMINISTRATOR']);
  });

  it('refuses a missing, reversed or too long period per field', async () => {
    await expectPeriodRules(t, '/api/reports/edu/', await token('DIRECTOR'));
  });

  it('exports a workbook in the reader’s language with the same figures', async () => {
    const w = await ready();
    const tk = await token('DIRECTOR');
    const book = await workbookAt(t, `/api/reports/edu/excel/?${march(w)}`, tk, 'talim-hisoboti-2026-03-01-2026-03-31.xlsx', 'en');
    expect(book.names).toEqual(['Summary', 'Attendance by group', 'Teachers', 'Test results', 'Filling']);
    const values = book.values;
    expect(values('Summary')).toEqual([
      ['Period', '01.03.2026 – 31.03.2026'],
      ['Branches', w.fName],
      ['Lessons', 5],
      ['Marked', 8],
      ['Attendance, %', 62.5],
      ['Excused', 1],
      ['Average mark', 82.5],
      ['Tests taken', 2],
      ['Average score, %', 70],
      ['Free places', 11],
    ]);
    expect(values('Attendance by group')[1]).toEqual([w.A.name, w.fName, expect.stringContaining('TEACHER'), 3, 6, 3, 1, 1, 1, 66.7, 80]);
    expect(values('Filling')).toEqual([
      ['Group', 'Branch', 'Room', 'Students', 'Capacity', 'Free places'],
      [w.B.name, w.fName, expect.any(String), 1, 2, 1],
      [w.A.name, w.fName, expect.any(String), 2, 12, 10],
    ]);
    const uz = await workbookAt(t, `/api/reports/edu/excel/?${march(w)}`, tk, 'talim-hisoboti-2026-03-01-2026-03-31.xlsx');
    expect(uz.names).toEqual(['Umumiy', 'Guruhlar davomati', 'O‘qituvchilar', 'Test natijalari', 'To‘lish']);
  });
});
