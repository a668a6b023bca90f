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

/** Every report and its workbook answer 403 to the readers without the report's page. */
export async function expectForbidden(t: TestApp, path: string, roles: readonly Parameters<TestApp['signInAs']>[0][]) {
  for (const role of roles) {
    const token = (await t.signInAs(role)).access_token;
    for (const url of [path, `${path}excel/`]) expect((await t.call('GET', `${url}?start_date=2026-03-01&end_date=2026-03-31`, { token })).status).toBe(403);
  }
}

/** The period rules every report shares (contract/reportPeriod.ts), errors per field, in English. */
export async function expectPeriodRules(t: TestApp, path: string, token: string) {
  const ask = (url: string, q: string) => t.call('GET', `${url}?${q}`, { token, headers: { 'accept-language': 'en' } });
  const missing = await ask(path, 'start_date=&filial=');
  expect(missing.status).toBe(400);
  expect(missing.json).toEqual({ start_date: ['This field is required'], end_date: ['This field is required'] });
  expect((await ask(path, 'end_date=2026-03-01')).json).toEqual({ start_date: ['This field is required'] });
  const reversed = await ask(path, 'start_date=2026-03-10&end_date=2026-03-09');
  expect(reversed.status).toBe(400);
  expect(reversed.json).toEqual({ end_date: ['The end date cannot be before the start date'] });
  const long = await ask(path, 'start_date=2026-01-01&end_date=2027-01-02');
  expect(long.status).toBe(400);
  expect(Object.keys(long.json)).toEqual(['end_date']);
  expect((await ask(path, 'start_date=2026-01-01&end_date=2027-01-01')).status).toBe(200); // 366 days
  for (const url of [path, `${path}excel/`]) {
    const bad = await ask(url, 'start_date=2026-02-30&end_date=march&filial=x');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['end_date', 'filial', 'start_date']);
  }
}
