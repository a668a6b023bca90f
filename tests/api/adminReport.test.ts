// GET /reports/admin/ and /reports/admin/excel/: the period's leads by stage, source and operator with the funnel
// (order from lead_logs, joined from the student link), students joined (first membership) and left (archived) and
// memberships ended (moves left out) per branch and month, centre-time edges, scope (foreign branch 404), pages
// (403), bad periods (400) and the workbook read back.
import { describe, expect, it } from 'vitest';
import { adminReport } from '../../contract/adminReport';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';
import { expectForbidden, expectPeriodRules, reportReader, workbookAt } from './reportSupport';
import { reportFixture } from './reportFixtures';

describe.each(backends())('admin report on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const r = reportFixture(t, f);
  const { token, report } = reportReader(t, '/api/reports/admin/', adminReport);
  let world: Awaited<ReturnType<typeof r.scenario>>;
  const ready = async () => (world ??= await r.scenario());

  it('counts the period’s leads by stage, source and operator, and how far they got', async () => {
    const w = await ready();
    const rep = await report(await token('DIRECTOR'), `filial=${w.F}&start_date=2026-03-01&end_date=2026-03-31`);
    expect(rep.filials).toEqual([{ id: w.F, name: w.fName }]);
    expect(rep.funnel).toEqual({ created: 5, ordered: 3, joined: 1 });
    expect(rep.by_stage).toEqual([
      { stage: 'YANGI_LEAD', count: 1 },
      { stage: 'KUTULMOQDA', count: 1 },
      { stage: 'ORDER_CREATED', count: 1 },
      { stage: 'JOINED', count: 1 },
    ]);
    expect(rep.archived).toBe(1);
    expect(rep.by_source).toEqual([
      { source: { id: w.s1.id, name: w.s1.name }, created: 2, ordered: 0, joined: 0 },
      { source: { id: w.s2.id, name: w.s2.name }, created: 2, ordered: 2, joined: 1 },
      { source: null, created: 1, ordered: 1, joined: 0 },
    ]);
    expect(rep.by_operator).toEqual([
      { operator: { id: w.operator.id, name: expect.stringContaining('CALL_OPERATOR') }, created: 4, ordered: 2, joined: 0 },
      { operator: null, created: 1, ordered: 1, joined: 1 },
    ]);
  });

  it('counts students joined, left and memberships ended per branch and month on the centre’s days', async () => {
    const w = await ready();
    const director = await token('DIRECTOR');
    const march = await report(director, `filial=${w.F}&start_date=2026-03-01&end_date=2026-03-31`);
    expect(march.students).toEqual({ joined: 2, left: 1, memberships_ended: 1 });
    expect(march.by_filial).toEqual([{ filial: { id: w.F, name: w.fName }, joined: 2, left: 1, memberships_ended: 1 }]);
    expect(march.by_month).toEqual([{ month: '2026-03', joined: 2, left: 1, memberships_ended: 1 }]);
    const spring = await report(director, `filial=${w.F}&start_date=2026-03-01&end_date=2026-04-30`);
    expect(spring.funnel).toEqual({ created: 6, ordered: 3, joined: 1 });
    expect(spring.by_month).toEqual([
      { month: '2026-03', joined: 2, left: 1, memberships_ended: 1 },
      { month: '2026-04', joined: 1, left: 1, memberships_ended: 0 },
    ]);
    expect(spring.by_filial_month).toEqual([
      { filial: w.F, month: '2026-03', joined: 2, left: 1, memberships_ended: 1 },
      { filial: w.F, month: '2026-04', joined: 1, left: 1, memberships_ended: 0 },
    ]);
    const all = await report(director, 'start_date=2026-03-01&end_date=2026-03-31');
    expect(all.by_filial.find((b) => b.filial.id === w.G)).toEqual({ filial: { id: w.G, name: w.gName }, joined: 0, left: 0, memberships_ended: 0 });
    expect(all.by_source.find((s) => s.source?.id === w.s1.id)).toEqual({ source: { id: w.s1.id, name: w.s1.name }, created: 3, ordered: 0, joined: 0 });
    const g = await report(director, `filial=${w.G}&start_date=2026-03-01&end_date=2026-03-31`);
    expect([g.funnel, g.students]).toEqual([{ created: 1, ordered: 0, joined: 0 }, { joined: 0, left: 0, memberships_ended: 0 }]);
  });

  it('keeps to the user’s branches: a foreign branch is 404, the default is the own branches only', async () => {
    const w = await ready();
    const administrator = await token('ADMINISTRATOR'); // Chilonzor only
    expect((await t.call('GET', `/api/reports/admin/?filial=${w.F}&start_date=2026-03-01&end_date=2026-03-31`, { token: administrator })).status).toBe(404);
    expect((await t.call('GET', `/api/reports/admin/excel/?filial=${w.F}&start_date=2026-03-01&end_date=2026-03-31`, { token: administrator })).status).toBe(404);
    const own = await report(administrator, 'start_date=2026-03-01&end_date=2026-03-31');
    expect(own.filials).toEqual([{ id: await f.filial('Chilonzor'), name: 'Chilonzor' }]);
    expect(own.by_source.some((s) => s.source?.id === w.s2.id)).toBe(false);
  });

  it('answers 403 without the admin_report page', async () => {
    await expectForbidden(t, '/api/reports/admin/', ['TEACHER', 'ACCOUNTING', 'HEAD_TEACHER']);
  });

  it('refuses a missing, reversed or too long period per field', async () => {
    await expectPeriodRules(t, '/api/reports/admin/', await token('DIRECTOR'));
  });

  it('exports a workbook in the reader’s language with the same figures', async () => {
    const w = await ready();
    const tk = await token('DIRECTOR');
    const book = await workbookAt(t, `/api/reports/admin/excel/?filial=${w.F}&start_date=2026-03-01&end_date=2026-04-30`, tk, 'admin-hisoboti-2026-03-01-2026-04-30.xlsx', 'en');
    expect(book.names).toEqual(['Summary', 'Stages', 'Sources', 'Operators', 'Students']);
    const values = book.values;
    expect(values('Summary')).toEqual([
      ['Period', '01.03.2026 – 30.04.2026'],
      ['Branches', w.fName],
      ['Leads created', 6],
      ['Reached an order', 3],
      ['Became students', 1],
      ['Conversion, %', 16.7],
      ['Leads archived', 1],
      ['Students joined', 3],
      ['Students left', 2],
      ['Left a group', 1],
    ]);
    expect(values('Stages')).toEqual([['Stage', 'Count'], ['New', 2], ['Waiting', 1], ['Ordered', 1], ['Joined', 1], ['Archived', 1]]);
    expect(values('Sources')).toEqual([
      ['Source', 'Leads created', 'Reached an order', 'Became students', 'Conversion, %'],
      [w.s1.name, 3, 0, 0, 0],
      [w.s2.name, 2, 2, 1, 50],
      ['Not given', 1, 1, 0, 0],
    ]);
    expect(values('Students')).toEqual([
      ['Branch', 'Month', 'Students joined', 'Students left', 'Left a group'],
      [w.fName, '2026-03', 2, 1, 1],
      [w.fName, '2026-04', 1, 1, 0],
    ]);
    const uz = await workbookAt(t, `/api/reports/admin/excel/?filial=${w.F}&start_date=2026-03-01&end_date=2026-04-30`, tk, 'admin-hisoboti-2026-03-01-2026-04-30.xlsx');
    expect(uz.names).toEqual(['Umumiy', 'Bosqichlar', 'Manbalar', 'Operatorlar', 'O‘quvchilar']);
  });
});
