// The file of an import as a table of text: its first sheet (.xlsx) or its lines (.csv, comma or semicolon, quotes
// as RFC 4180, UTF-8 with or without a byte order mark). The upload guard has already checked its size and rows.
import { fieldError } from '../core/errors';
import { importMsg } from '../../../contract/imports';

export type Table = { headers: string[]; rows: { row: number; cells: string[] }[] };

export const isCsvName = (name: string) => name.split('.').pop()?.toLowerCase() === 'csv';

export async function readTable(name: string, bytes: Uint8Array): Promise<Table> {
  const lines = isCsvName(name) ? parseCsv(new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '')) : await xlsxLines(bytes);
  const [head, ...body] = lines;
  const headers = (head ?? []).map((h) => h.trim());
  if (!headers.some(Boolean)) throw fieldError('file', importMsg.empty);
  const rows = body
    .map((cells, i) => ({ row: i + 2, cells: headers.map((_, c) => (cells[c] ?? '').trim()) }))
    .filter((r) => r.cells.some(Boolean));
  if (rows.length === 0) throw fieldError('file', importMsg.empty);
  return { headers, rows };
}

async function xlsxLines(bytes: Uint8Array): Promise<string[][]> {
  // Loaded on first use, as the catalogue import does (exceljs is large).
  const { firstSheet, cellText: text } = await import('../catalogue/importSheet');
  const sheet = await firstSheet(bytes, importMsg.csvOrXlsx, importMsg.empty);
  const lines: string[][] = [];
  const width = sheet.columnCount;
  for (let r = 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= width; c += 1) cells.push(text(row.getCell(c).value));
    lines.push(cells);
  }
  return lines;
}

/** RFC 4180 with the delimiter of the header line (a semicolon, as Excel writes CSV in many locales, or a comma). */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : text.length);
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      cells.push(cell);
      lines.push(cells);
      cells = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || cells.length) lines.push([...cells, cell]);
  return lines;
}

