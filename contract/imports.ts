// Imports with a preview (issue 18 §1): students, leads, groups and employees from an .xlsx or .csv file.
// POST /import/{kind}/ reads the file and answers a preview (kept server-side as an import batch), every row new,
// matching an existing record (by phone) or in error with a message per cell; POST /import/{id}/commit/ writes the
// new rows in one transaction; POST /import/{id}/undo/ takes them back within 24 hours if nothing was written on
// them since. Shared by the page (column names, the answers) and the server (headers, limits, phone rules).
import { z } from 'zod';
import type { SpreadsheetLimits } from './spreadsheetUpload';

export const IMPORT_KINDS = ['students', 'leads', 'groups', 'employees'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

const MB = 1024 * 1024;
/** A move-in file: 20,000 students of a dozen columns (about 3 MB as .xlsx, 25 MB inflated). */
export const MOVE_IN_LIMITS: SpreadsheetLimits = { maxBytes: 10 * MB, maxExpandedBytes: 60 * MB, maxRows: 20_000, maxCells: 400_000 };

/** The columns of each kind, in the template's order. */
export const IMPORT_COLUMNS = {
  students: ['full_name', 'phone', 'parent_phones', 'birth_date', 'branch', 'group', 'join_date', 'opening_balance'],
  leads: ['full_name', 'phone', 'subject', 'source', 'stage', 'operator', 'created_date', 'branch'],
  groups: ['name', 'course', 'teacher', 'room', 'days', 'time', 'start_date', 'price', 'branch'],
  employees: ['full_name', 'phone', 'role', 'branches'],
} as const satisfies Record<ImportKind, readonly string[]>;
export type ImportColumn = (typeof IMPORT_COLUMNS)[ImportKind][number];
export const ALL_IMPORT_COLUMNS = [...new Set(Object.values(IMPORT_COLUMNS).flat())] as ImportColumn[];

/** Columns a row cannot do without. */
export const REQUIRED_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  students: ['full_name', 'phone'],
  leads: ['full_name', 'phone'],
  groups: ['name', 'course', 'teacher', 'room', 'days', 'time', 'start_date'],
  employees: ['full_name', 'phone', 'role'],
};

/** Header texts recognised per column (lower case; uz, ru, en); the template writes the first of its language. */
export const IMPORT_HEADERS: Record<ImportColumn, { uz: string[]; ru: string[]; en: string[] }> = {
  full_name: { uz: ['f.i.sh', 'ism familiya', 'ism', 'fio'], ru: ['фио', 'имя', 'ф.и.о.'], en: ['full name', 'name', 'full_name'] },
  name: { uz: ['guruh nomi', 'nomi'], ru: ['название группы', 'название'], en: ['group name', 'name'] },
  phone: { uz: ['telefon', 'telefon raqami'], ru: ['телефон', 'номер телефона'], en: ['phone', 'phone number'] },
  parent_phones: { uz: ['ota-ona telefoni', 'ota-onasi telefoni'], ru: ['телефон родителей', 'телефоны родителей'], en: ["parents' phones", 'parent phone', 'parents phones'] },
  birth_date: { uz: ['tug‘ilgan sana', "tug'ilgan sana"], ru: ['дата рождения'], en: ['birth date', 'date of birth'] },
  branch: { uz: ['filial'], ru: ['филиал'], en: ['branch'] },
  branches: { uz: ['filiallar'], ru: ['филиалы'], en: ['branches'] },
  group: { uz: ['guruh'], ru: ['группа'], en: ['group'] },
  join_date: { uz: ['qo‘shilgan sana', "qo'shilgan sana"], ru: ['дата вступления', 'дата зачисления'], en: ['join date', 'joined'] },
  opening_balance: { uz: ['boshlang‘ich balans', "boshlang'ich balans"], ru: ['начальный баланс'], en: ['opening balance'] },
  subject: { uz: ['fan'], ru: ['предмет'], en: ['subject'] },
  source: { uz: ['manba'], ru: ['источник'], en: ['source'] },
  stage: { uz: ['bosqich'], ru: ['этап'], en: ['stage'] },
  operator: { uz: ['operator'], ru: ['оператор'], en: ['operator'] },
  created_date: { uz: ['yaratilgan sana'], ru: ['дата создания'], en: ['created date', 'created'] },
  course: { uz: ['kurs'], ru: ['курс'], en: ['course'] },
  teacher: { uz: ['o‘qituvchi', "o'qituvchi"], ru: ['преподаватель', 'учитель'], en: ['teacher'] },
  room: { uz: ['xona'], ru: ['кабинет', 'аудитория'], en: ['room'] },
  days: { uz: ['kunlar'], ru: ['дни'], en: ['days'] },
  time: { uz: ['vaqt'], ru: ['время'], en: ['time'] },
  start_date: { uz: ['boshlanish sanasi'], ru: ['дата начала'], en: ['start date'] },
  price: { uz: ['narx'], ru: ['цена', 'стоимость'], en: ['price'] },
  role: { uz: ['lavozim'], ru: ['должность', 'роль'], en: ['role'] },
};

