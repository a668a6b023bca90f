// POST /subjects/import/ (spec section 7): real .xlsx files built in memory with exceljs. Rows create what is
// missing and reuse what exists; one rejected row means a 400 listing every rejected row and nothing written;
// problems with the file itself are a 400 on `file`.
import { asc, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { importResult } from '../../contract/catalogueImport';
import type { Role } from '../../contract/roles';
import { subjectLevels, subjects, themes } from '../../server/db/schema';
import { EN, levelId, REAL_LOCALES, subjectId, tokens } from './catalogueSupport';
import { backends, useTestApp } from './harness';

type Cell = string | number | ExcelJS.CellValue | null;

async function xlsx(rows: Cell[][]): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Katalog');
  for (const row of rows) sheet.addRow(row);
  workbook.addWorksheet('Boshqa').addRow(['subject']);
  return new Blob([await workbook.xlsx.writeBuffer()]);
}

describe.each(backends())('subjects import on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const tokenOf = tokens(t);

  const upload = async (file: Blob | null, name = 'katalog.xlsx', role: Role = 'DIRECTOR') => {
    const form = new FormData();
    if (file) form.set('file', file, name);
    const res = await t.app.request('/api/subjects/import/', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${await tokenOf(role)}`, ...EN },
    });
    return { status: res.status, json: await res.json() };
  };
  const totals = async () => ({
    subjects: (await t.db.select({ n: count() }).from(subjects))[0].n,
    levels: (await t.db.select({ n: count() }).from(subjectLevels))[0].n,
    themes: (await t.db.select({ n: count() }).from(themes))[0].n,
  });
  const levelsOf = async (subject: number) =>
    t.db.select({ name: subjectLevels.name, position: subjectLevels.position }).from(subjectLevels).where(eq(subjectLevels.subjectId, subject)).orderBy(asc(subjectLevels.position));
  const themesOf = async (level: number) =>
    t.db.select({ name: themes.name, position: themes.position }).from(themes).where(eq(themes.levelId, level)).orderBy(asc(themes.position));

  it('creates what is missing, reuses what exists (any case) and appends in row order', async () => {
    const before = await totals();
    const res = await upload(
      await xlsx([
        ['Subject', 'Level', 'Theme'],
        ['Geografiya', 'Boshlang‘ich', 'Materiklar'],
        ['geografiya', 'boshlang‘ich', 'Okeanlar'],
        ['Geografiya', 'O‘rta', 'Iqlim'],
        ['INGLIZ TILI', 'ielts', 'Speaking Part 3'],
        ['Ingliz tili', 'IELTS', 'writing task 1'],
        ['Ingliz tili', 'Proficiency', null],
        ['Geografiya', 'Boshlang‘ich', 'Materiklar'],
      ]),
    );
    expect(res.status).toBe(200);
    expect(importResult.parse(res.json)).toEqual({ created: { subjects: 1, levels: 3, themes: 4 }, rejected: [] });
    expect(await totals()).toEqual({ subjects: before.subjects + 1, levels: before.levels + 3, themes: before.themes + 4 });

    const geography = await subjectId(t, 'Geografiya');
    expect(await levelsOf(geography)).toEqual([
      { name: 'Boshlang‘ich', position: 1 },
      { name: 'O‘rta', position: 2 },
    ]);
    expect(await themesOf(await levelId(t, 'Geografiya', 'Boshlang‘ich'))).toEqual([
      { name: 'Materiklar', position: 1 },
      { name: 'Okeanlar', position: 2 },
    ]);
    const english = await levelsOf(await subjectId(t, 'Ingliz tili'));
    expect(english.at(-1)).toEqual({ name: 'Proficiency', position: 7 });
    const ielts = await themesOf(await levelId(t, 'Ingliz tili', 'IELTS'));
    expect(ielts.map((x) => x.name)).toEqual(['Listening strategies', 'Reading: True / False / Not Given', 'Writing Task 1', 'Speaking Part 2', 'Speaking Part 3']);

    const entry = await t.lastAudit('catalogue.import');
    expect(entry).toMatchObject({ actorId: t.demo('DIRECTOR').id, after: { file: 'katalog.xlsx', rows: 7, themes: 4 } });
  });

  it('reads Uzbek headers in any case and order, numbers and rich text, and skips empty rows', async () => {
    const res = await upload(
      await xlsx([
        ['Izoh', ' MAVZU ', 'Fan', 'daraja'],
        ['—', { richText: [{ text: 'Kasr' }, { text: 'lar' }] }, 'Algebra', 7],
        [null, null, null, null],
        ['', '', 'Chizmachilik', ''],
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.json.created).toEqual({ subjects: 2, levels: 1, themes: 1 });
    expect(await themesOf(await levelId(t, 'Algebra', '7'))).toEqual([{ name: 'Kasrlar', position: 1 }]);
    expect(await levelsOf(await subjectId(t, 'Chizmachilik'))).toEqual([]);
  });

  it('writes nothing when any row is rejected, and names every rejected row and column', async () => {
    const before = await totals();
    const res = await upload(
      await xlsx([
        ['subject', 'level', 'theme'],
        ['Astronomiya', 'A', 'Quyosh tizimi'],
        [null, 'A', 'Yulduzlar'],
        ['Astronomiya', null, 'Galaktikalar'],
        ['Astronomiya', 'x'.repeat(201), null],
      ]),
    );
    expect(res.status).toBe(400);
    expect(importResult.parse(res.json)).toEqual({
      created: { subjects: 0, levels: 0, themes: 0 },
      rejected: [
        { row: 3, errors: { subject: ['This field is required'] } },
        { row: 4, errors: { level: ['A theme needs its level'] } },
        { row: 5, errors: { level: ['Must be at most 200 characters'] } },
      ],
    });
    expect(await totals()).toEqual(before);
    expect((await t.db.select().from(subjects).where(eq(subjects.name, 'Astronomiya'))).length).toBe(0);
  });

  it('answers 400 on `file` when the upload is not a usable spreadsheet', async () => {
    const bad = (json: unknown, message: string) => expect(json).toEqual({ file: [message] });
    bad((await upload(null)).json, 'This field is required');
    const asJson = await t.call('POST', '/api/subjects/import/', { token: await tokenOf('DIRECTOR'), body: { file: 'x' }, headers: EN });
    expect(asJson.status).toBe(400);
    bad(asJson.json, 'This field is required');

    const notXlsx = await upload(new Blob(['subject,level\nFizika,A1']), 'katalog.xlsx');
    expect(notXlsx.status).toBe(400);
    bad(notXlsx.json, 'Upload an Excel file (.xlsx)');
    bad((await upload(await xlsx([['subject'], ['Fizika']]), 'katalog.csv')).json, 'Upload an Excel file (.xlsx)');
    bad((await upload(await xlsx([['name', 'level'], ['Fizika', 'A1']]))).json, 'The first row must name the columns subject, level and theme');
    bad((await upload(await xlsx([['subject', 'level', 'theme']]))).json, 'The file has no rows to import');

    const many = [['subject'], ...Array.from({ length: 5001 }, (_, i) => [`Fan ${i}`])];
    bad((await upload(await xlsx(many))).json, 'Too many rows (at most 5000)');
    const huge = await upload(new Blob([new Uint8Array(6 * 1024 * 1024)]), 'katta.xlsx');
    expect(huge.status).toBe(400);
    bad(huge.json, 'The file is too large (at most 5 MB)');
  });

  it('takes exactly 5000 rows', async () => {
    const rows = [['fan', 'daraja', 'mavzu'], ...Array.from({ length: 5000 }, (_, i) => ['Katta fan', `Daraja ${i % 10}`, `Mavzu ${i}`])];
    const res = await upload(await xlsx(rows));
    expect(res.status).toBe(200);
    expect(res.json.created).toEqual({ subjects: 1, levels: 10, themes: 5000 });
    const last = await themesOf(await levelId(t, 'Katta fan', 'Daraja 9'));
    expect(last.map((x) => x.position)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
  });

  it('needs `materials`', async () => {
    const file = await xlsx([['subject'], ['Musiqa']]);
    expect((await upload(file, 'k.xlsx', 'TEACHER')).status).toBe(403);
    expect((await upload(file, 'k.xlsx', 'HEAD_TEACHER')).status).toBe(200);
  });
});
