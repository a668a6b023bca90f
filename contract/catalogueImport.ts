// POST /subjects/import/: an .xlsx whose first sheet lists subject, level and theme per row. Shared by the
// upload dialog (limits, column names, the answer) and the server (row rules).
import { z } from 'zod';
import { nameField } from './catalogue';
import { SPREADSHEET_LIMITS, type SpreadsheetLimits } from './spreadsheetUpload';

/** What the upload guard lets through to the import (contract/spreadsheetUpload.ts): the defaults. */
export const IMPORT_LIMITS: SpreadsheetLimits = SPREADSHEET_LIMITS;
export const IMPORT_MAX_BYTES = IMPORT_LIMITS.maxBytes;
export const IMPORT_MAX_ROWS = IMPORT_LIMITS.maxRows;
export const IMPORT_FILE_FIELD = 'file';

export const importMsg = {
  file: 'validation.importFile',
  tooLarge: 'validation.importTooLarge',
  tooManyRows: 'validation.importTooManyRows',
  columns: 'validation.importColumns',
  empty: 'validation.importEmpty',
  themeNeedsLevel: 'validation.importThemeNeedsLevel',
} as const;

export const IMPORT_COLUMNS = ['subject', 'level', 'theme'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Header texts accepted per column, lower case: English or Uzbek. */
export const IMPORT_HEADERS: Record<ImportColumn, readonly string[]> = {
  subject: ['subject', 'fan'],
  level: ['level', 'daraja'],
  theme: ['theme', 'mavzu'],
};

/** The column a header cell names, or null. Case and surrounding spaces do not matter. */
export function importColumnOf(header: string): ImportColumn | null {
  const text = header.trim().toLowerCase();
  return IMPORT_COLUMNS.find((column) => IMPORT_HEADERS[column].includes(text)) ?? null;
}

const optionalName = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), nameField.optional());

/**
 * One row: the subject is required; a level is optional; a theme needs its level. Whatever does not exist yet
 * (by case-insensitive name) is created, levels and themes at the end of their parent's order.
 */
export const importRow = z
  .object({ subject: nameField, level: optionalName, theme: optionalName })
  .refine((row) => row.theme === undefined || row.level !== undefined, { message: importMsg.themeNeedsLevel, path: ['level'] });
export type ImportRow = z.infer<typeof importRow>;

export const importRejectedRow = z.object({
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  errors: z.record(z.string(), z.array(z.string())),
});

/** 200 when every row was taken; 400 with the same shape (and nothing written) when any row was rejected. */
export const importResult = z.object({
  created: z.object({ subjects: z.number().int(), levels: z.number().int(), themes: z.number().int() }),
  rejected: z.array(importRejectedRow),
});
export type ImportResult = z.infer<typeof importResult>;

/** A problem with the upload itself: 400 `{file: [message]}`. */
export const importFileError = z.object({ file: z.array(z.string()) });
