// The upload guard as a middleware (server/http/spreadsheetUpload.ts): a body over the limit is refused before it is
// read (with or without Content-Length), a refused file never reaches the handler, and the handlers behind it run
// at most as many at a time as the import limiter allows, the others waiting rather than refused.
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { Hono } from 'hono';
import pLimit from 'p-limit';
import { describe, expect, it } from 'vitest';
import { SPREADSHEET_LIMITS } from '../../../contract/spreadsheetUpload';
import type { AppEnv } from '../../../server/http/context';
import { spreadsheetUpload } from '../../../server/http/spreadsheetUpload';

const LOCALES = fileURLToPath(new URL('../../../locales', import.meta.url));

function guardedApp(concurrency: number, handler: (name: string) => Promise<void> = async () => {}) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('config', { localesDir: LOCALES } as never);
    await next();
  });
  app.post('/import', spreadsheetUpload({ imports: pLimit(concurrency) }, SPREADSHEET_LIMITS), async (c) => {
    await handler(c.get('spreadsheet').name);
    return c.json({ ok: true, bytes: c.get('spreadsheet').bytes.length });
  });
  return app;
}

async function xlsx(): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Katalog').addRow(['subject']);
  return new Blob([await book.xlsx.writeBuffer()]);
}

const send = (app: Hono<AppEnv>, body: BodyInit, headers: Record<string, string> = {}) =>
  app.request('/import', { method: 'POST', body, headers: { 'accept-language': 'en', ...headers } });

describe('spreadsheetUpload', () => {
  it('runs at most two imports at a time; the others wait their turn and all succeed', async () => {
    let running = 0;
    let most = 0;
    const app = guardedApp(2, async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 30));
      running -= 1;
    });
    const file = await xlsx();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => {
        const form = new FormData();
        form.set('file', file, 'katalog.xlsx');
        return send(app, form);
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(most).toBe(2);
  });

  it('refuses a body over the limit before reading it, with or without Content-Length', async () => {
    let reached = false;
    const app = guardedApp(2, async () => {
      reached = true;
    });
    const tooLarge = { file: ['The file is too large (at most 5 MB)'] };
    const declared = await send(app, 'x', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(6 * 1024 * 1024) });
    expect([declared.status, await declared.json()]).toEqual([400, tooLarge]);
    // A chunked body: counted while it streams, refused at the first chunk past the limit.
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1000) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const chunked = await app.request('/import', { method: 'POST', body: stream, headers: { 'content-type': 'multipart/form-data; boundary=x', 'accept-language': 'en' }, duplex: 'half' } as RequestInit);
    expect([chunked.status, await chunked.json()]).toEqual([400, tooLarge]);
    expect(pulled).toBeLessThan(100);
    expect(reached).toBe(false);
  });

  it('answers 400 on `file` for a missing field, another extension or a file that is not a workbook', async () => {
    const app = guardedApp(2);
    const form = (blob: Blob | null, name = 'katalog.xlsx') => {
      const f = new FormData();
      if (blob) f.set('file', blob, name);
      return f;
    };
    const json = async (res: Response) => [res.status, await res.json()];
    expect(await json(await send(app, form(null)))).toEqual([400, { file: ['This field is required'] }]);
    expect(await json(await send(app, form(await xlsx(), 'katalog.csv')))).toEqual([400, { file: ['Upload an Excel file (.xlsx)'] }]);
    expect(await json(await send(app, form(new Blob(['subject\nFizika']))))).toEqual([400, { file: ['Upload an Excel file (.xlsx)'] }]);
    expect(await json(await send(app, form(await xlsx()), { 'accept-language': 'uz' }))).toEqual([200, { ok: true, bytes: expect.any(Number) }]);
  });
});
