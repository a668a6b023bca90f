// The student lists as an .xlsx: sheet "O'quvchilar", a bold header row in the reader's language, one row per
// student with their groups and balance (a number, exact to the tiyin), dates as real dates in the centre's
// wall-clock time, set widths and an autofilter. The archive list adds when and why the student left.
import ExcelJS from 'exceljs';
import type { StudentListItem, StudentStatus } from '../../../contract/students';
import type { Lang } from '../../i18n';
import { centreWallClock } from '../leads/leadSheet';
import { sheetAmount, workbookBytes } from '../sheets/workbook';

export const STUDENT_SHEET_NAME = 'O‘quvchilar';

type Column = 'number' | 'name' | 'phone' | 'parent_phone' | 'filial' | 'groups' | 'status' | 'balance' | 'created' | 'archived_at' | 'reason';

const HEADERS: Record<Lang, Record<Column, string>> = {
  uz: {
    number: '№', name: 'F.I.Sh.', phone: 'Telefon', parent_phone: 'Ota-ona telefoni', filial: 'Filial', groups: 'Guruhlar',
    status: 'Holat', balance: 'Balans', created: 'Qo‘shilgan', archived_at: 'Arxivlangan', reason: 'Arxivlash sababi',
  },
  ru: {
    number: '№', name: 'Ф.И.О.', phone: 'Телефон', parent_phone: 'Телефон родителя', filial: 'Филиал', groups: 'Группы',
    status: 'Статус', balance: 'Баланс', created: 'Добавлен', archived_at: 'В архиве с', reason: 'Причина архивации',
  },
  en: {
    number: 'No.', name: 'Full name', phone: 'Phone', parent_phone: 'Parent’s phone', filial: 'Branch', groups: 'Groups',
    status: 'Status', balance: 'Balance', created: 'Added', archived_at: 'Archived', reason: 'Archive reason',
  },
};

export const STUDENT_STATUS_LABELS: Record<Lang, Record<StudentStatus, string>> = {
  uz: { testing: 'Sinovda', new: 'Yangi', active: 'Faol', frozen: 'Muzlatilgan', archived: 'Arxivda' },
  ru: { testing: 'Пробный', new: 'Новый', active: 'Активный', frozen: 'Заморожен', archived: 'В архиве' },
  en: { testing: 'Testing', new: 'New', active: 'Active', frozen: 'Frozen', archived: 'Archived' },
};

const WIDTHS: Record<Column, number> = {
  number: 6, name: 32, phone: 16, parent_phone: 16, filial: 16, groups: 30, status: 14, balance: 14, created: 18, archived_at: 18, reason: 30,
};

export type StudentSheetOptions = { lang: Lang; archived: boolean; filialNames: ReadonlyMap<number, string> };

export function buildStudentWorkbook(rows: readonly StudentListItem[], { lang, archived, filialNames }: StudentSheetOptions): ExcelJS.Workbook {
  const columns: Column[] = ['number', 'name', 'phone', 'parent_phone', 'filial', 'groups', 'status', 'balance', 'created'];
  if (archived) columns.push('archived_at', 'reason');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Markaz';
  const sheet = workbook.addWorksheet(STUDENT_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((key) => ({ key, header: HEADERS[lang][key], width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getColumn('created').numFmt = 'dd.mm.yyyy hh:mm';
  sheet.getColumn('balance').numFmt = '#,##0.00';
  if (archived) sheet.getColumn('archived_at').numFmt = 'dd.mm.yyyy hh:mm';
  rows.forEach((s, index) => {
    const values: Record<Column, string | number | Date | null> = {
      number: index + 1,
      name: s.full_name,
      phone: s.phone,
      parent_phone: s.parent_phone ?? '',
      filial: filialNames.get(s.filial) ?? '',
      groups: s.groups.map((g) => g.name).join(', '),
      status: STUDENT_STATUS_LABELS[lang][s.status],
      balance: sheetAmount(s.balance),
      created: centreWallClock(new Date(s.created_at)),
      archived_at: s.archived_at ? centreWallClock(new Date(s.archived_at)) : null,
      reason: s.archived_reason ?? '',
    };
    sheet.addRow(values);
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return workbook;
}

export async function studentWorkbookBytes(rows: readonly StudentListItem[], options: StudentSheetOptions): Promise<Uint8Array<ArrayBuffer>> {
  return workbookBytes(buildStudentWorkbook(rows, options));
}
