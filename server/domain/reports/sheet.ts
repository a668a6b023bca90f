// Workbook pieces every report shares: a sheet of rows under a bold frozen header with set widths (money columns
// with two decimals, percent columns with one), a two-column summary sheet, and the bytes to send.
import ExcelJS from 'exceljs';

export const MONEY = '#,##0.00';
export const PERCENT = '0.0';
/** '2026-03-01' → '01.03.2026'. */
export const dmy = (day: string) => day.split('-').reverse().join('.');

export type SheetColumn = { header: string; width: number; money?: boolean; percent?: boolean };

export function table(workbook: ExcelJS.Workbook, name: string, columns: SheetColumn[], rows: (string | number | null)[][]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ key: `c${i}`, header: c.header, width: c.width, style: c.money ? { numFmt: MONEY } : c.percent ? { numFmt: PERCENT } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  if (rows.length) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return sheet;
}

/** A label–value sheet (the report's period, branches and headline figures). */
export function summarySheet(workbook: ExcelJS.Workbook, name: string, rows: (string | number | null)[][]) {
  const summary = workbook.addWorksheet(name);
  summary.columns = [{ width: 32 }, { width: 40 }];
  summary.addRows(rows);
  summary.getColumn(1).font = { bold: true };
  return summary;
}

/** A report's workbook, opening with its summary sheet: the period and the branches, then the report's own figures. */
export function reportWorkbook(
  summaryName: string,
  labels: { period: string; filials: string },
  report: { start_date: string; end_date: string; filials: { name: string }[] },
  figures: (string | number | null)[][],
) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Markaz';
  const summary = summarySheet(workbook, summaryName, [
    [labels.period, `${dmy(report.start_date)} – ${dmy(report.end_date)}`],
    [labels.filials, report.filials.map((b) => b.name).join(', ')],
    ...figures,
  ]);
  return { workbook, summary };
}

/** The bytes to send, through the one writer every workbook uses (formula-like text kept as text). */
export { workbookBytes } from '../sheets/workbook';
