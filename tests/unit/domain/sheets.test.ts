import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { keepFormulaTextAsText, looksLikeFormula, sheetAmount, workbookBytes } from '../../../server/domain/sheets/workbook';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : file.endsWith('.ts') ? [file] : [];
  });

describe('formula-like text', () => {
  it('is text starting with =, +, -, @, a tab or a carriage return (OWASP CSV injection)', () => {
    for (const text of ['=1+1', '+998901234567', '-10%', '@SUM(A1)', '\t=1', '\r=1']) expect(looksLikeFormula(text), JSON.stringify(text)).toBe(true);
    for (const text of ['Ali', ' =1', '1=1', '', '№', '‘=’']) expect(looksLikeFormula(text), JSON.stringify(text)).toBe(false);
  });

  it('marks exactly the string cells that look like formulas; numbers, dates and plain text are left alone', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('S');
    sheet.addRow(['=HYPERLINK("x")', -5, new Date(0), 'Ali', '-5', '@a']);
    workbook.addWorksheet('T').addRow(['+1']);
    expect(keepFormulaTextAsText(workbook)).toBe(4);
    expect(sheet.getCell('A1').style).toMatchObject({ quotePrefix: true });
    expect(sheet.getCell('B1').style).not.toHaveProperty('quotePrefix');
    expect(sheet.getCell('D1').style).not.toHaveProperty('quotePrefix');
    // The file still reads back with the same values and types.
    const back = new ExcelJS.Workbook();
    await back.xlsx.load((await workbookBytes(workbook)) as unknown as ArrayBuffer);
    const row = back.getWorksheet('S')!.getRow(1);
    expect([1, 2, 4, 5, 6].map((c) => row.getCell(c).value)).toEqual(['=HYPERLINK("x")', -5, 'Ali', '-5', '@a']);
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Date);
  });

  it('goes through the one writer: no workbook is written anywhere else on the server', () => {
    const writers = sources('server').filter((file) => /\.xlsx\.(writeBuffer|write)\(/.test(readFileSync(file, 'utf8')));
    expect(writers).toEqual([path.join('server', 'domain', 'sheets', 'workbook.ts')]);
  });
});

describe('sheetAmount', () => {
  it('is a number while a double holds the amount to the tiyin', () => {
    expect(sheetAmount('1500000.50')).toBe(1500000.5);
    expect(sheetAmount('-150000.25')).toBe(-150000.25);
    expect(sheetAmount('9999999999999.99')).toBe(9999999999999.99);
  });

  it('is the exact text beyond that, never a rounded number', () => {
    expect(sheetAmount('10000000000000.01')).toBe('10000000000000.01');
    expect(sheetAmount('-21474836470000000000.00')).toBe('-21474836470000000000.00');
  });
});
