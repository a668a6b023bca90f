// Pure parts of the admin and education reports: the shared period schema, the conversion percentage, the
// attendance colours, and the workbooks built from a known report (sheets, headers, rows in both languages).
import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { percentOf, type AdminReport } from '../../../../contract/adminReport';
import type { EduReport } from '../../../../contract/eduReport';
import { financeReportQuery } from '../../../../contract/financeReport';
import { reportPeriodQuery } from '../../../../contract/reportPeriod';
import { buildAdminWorkbook } from '../../../../server/domain/reports/adminSheet';
import { buildEduWorkbook } from '../../../../server/domain/reports/eduSheet';
import { monthsBetween } from '../../../../server/domain/reports/period';
import { rateColour } from '../../../../src/views/reports/edu/rateColour';

const rowsOf = (book: ExcelJS.Workbook, name: string) => {
  const rows: ExcelJS.CellValue[][] = [];
  book.getWorksheet(name)!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  return rows;
};

const funnel = { created: 3, ordered: 2, joined: 1 };
const admin: AdminReport = {
  start_date: '2026-03-01',
  end_date: '2026-04-30',
  filials: [{ id: 1, name: 'Chilonzor' }],
  funnel,
  by_stage: [
    { stage: 'YANGI_LEAD', count: 1 },
    { stage: 'KUTULMOQDA', count: 0 },
    { stage: 'ORDER_CREATED', count: 1 },
    { stage: 'JOINED', count: 1 },
  ],
  archived: 0,
  by_source: [{ source: { id: 4, name: 'Instagram' }, ...funnel }],
  by_operator: [{ operator: null, ...funnel }],
  students: { joined: 2, left: 1, memberships_ended: 0 },
  by_filial: [{ filial: { id: 1, name: 'Chilonzor' }, joined: 2, left: 1, memberships_ended: 0 }],
  by_month: [
    { month: '2026-03', joined: 2, left: 0, memberships_ended: 0 },
    { month: '2026-04', joined: 0, left: 1, memberships_ended: 0 },
  ],
  by_filial_month: [
    { filial: 1, month: '2026-03', joined: 2, left: 0, memberships_ended: 0 },
    { filial: 1, month: '2026-04', joined: 0, left: 1, memberships_ended: 0 },
  ],
};

const counts = { lessons: 2, marked: 4, present: 2, late: 1, excused: 1, absent: 0, rate: 75, average_mark: 88.5 };
const edu: EduReport = {
  start_date: '2026-03-01',
  end_date: '2026-03-31',
  filials: [{ id: 1, name: 'Chilonzor' }],
  attendance: counts,
  by_group: [{ group: { id: 7, name: 'English B1' }, filial: 1, teacher: { id: 3, name: 'Malika' }, ...counts }],
  by_teacher: [{ teacher: { id: 3, name: 'Malika' }, ...counts }],
  results: { taken: 0, average_percent: null },
  by_test: [],
  filling: [{ group: { id: 7, name: 'English B1' }, filial: 1, room: { id: 2, name: '101' }, students: 10, capacity: 12, free: 2 }],
  filling_by_filial: [{ filial: { id: 1, name: 'Chilonzor' }, groups: 1, students: 10, capacity: 12, free: 2 }],
};

describe('reports', () => {
  it('shares one period schema with the finance report', () => {
    expect(financeReportQuery).toBe(reportPeriodQuery);
    expect(reportPeriodQuery.safeParse({ start_date: '2026-03-01', end_date: '2026-03-31' }).success).toBe(true);
    const reversed = reportPeriodQuery.safeParse({ start_date: '2026-03-02', end_date: '2026-03-01' });
    expect(reversed.error?.issues.map((i) => [i.path, i.message])).toEqual([[['end_date'], 'validation.endDateAfterStart']]);
    expect(monthsBetween('2026-12-31', '2027-01-01')).toEqual(['2026-12', '2027-01']);
  });

  it('gives the conversion in percent with one decimal, 0 without leads', () => {
    expect(percentOf(1, 6)).toBe(16.7);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('colours attendance green from 85 %, amber from 70 %, red below', () => {
    expect([rateColour(100), rateColour(85), rateColour(84.9), rateColour(70), rateColour(69.9)]).toEqual(['#15803d', '#15803d', '#d97706', '#d97706', '#dc2626']);
  });

  it('builds the admin workbook in both languages', () => {
    const en = buildAdminWorkbook(admin, 'en');
    expect(en.worksheets.map((s) => s.name)).toEqual(['Summary', 'Stages', 'Sources', 'Operators', 'Students']);
    expect(rowsOf(en, 'Summary').slice(0, 6)).toEqual([
      ['Period', '01.03.2026 – 30.04.2026'],
      ['Branches', 'Chilonzor'],
      ['Leads created', 3],
      ['Reached an order', 2],
      ['Became students', 1],
      ['Conversion, %', 33.3],
    ]);
    expect(rowsOf(en, 'Operators')).toEqual([
      ['Operator', 'Leads created', 'Reached an order', 'Became students', 'Conversion, %'],
      ['Not given', 3, 2, 1, 33.3],
    ]);
    expect(rowsOf(en, 'Students')[2]).toEqual(['Chilonzor', '2026-04', 0, 1, 0]);
    const uz = buildAdminWorkbook(admin, 'uz');
    expect(rowsOf(uz, 'Bosqichlar')[1]).toEqual(['Yangi', 1]);
  });

  it('builds the education workbook with empty averages left blank', () => {
    const en = buildEduWorkbook(edu, 'en');
    expect(en.worksheets.map((s) => s.name)).toEqual(['Summary', 'Attendance by group', 'Teachers', 'Test results', 'Filling']);
    expect(rowsOf(en, 'Attendance by group')[1]).toEqual(['English B1', 'Chilonzor', 'Malika', 2, 4, 2, 1, 1, 0, 75, 88.5]);
    expect(rowsOf(en, 'Summary').find((r) => r[0] === 'Average score, %')).toEqual(['Average score, %']);
    expect(rowsOf(en, 'Filling')[1]).toEqual(['English B1', 'Chilonzor', '101', 10, 12, 2]);
    expect(buildEduWorkbook(edu, 'uz').worksheets.map((s) => s.name)).toEqual(['Umumiy', 'Guruhlar davomati', 'O‘qituvchilar', 'Test natijalari', 'To‘lish']);
  });
});
