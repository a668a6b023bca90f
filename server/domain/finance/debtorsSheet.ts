// The debtors list as an .xlsx: one sheet, a bold header row in the reader's language, one row per debt with the
// balance as a number (exact to the tiyin), the last payment as a date in the centre's wall-clock time, set widths,
// a frozen header, an autofilter and a total row under the list.
import ExcelJS from 'exceljs';
import type { DebtorRow } from '../../../contract/debtors';
import type { Lang } from '../../i18n';
import { centreWallClock } from '../leads/leadSheet';
import { sheetAmount, workbookBytes } from '../sheets/workbook';

export const DEBTORS_SHEET_NAME: Record<Lang, string> = { uz: 'Qarzdorlar', ru: 'Должники', en: 'Debtors' };

type Column = 'number' | 'name' | 'phone' | 'parent_phone' | 'filial' | 'group' | 'teacher' | 'days' | 'balance' | 'last_payment';

const HEADERS: Record<Lang, Record<Column, string>> = {
  uz: {
    number: '№', name: 'F.I.Sh.', phone: 'Telefon', parent_phone: 'Ota-ona telefoni', filial: 'Filial', group: 'Guruh',
    teacher: 'O‘qituvchi', days: 'Dars kunlari', balance: 'Balans', last_payment: 'Oxirgi to‘lov',
  },
  ru: {
    number: '№', name: 'Ф.И.О.', phone: 'Телефон', parent_phone: 'Телефон родителя', filial: 'Филиал', group: 'Группа',
    teacher: 'Преподаватель', days: 'Дни занятий', balance: 'Баланс', last_payment: 'Последняя оплата',
  },
  en: {
    number: 'No.', name: 'Full name', phone: 'Phone', parent_phone: 'Parent’s phone', filial: 'Branch', group: 'Group',
    teacher: 'Teacher', days: 'Lesson days', balance: 'Balance', last_payment: 'Last payment',
  },
};

export const WEEKDAY_SHORT: Record<Lang, readonly string[]> = {
  uz: ['Du', 'Se', 'Ch', 'Pa', 'Ju', 'Sh', 'Ya'],
  ru: ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'],
  en: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
};

const TOTAL: Record<Lang, string> = { uz: 'Jami', ru: 'Итого', en: 'Total' };

const WIDTHS: Record<Column, number> = {
  number: 6, name: 32, phone: 16, parent_phone: 16, filial: 16, group: 24, teacher: 26, days: 16, balance: 16, last_payment: 18,
};
const COLUMNS: Column[] = ['number', 'name', 'phone', 'parent_phone', 'filial', 'group', 'teacher', 'days', 'balance', 'last_payment'];

/** "1,3,5" in the reader's language: "Du, Ch, Ju". */
export function weekdaysText(days: readonly number[], lang: Lang): string {
  return days.map((d) => WEEKDAY_SHORT[lang][d - 1] ?? String(d)).join(', ');
}

export function buildDebtorsWorkbook(rows: readonly DebtorRow[], totals: { count: number; debt: string }, lang: Lang): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Markaz';
  const sheet = workbook.addWorksheet(DEBTORS_SHEET_NAME[lang], { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((key) => ({ key, header: HEADERS[lang][key], width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn('balance').numFmt = '#,##0.00';
  sheet.getColumn('last_payment').numFmt = 'dd.mm.yyyy hh:mm';
  rows.forEach((r, index) => {
    const values: Record<Column, string | number | Date | null> = {
      number: index + 1,
      name: r.student.full_name,
      phone: r.student.phone,
      parent_phone: r.student.parent_phone ?? '',
      filial: r.filial.name,
      group: r.group.name,
      teacher: r.teacher.full_name,
      days: weekdaysText(r.days, lang),
      balance: sheetAmount(r.balance),
      last_payment: r.last_payment_at ? centreWallClock(new Date(r.last_payment_at)) : null,
    };
    sheet.addRow(values);
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: COLUMNS.length } };
  const total = sheet.addRow({ name: `${TOTAL[lang]}: ${totals.count}`, balance: sheetAmount(totals.debt) });
  total.font = { bold: true };
  return workbook;
}

export async function debtorsWorkbookBytes(rows: readonly DebtorRow[], totals: { count: number; debt: string }, lang: Lang): Promise<Uint8Array<ArrayBuffer>> {
  return workbookBytes(buildDebtorsWorkbook(rows, totals, lang));
}
