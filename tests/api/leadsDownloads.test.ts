// Lead downloads (spec section 7, "Leads"): GET /lid/excel/ and GET /archived/excel/ read back with exceljs
// (headers in the request's language, rows, filters, archived only in the archive), POST /lid/document/ read
// back as a zip (the lead's name in word/document.xml); branch scope (404), page permission (403), bad body (400).
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { DOCX_MIME, XLSX_MIME } from '../../contract/leadDownloads';
import { centreToday } from '../../server/domain/lessons/dates';
import { leads } from '../../server/db/schema';
import { backends, useTestApp } from './harness';

type Raw = { status: number; headers: Headers; bytes: Buffer };

describe.each(backends())('lead downloads on %s', (backend) => {
  const t = useTestApp(backend);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;
  const raw = async (method: string, path: string, tk: string, init: { body?: unknown; lang?: string } = {}): Promise<Raw> => {
    const headers = new Headers({ authorization: `Bearer ${tk}` });
    if (init.lang) headers.set('accept-language', init.lang);
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    const res = await t.app.request(path, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const sheetOf = async (bytes: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.getWorksheet('Lidlar');
    if (!sheet) throw new Error('no Lidlar sheet');
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return { sheet, header: rows[0], body: rows.slice(1) };
  };
  const knownLead = async () => {
    const [row] = await t.db.select().from(leads).where(eq(leads.phone, '+998991000000'));
    return row;
  };

  it('GET /lid/excel/ is a real workbook: bold Uzbek header, a row per active lead, dates, widths, autofilter', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await t.filialId('Chilonzor');
    for (const path of [`/api/lid/excel/?filial=${chilonzor}`, `/api/lid/excel?filial=${chilonzor}`]) {
      const res = await raw('GET', path, director);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(XLSX_MIME);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="lidlar-${centreToday(new Date())}.xlsx"`);
      expect(res.bytes.subarray(0, 2).toString()).toBe('PK');
      const { sheet, header, body } = await sheetOf(res.bytes);
      expect(header).toEqual(['№', 'F.I.Sh.', 'Telefon', 'Filial', 'Fan', 'Daraja', 'Manba', 'Bosqich', 'Operator', 'Izoh', 'Yaratilgan']);
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(sheet.getColumn(2).width).toBeGreaterThan(10);
      expect(sheet.autoFilter).toBeTruthy();
      const list = await t.call('GET', `/api/lid/?filial=${chilonzor}&page_size=100`, { token: director });
      expect(body.length).toBe(list.json.count);
      expect(body.map((r) => r[1])).toEqual(list.json.results.map((l: { full_name: string }) => l.full_name));
      const known = await knownLead();
      const row = body.find((r) => r[2] === known.phone);
      expect(row).toBeDefined();
      expect(row!.slice(1, 4)).toEqual([known.fullName, known.phone, 'Chilonzor']);
      expect(row![8]).toBe(t.demo('CALL_OPERATOR').name);
      expect(row![10]).toBeInstanceOf(Date);
      // The wall clock in Tashkent (UTC+5), written as the date Excel shows.
      expect((row![10] as Date).getTime() - known.createdAt.getTime()).toBeLessThan(5 * 3600_000 + 1000);
      expect((row![10] as Date).getTime() - known.createdAt.getTime()).toBeGreaterThan(5 * 3600_000 - 1000);
      expect(body.every((r) => r[3] === 'Chilonzor')).toBe(true);
    }
  });

  it('applies the list filters and the request language', async () => {
    const director = await token('DIRECTOR');
    const known = await knownLead();
    const res = await raw('GET', `/api/lid/excel/?q=${encodeURIComponent(known.phone)}`, director, { lang: 'en-US,en;q=0.9' });
    expect(res.status).toBe(200);
    const { header, body } = await sheetOf(res.bytes);
    expect(header[1]).toBe('Full name');
    expect(header[10]).toBe('Created');
    expect(body).toHaveLength(1);
    expect(body[0].slice(0, 3)).toEqual([1, known.fullName, known.phone]);
    const waiting = await sheetOf((await raw('GET', '/api/lid/excel/?stage=KUTULMOQDA', director, { lang: 'en' })).bytes);
    expect(waiting.body.length).toBeGreaterThan(0);
    expect(waiting.body.every((r) => r[7] === 'Waiting')).toBe(true);
    const bad = await t.call('GET', '/api/lid/excel/?stage=NOPE', { token: director });
    expect(bad.status).toBe(400);
    expect(bad.json).toHaveProperty('stage');
  });

  it('GET /archived/excel/ holds only archived leads, with the reason', async () => {
    const director = await token('DIRECTOR');
    const res = await raw('GET', '/api/archived/excel/', director);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="arxiv-lidlar-${centreToday(new Date())}.xlsx"`);
    const { header, body } = await sheetOf(res.bytes);
    expect(header).toHaveLength(12);
    expect(header[11]).toBe('Arxivlash sababi');
    const archived = await t.db.select({ phone: leads.phone }).from(leads).where(eq(leads.isArchived, true));
    expect(archived.length).toBeGreaterThan(0);
    expect(body.map((r) => r[2]).sort()).toEqual(archived.map((a) => a.phone).sort());
    expect(body.every((r) => r[11] === 'Javob bermadi')).toBe(true);
  });

  it('keeps to the branch scope and the lead pages', async () => {
    const manager = await token('MULTIPLE_FILIAL_MANAGER');
    const samarqand = await t.filialId('Samarqand');
    const all = await sheetOf((await raw('GET', '/api/lid/excel/', manager)).bytes);
    expect(all.body.length).toBeGreaterThan(0);
    expect(all.body.every((r) => r[3] === 'Chilonzor' || r[3] === 'Yunusobod')).toBe(true);
    expect((await raw('GET', `/api/lid/excel/?filial=${samarqand}`, manager)).status).toBe(404);
    const teacher = await token('TEACHER');
    expect((await raw('GET', '/api/lid/excel/', teacher)).status).toBe(403);
    expect((await raw('GET', '/api/archived/excel/', teacher)).status).toBe(403);
    const known = await knownLead();
    expect((await raw('POST', '/api/lid/document/', teacher, { body: { lead: known.id, kind: 'application' } })).status).toBe(403);
    expect((await t.app.request('/api/lid/excel/')).status).toBe(401);
  });

  it('POST /lid/document/ answers a .docx application with the lead in it', async () => {
    const director = await token('DIRECTOR');
    const known = await knownLead();
    for (const path of ['/api/lid/document/', '/api/lid/document']) {
      const res = await raw('POST', path, director, { body: { lead: known.id, kind: 'application' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(DOCX_MIME);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ariza-\d+-\d{4}-\d{2}-\d{2}\.docx"$/);
      expect(res.bytes.subarray(0, 2).toString()).toBe('PK');
      const xml = await (await JSZip.loadAsync(res.bytes)).file('word/document.xml')!.async('string');
      expect(xml).toContain(known.fullName);
      expect(xml).toContain(known.phone);
      expect(xml).toContain('Chilonzor');
      expect(xml).toContain('Ariza');
      expect(xml).toContain('Dushanba');
    }
  });

  it('POST /lid/document/ answers a contract with the ordered group price', async () => {
    const director = await token('DIRECTOR');
    const [ordered] = await t.db.select().from(leads).where(eq(leads.stage, 'ORDER_CREATED')).limit(1);
    expect(ordered).toBeDefined();
    const res = await raw('POST', '/api/lid/document/', director, { body: { lead: ordered.id, kind: 'contract' }, lang: 'en' });
    expect(res.status).toBe(200);
    const xml = await (await JSZip.loadAsync(res.bytes)).file('word/document.xml')!.async('string');
    expect(xml).toContain('Contract');
    expect(xml).toContain(ordered.fullName);
    expect(xml).toMatch(/Monthly fee: <\/w:t>.*\d[\d ]*\.\d{2} UZS/s);
  });

  it('POST /lid/document/: 400 on a bad body, 404 outside the branches', async () => {
    const director = await token('DIRECTOR');
    const bad = await t.call('POST', '/api/lid/document/', { token: director, body: { lead: 0, kind: 'letter' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['kind', 'lead']);
    const missing = await t.call('POST', '/api/lid/document/', { token: director, body: {} });
    expect(missing.status).toBe(400);
    const samarqandLead = (await t.db.select().from(leads).where(eq(leads.filialId, await t.filialId('Samarqand'))).limit(1))[0];
    const manager = await token('MULTIPLE_FILIAL_MANAGER');
    const outside = await t.call('POST', '/api/lid/document/', { token: manager, body: { lead: samarqandLead.id, kind: 'application' } });
    expect(outside.status).toBe(404);
    const none = await t.call('POST', '/api/lid/document/', { token: director, body: { lead: 2_000_000, kind: 'contract' } });
    expect(none.status).toBe(404);
  });
});
