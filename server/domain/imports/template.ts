// GET /import/{kind}/template/: an .xlsx whose first sheet has the kind's headers in the interface's language and
// one example row, and a second sheet of the allowed values the rows may name (branches, groups, courses, rooms,
// teachers, subjects, sources, stages, roles, weekdays) as they stand in the user's branch scope.
import ExcelJS from 'exceljs';
import { IMPORT_COLUMNS, IMPORT_HEADERS, type ImportColumn, type ImportKind } from '../../../contract/imports';
import { ROLES } from '../../../contract/roles';
import type { DbOrTx } from '../../db/client';
import { translate, type Lang } from '../../i18n';
import type { AuthUser } from '../core/actor';
import { allowedFilials } from '../core/scope';
import { workbookBytes } from '../sheets/workbook';
import { loadLookups } from './lookups';
import { IMPORTABLE_STAGES } from './rows';
import { weekdayNames } from './vocabulary';

export const headerOf = (column: ImportColumn, lang: Lang) => {
  const text = IMPORT_HEADERS[column][lang][0];
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export async function templateBytes(db: DbOrTx, user: AuthUser, kind: ImportKind, lang: Lang, localesDir: string): Promise<Uint8Array<ArrayBuffer>> {
  const lookups = await loadLookups(db, allowedFilials(user));
  const t = (key: string) => translate(localesDir, lang, key);
  const first = (list: { name: string }[]) => list[0]?.name ?? '';
  const branch = first(lookups.branches.all);
  const example: Record<ImportColumn, string> = {
    full_name: kind === 'employees' ? 'Karimova Dilnoza' : 'Aliyev Jasur',
    name: 'IELTS 7.0 — 1',
    phone: '+998 90 123 45 67',
    parent_phones: '+998 91 765 43 21',
    birth_date: '2010-05-14',
    branch,
    branches: branch,
    group: first(lookups.groups.all),
    join_date: '2026-09-01',
    opening_balance: '-150000',
    subject: first(lookups.subjects.all),
    source: first(lookups.sources.all),
    stage: t('leads.stage.YANGI_LEAD'),
    operator: first(lookups.staff.all),
    created_date: '2026-10-01',
    course: first(lookups.courses.all),
    teacher: first(lookups.teachers.all),
    room: first(lookups.rooms.all),
    days: '1,3,5',
    time: '14:00-15:30',
    start_date: '2026-12-01',
    price: '400000',
    role: t('common.roles.TEACHER'),
  };
  const columns: readonly ImportColumn[] = IMPORT_COLUMNS[kind];
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('control.import.sheetData'));
  sheet.addRow(columns.map((c) => headerOf(c, lang))).font = { bold: true };
  sheet.addRow(columns.map((c) => example[c]));
  sheet.columns.forEach((col) => {
    col.width = 22;
  });

  const allowed: [string, string[]][] = [
    [headerOf('branch', lang), lookups.branches.all.map((x) => x.name)],
    [headerOf('group', lang), lookups.groups.all.map((x) => x.name)],
    [headerOf('course', lang), lookups.courses.all.map((x) => x.name)],
    [headerOf('room', lang), lookups.rooms.all.map((x) => x.name)],
    [headerOf('teacher', lang), lookups.teachers.all.map((x) => x.name)],
    [headerOf('subject', lang), lookups.subjects.all.map((x) => x.name)],
    [headerOf('source', lang), lookups.sources.all.map((x) => x.name)],
    [headerOf('stage', lang), IMPORTABLE_STAGES.map((s) => t(`leads.stage.${s}`))],
    [headerOf('role', lang), ROLES.filter((r) => r !== 'DIRECTOR').map((r) => t(`common.roles.${r}`))],
    [headerOf('days', lang), weekdayNames(lang, 'short').map((d, i) => `${i + 1} = ${d}`)],
  ];
  const values = workbook.addWorksheet(t('control.import.sheetAllowed'));
  values.addRow(allowed.map(([title]) => title)).font = { bold: true };
  const height = Math.max(...allowed.map(([, list]) => list.length));
  for (let i = 0; i < height; i += 1) values.addRow(allowed.map(([, list]) => list[i] ?? ''));
  values.columns.forEach((col) => {
    col.width = 24;
  });
  return workbookBytes(workbook);
}
