// Every spreadsheet the app sends goes out through workbookBytes (students, leads, debtors, the finance, admin
// and education reports, salaries). Two rules live here so no writer can forget them:
// - Text that a spreadsheet could take for a formula (it starts with =, +, -, @, a tab or a carriage return, the
//   characters of OWASP's CSV injection guidance) stays text: exceljs already writes a string as a string cell,
//   which Excel shows without evaluating; the cell also gets Excel's quotePrefix flag (./quotePrefix.ts), so it
//   stays text when someone edits it. The text itself is not changed: a phone "+998…" or a comment "-10%" reads
//   exactly as typed, and numbers and dates stay numbers and dates.
// - Amounts are numbers (so sums and filters work) while a double holds them to the tiyin, and exact text beyond.
import type ExcelJS from 'exceljs';
import { toCents } from '../../../contract/money';
import { supportQuotePrefix } from './quotePrefix';

supportQuotePrefix();

/** The first characters that make a spreadsheet read a cell's text as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export const looksLikeFormula = (text: string): boolean => FORMULA_START.test(text);

/** Marks every text cell that looks like a formula as text (quotePrefix); returns how many it marked. */
export function keepFormulaTextAsText(workbook: ExcelJS.Workbook): number {
  let marked = 0;
  workbook.eachSheet((sheet) => {
    sheet.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        if (typeof cell.value === 'string' && looksLikeFormula(cell.value)) {
          cell.style = { ...cell.style, quotePrefix: true } as Partial<ExcelJS.Style>;
          marked += 1;
        }
      });
    });
  });
  return marked;
}

export async function workbookBytes(workbook: ExcelJS.Workbook): Promise<Uint8Array<ArrayBuffer>> {
  keepFormulaTextAsText(workbook);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

/** Excel keeps 15 significant digits: up to 9 999 999 999 999.99 an amount is a number exact to the tiyin. */
const EXACT_CENTS = 10n ** 15n;

/** "1500000.50" → 1500000.5 for a money cell; an amount too long for a double stays its exact text. */
export function sheetAmount(amount: string): number | string {
  const cents = toCents(amount);
  return (cents < 0n ? -cents : cents) < EXACT_CENTS ? Number(amount) : amount;
}
