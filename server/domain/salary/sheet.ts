// The month's salaries as an .xlsx: one sheet, headers in the reader's language, one row per employee with the
// terms, the facts and the amount (numbers exact to the tiyin), a frozen header and a total row.
import ExcelJS from 'exceljs';
import type { SalaryKind, SalaryReport } from '../../../contract/salary';
import type { Lang } from '../../i18n';
import { sheetAmount, workbookBytes } from '../sheets/workbook';

type Column = 'number' | 'name' | 'role' | 'kind' | 'rate' | 'lessons' | 'students' | 'paid' | 'days' | 'amount';

export const SALARY_TEXT: Record<Lang, { sheet: string; total: string; headers: Record<Column, string>; kinds: Record<SalaryKind, string> }> = {
  uz: {
    sheet: 'Maosh',
    total: 'Jami',
    headers: {
      number: '№', name: 'F.I.Sh.', role: 'Lavozim', kind: 'Maosh turi', rate: 'Stavka', lessons: 'O‘tilgan darslar',
      students: 'Qatnashgan o‘quvchilar', paid: 'O‘quvchilar to‘lovi', days: 'Ishlagan kunlar', amount: 'Maosh',
    },
    kinds: { fixed: 'Belgilangan', per_lesson: 'Har bir dars uchun', per_student: 'Har bir o‘quvchi uchun', percent: 'To‘lovdan foiz' },
  },
  ru: {
    sheet: 'Зарплата',
    total: 'Итого',
    headers: {
      number: '№', name: 'Ф.И.О.', role: 'Должность', kind: 'Вид оплаты', rate: 'Ставка', lessons: 'Проведено уроков',
      students: 'Посетило учеников', paid: 'Оплаты учеников', days: 'Отработано дней', amount: 'Зарплата',
    },
    kinds: { fixed: 'Оклад', per_lesson: 'За урок', per_student: 'За ученика', percent: 'Процент от оплат' },
  },
  en: {
    sheet: 'Salary',
    total: 'Total',
    headers: {
      number: 'No.', name: 'Full name', role: 'Role', kind: 'Salary kind', rate: 'Rate', lessons: 'Lessons held',
      students: 'Students present', paid: 'Students paid', days: 'Days employed', amount: 'Salary',
    },
    kinds: { fixed: 'Fixed', per_lesson: 'Per lesson', per_student: 'Per student', percent: 'Percent of payments' },
  },
};

const WIDTHS: Record<Column, number> = { number: 6, name: 32, role: 20, kind: 22, rate: 16, lessons: 14, students: 16, paid: 18, days: 14, amount: 18 };
const COLUMNS: Column[] = ['number', 'name', 'role', 'kind', 'rate', 'lessons', 'students', 'paid', 'days', 'amount'];
const MONEY = '#,##0.00';
const n = sheetAmount;

export function buildSalaryWorkbook(report: SalaryReport, lang: Lang, roleName: (role: string) => string): ExcelJS.Workbook {
  const t = SALARY_TEXT[lang];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Markaz';
  const sheet = workbook.addWorksheet(`${t.sheet} ${report.month}`, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((key) => ({ key, header: t.headers[key], width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  for (const key of ['paid', 'amount'] as const) sheet.getColumn(key).numFmt = MONEY;
  report.rows.forEach((r, index) => {
    sheet.addRow({
      number: index + 1,
      name: r.employee.full_name,
      role: roleName(r.employee.role),
      kind: t.kinds[r.kind],
      rate: r.kind === 'percent' ? `${r.salary_percent ?? '0'}%` : n(r.salary_amount ?? '0'),
      lessons: r.facts.lessons,
      students: r.facts.students,
      paid: n(r.facts.paid),
      days: `${r.facts.days_employed}/${r.facts.days_in_month}`,
      amount: n(r.amount),
    });
    if (r.kind !== 'percent') sheet.getCell(index + 2, COLUMNS.indexOf('rate') + 1).numFmt = MONEY;
  });
  const total = sheet.addRow({ name: t.total, lessons: report.totals.lessons, students: report.totals.students, paid: n(report.totals.paid), amount: n(report.totals.amount) });
  total.font = { bold: true };
  if (report.rows.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  return workbook;
}

export async function salaryWorkbookBytes(report: SalaryReport, lang: Lang, roleName: (role: string) => string): Promise<Uint8Array<ArrayBuffer>> {
  return workbookBytes(buildSalaryWorkbook(report, lang, roleName));
}
