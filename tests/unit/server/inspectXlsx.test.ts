// The upload guard's look inside an .xlsx (server/domain/sheets/inspectXlsx.ts): a file is refused from the
// zip's directory or while its parts are inflated and thrown away, never by parsing the workbook, and a file within
// the limits passes. Hostile files come from tests/faults/xlsxBomb.ts.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SPREADSHEET_LIMITS } from '../../../contract/spreadsheetUpload';
import { inspectXlsx, tagCounter } from '../../../server/domain/sheets/inspectXlsx';
import { rowsBlock, xlsxBomb } from '../../faults/xlsxBomb';

const MB = 1024 * 1024;

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Katalog');
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet('Boshqa').addRow(['subject']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('tagCounter', () => {
  it('counts row and cell tags once however the chunks split them, and nothing that only looks alike', () => {
    const xml = '<sheetData><row r="1"><c r="A1"/><c r="B1"><v>1</v></c></row><x:row><x:c/></x:row><cols><col/></cols><rowBreaks/><c:chart/></sheetData>';
    for (let split = 1; split < xml.length; split++) {
      const counter = tagCounter();
      counter.push(Buffer.from(xml.slice(0, split)));
      counter.push(Buffer.from(xml.slice(split)));
      expect(counter.counts, `split at ${split}`).toEqual({ rows: 2, cells: 3 });
    }
    const oneByOne = tagCounter();
    for (const ch of xml) oneByOne.push(Buffer.from(ch));
    expect(oneByOne.counts).toEqual({ rows: 2, cells: 3 });
  });
});

describe('inspectXlsx', () => {
  it('passes a real workbook at the limits: 5000 rows of three 150-character cells', async () => {
    const long = (i: number) => `${'x'.repeat(150)}${i}`.slice(-150);
    const rows = [['subject', 'level', 'theme'], ...Array.from({ length: SPREADSHEET_LIMITS.maxRows }, (_, i) => [long(i), long(i + 1), long(i + 2)])];
    expect(await inspectXlsx(await workbook(rows), SPREADSHEET_LIMITS)).toBeNull();
  });

  it('refuses a file that expands to 300 MB from its directory alone, at once', async () => {
    const bomb = await xlsxBomb(rowsBlock(MB), 300);
    // About a megabyte: well within the upload limit, so only what it expands to can refuse it.
    expect(bomb.length).toBeLessThan(2 * MB);
    const started = performance.now();
    expect(await inspectXlsx(bomb, SPREADSHEET_LIMITS)).toEqual({ kind: 'expands', max: SPREADSHEET_LIMITS.maxExpandedBytes });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses a file whose directory lies about the inflated size, stopping at the declared size', async () => {
    const liar = await xlsxBomb(rowsBlock(MB), 300, { declaredSize: 1000 });
    const started = performance.now();
    expect(await inspectXlsx(liar, SPREADSHEET_LIMITS)).toEqual({ kind: 'notSpreadsheet' });
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('counts the rows and the cells of every sheet, the header row aside', async () => {
    const rowXml = '<row r="2"><c r="A2" t="inlineStr"><is><t>Fizika</t></is></c></row>';
    const limits = { ...SPREADSHEET_LIMITS, maxRows: 10, maxCells: 1000 };
    // The header row and 10 rows pass; an eleventh does not.
    expect(await inspectXlsx(await xlsxBomb(Buffer.from(rowXml.repeat(10)), 1), limits)).toBeNull();
    expect(await inspectXlsx(await xlsxBomb(Buffer.from(rowXml.repeat(11)), 1), limits)).toEqual({ kind: 'rows', max: 10 });
    const wide = `<row r="2">${'<c r="A2"><v>1</v></c>'.repeat(1000)}</row>`;
    expect(await inspectXlsx(await xlsxBomb(Buffer.from(wide), 1), limits)).toEqual({ kind: 'cells', max: 1000 });
  });

  it('refuses what is not an .xlsx, and a file over the size limit before opening it', async () => {
    expect(await inspectXlsx(Buffer.from('subject,level\nFizika,A1'), SPREADSHEET_LIMITS)).toEqual({ kind: 'notSpreadsheet' });
    const real = await workbook([['subject'], ['Fizika']]);
    expect(await inspectXlsx(real.subarray(0, real.length - 10), SPREADSHEET_LIMITS)).toEqual({ kind: 'notSpreadsheet' });
    expect(await inspectXlsx(real, { ...SPREADSHEET_LIMITS, maxBytes: real.length - 1 })).toEqual({ kind: 'tooLarge', max: real.length - 1 });
  });
});
