// The upload guard in front of every spreadsheet import (server/http/spreadsheetUpload.ts), through the subject
// import (POST /subjects/import/): a small .xlsx that expands to 300 MB, or holds more rows than an import takes, is
// refused with a 400 on `file` in well under a second and without the server's memory growing, and sixteen at
// once leave other requests answering. Files come from tests/faults/xlsxBomb.ts.
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subjects } from '../../server/db/schema';
import { rowsBlock, xlsxBomb } from '../faults/xlsxBomb';
import { EN, REAL_LOCALES, tokens } from './catalogueSupport';
import { backends, useTestApp } from './harness';

const MB = 1024 * 1024;

/** The largest resident set seen while `work` runs, less the one before it, in MB. */
async function rssGrowth<T>(work: () => Promise<T>): Promise<{ result: T; grewMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, grewMb: (peak - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}

describe.each(backends())('spreadsheet upload guard on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const tokenOf = tokens(t);

  const upload = async (file: Buffer, headers: Record<string, string> = EN) => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(file)]), 'katalog.xlsx');
    const started = performance.now();
    const res = await t.app.request('/api/subjects/import/', { method: 'POST', body: form, headers: { authorization: `Bearer ${await tokenOf('DIRECTOR')}`, ...headers } });
    return { status: res.status, json: await res.json(), ms: performance.now() - started };
  };
  const subjectCount = async () => (await t.db.select({ n: count() }).from(subjects))[0].n;

  it('refuses a 1 MB file that expands to 300 MB at once, in either language, with memory flat', async () => {
    const bomb = await xlsxBomb(rowsBlock(MB), 300);
    expect(bomb.length).toBeLessThan(2 * MB);
    const before = await subjectCount();
    await upload(bomb); // warm-up: the first request loads the modules of the route
    const { result: res, grewMb } = await rssGrowth(() => upload(bomb));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ file: ['The file expands to more than 10 MB when opened'] });
    expect(res.ms).toBeLessThan(1000);
    expect(grewMb).toBeLessThan(64);
    expect((await upload(bomb, { 'accept-language': 'uz' })).json).toEqual({ file: ['Fayl ochilganda 10 MB dan kattaroq bo‘lib ketadi'] });
    expect(await subjectCount()).toBe(before);
  });

  it('refuses a sheet with more rows than an import takes before reading it', async () => {
    // 15 000 copies of one row in 1 MB of XML: within the size limits, over the 5000 rows.
    const rows = await xlsxBomb(rowsBlock(MB), 1);
    const res = await upload(rows);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ file: ['Too many rows (at most 5000)'] });
    expect(res.ms).toBeLessThan(1000);
  });

  it('sixteen at once are all refused at once and other requests keep answering', async () => {
    const token = await tokenOf('DIRECTOR');
    const list = async () => {
      // A request arrives from the network, after the event loop's other work: without this turn an in-process
      // PGlite request can finish in microtasks alone, and the loop below would never let the uploads finish.
      await new Promise((resolve) => setImmediate(resolve));
      const started = performance.now();
      const res = await t.app.request('/api/subjects/no-pg/', { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      return performance.now() - started;
    };
    /** Sixteen uploads of `file` at once while a cheap list is read again and again. */
    const burst = (file: Buffer) =>
      rssGrowth(async () => {
        const started = performance.now();
        const uploads = Promise.all(Array.from({ length: 16 }, () => upload(file)));
        const latencies: number[] = [];
        let done = false;
        void uploads.finally(() => (done = true));
        while (!done) latencies.push(await list());
        return { answers: await uploads, slowest: Math.max(...latencies), ms: performance.now() - started };
      });
    await list();
    // The same burst with a file of the same size refused without opening it (not a zip): what sixteen uploads
    // cost this machine right now (auth, multipart), so that a loaded machine is not taken for a stall.
    const baseline = await burst(Buffer.alloc((await xlsxBomb(rowsBlock(MB), 300)).length, 'x'));
    const bombs = await burst(await xlsxBomb(rowsBlock(MB), 300));
    const figures = (b: typeof bombs) => `${Math.round(b.result.ms)} ms, slowest list ${Math.round(b.result.slowest)} ms, rss +${Math.round(b.grewMb)} MB`;
    console.info(`${backend}: 16 bombs at once: ${figures(bombs)}; 16 plain files: ${figures(baseline)}`);
    expect(baseline.result.answers.map((a) => a.json)).toEqual(Array(16).fill({ file: ['Upload an Excel file (.xlsx)'] }));
    expect(bombs.result.answers.map((a) => a.json)).toEqual(Array(16).fill({ file: ['The file expands to more than 10 MB when opened'] }));
    expect(bombs.result.ms).toBeLessThan(2 * baseline.result.ms + 1000);
    expect(bombs.result.slowest).toBeLessThan(2 * baseline.result.slowest + 1000);
    expect(bombs.grewMb).toBeLessThan(160);
  });
});
