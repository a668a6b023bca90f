// What the report tests share: a signed-in reader of a report's JSON (parsed strictly by its contract) and a
// report's workbook fetched in a language and read back sheet by sheet.
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { z } from 'zod';
import { XLSX_MIME } from '../../contract/leadDownloads';
import type { TestApp } from './harness';

export function reportReader<S extends z.ZodObject>(t: TestApp, path: string, schema: S) {
  const token = async (role: Parameters<TestApp['signInAs']>[0]) => (await t.signInAs(role)).access_token;
  const report = async (tk: string, query: string): Promise<z.output<S>> => {
    const res = await t.call('GET', `${path}?${query}`, { token: tk });
    if (res.status !== 200) throw new Error(`report ${query}: ${res.status} ${res.text}`);
    return schema.strict().parse(res.json) as z.output<S>;
  };
  return { token, report };
}

/**
 * The workbook at `url` (an xlsx download named `filename`, checked) in `lang` (none: the default, Uzbek):
 * its sheet names and each sheet's rows of values.
 */
export async function workbookAt(t: TestApp, url: string, token: string, filename: string, lang?: string) {
  const res = await t.app.request(url, { headers: { authorization: `Bearer ${token}`, ...(lang ? { 'accept-language': lang } : {}) } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe(XLSX_MIME);
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${filename}"`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const values = (name: string) => {
    const rows: ExcelJS.CellValue[][] = [];
    workbook.getWorksheet(name)!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return rows;
  };
  return { names: workbook.worksheets.map((s) => s.name), values };
}
