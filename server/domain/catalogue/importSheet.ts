// Reads the import spreadsheet: the first sheet's header row names the columns (English or Uzbek, any case),
// every later non-empty row is one entry. Problems with the file itself are a 400 on `file`.
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS, importColumnOf, importMsg, type ImportColumn } from '../../../contract/catalogueImport';
import { fieldError } from '../core/errors';

export type SheetRow = { row: number; values: Partial<Record<ImportColumn, string>> };

/** The text a person sees in a cell: rich text joined, a hyperlink's text, a formula's result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value).trim();
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('hyperlink' in value) return String(value.text ?? '').trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText((value.result ?? null) as ExcelJS.CellValue);
  return '';
}

/** The workbook's first sheet; a file exceljs cannot read is a 400 on `file` (`unreadable`), no sheet one too (`empty`). */
export async function firstSheet(bytes: Uint8Array, unreadable: string, empty: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its own Buffer; a Node Buffer is what it reads.
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    throw fieldError('file', unreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fieldError('file', empty);
  return sheet;
}

/** The rows of the workbook's first sheet, numbered as the spreadsheet shows them (the header is row 1). */
export async function readImportSheet(bytes: Uint8Array): Promise<SheetRow[]> {
  const sheet = await firstSheet(bytes, importMsg.file, importMsg.empty);

  const columns = new Map<number, ImportColumn>();
  sheet.getRow(1).eachCell((cell, col) => {
    const column = importColumnOf(cellText(cell.value));
    if (column && ![...columns.values()].includes(column)) columns.set(col, column);
  });
  if (![...columns.values()].includes('subject')) throw fieldError('file', importMsg.columns);

  const rows: SheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const values: SheetRow['values'] = {};
    for (const [col, column] of columns) {
      const text = cellText(row.getCell(col).value);
      if (text) values[column] = text;
    }
    if (Object.keys(values).length === 0) continue;
    if (rows.length === IMPORT_MAX_ROWS) throw fieldError('file', importMsg.tooManyRows, { max: IMPORT_MAX_ROWS });
    rows.push({ row: r, values });
  }
  if (rows.length === 0) throw fieldError('file', importMsg.empty);
  return rows;
}