/** The column of `kind` a header names in any language (case and spaces do not matter), or null. */
export function importColumnOf(kind: ImportKind, header: string): ImportColumn | null {
  const text = header.trim().toLowerCase().replace(/\s+/g, ' ');
  const columns: readonly ImportColumn[] = IMPORT_COLUMNS[kind];
  return columns.find((c) => Object.values(IMPORT_HEADERS[c]).some((list) => list.includes(text))) ?? null;
}

/** The file's header → the column it fills ('' or absent: ignored). Sent as the `mapping` field, JSON. */
export const importMapping = z.record(z.string().max(200), z.union([z.enum(ALL_IMPORT_COLUMNS as [ImportColumn, ...ImportColumn[]]), z.literal('')]));
export type ImportMapping = z.infer<typeof importMapping>;

export const IMPORT_ROW_STATUSES = ['new', 'match', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

export const importPreviewRow = z.object({
  /** The row as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  values: z.record(z.string(), z.string()),
  /** Messages per column (translated). */
  errors: z.record(z.string(), z.array(z.string())),
  /** The existing record a `match` row names. */
  match_id: z.number().int().nullable(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

export const IMPORT_BATCH_STATUSES = ['preview', 'committed', 'undone'] as const;
export type ImportBatchStatus = (typeof IMPORT_BATCH_STATUSES)[number];

export const importCounts = z.object({ rows: z.number().int(), new: z.number().int(), match: z.number().int(), error: z.number().int() });
export type ImportCounts = z.infer<typeof importCounts>;

export const importBatch = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  status: z.enum(IMPORT_BATCH_STATUSES),
  counts: importCounts,
  /** What the commit wrote (null before it). */
  created: z.number().int().nullable(),
  created_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  created_at: z.string(),
  committed_at: z.string().nullable(),
  undone_at: z.string().nullable(),
  /** Whether POST /undo/ may still be tried (committed, within 24 hours). */
  can_undo: z.boolean(),
});
export type ImportBatch = z.infer<typeof importBatch>;

export const importPreview = importBatch.extend({
  /** The file's headers and the column each fills (the recognised or the sent mapping). */
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  rows: z.array(importPreviewRow),
});
export type ImportPreview = z.infer<typeof importPreview>;

/** Undo is possible this long after the commit. */
export const UNDO_WINDOW_MS = 24 * 60 * 60 * 1000;

export const importMsg = {
  csvOrXlsx: 'validation.importCsvOrXlsx',
  mapping: 'validation.importMapping',
  missingColumn: 'validation.importMissingColumn',
  duplicateInFile: 'validation.importDuplicateInFile',
  notFound: 'validation.importNotFound',
  notInScope: 'validation.importNotInScope',
  date: 'validation.date',
  amount: 'validation.importAmount',
  days: 'validation.importDays',
  time: 'validation.importTime',
  phone: 'validation.phone',
  hasErrors: 'validation.importHasErrors',
  notPreview: 'validation.importNotPreview',
  undoLate: 'validation.importUndoLate',
  undoWritten: 'validation.importUndoWritten',
  notCommitted: 'validation.importNotCommitted',
  empty: 'validation.importEmpty',
  required: 'validation.required',
  choice: 'validation.importChoice',
  taken: 'validation.importTaken',
} as const;
