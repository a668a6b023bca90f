// `npm run bench -- import`: a move-in file of 20,000 students (issue 18 §1) through the real routes on a fresh
// PostgreSQL database with the demo centre: the upload and preview (parse, check, duplicates, phones against the
// database), then the commit (one transaction: students, memberships, opening balances). Target: under 60 s.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { count, eq, like, sql } from 'drizzle-orm';
import { createApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { migrate, postgresHandle } from '../server/db/client';
import { groups, openingBalances, students } from '../server/db/schema';
import { manualClock } from '../server/domain/core/clock';
import { seedDemoIfEmpty } from '../server/seed/demo';
import { ADMIN_URL } from './dataset';
import type { ImportBenchResult } from './model';
import { admin } from './outbox';

const STUDENTS = 20_000;

export async function runImportBench(log: (line: string) => void): Promise<ImportBenchResult> {
  const name = `markaz_bench_import_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = postgresHandle(url.toString());
  try {
    const db = handle.db;
    await migrate(db);
    const clock = manualClock('2026-11-26T15:00:00+05:00');
    await seedDemoIfEmpty(db, 1024, clock.now());
    const config = configFromEnv({ JWT_SECRET: 'bench-import-secret-bench-import-secret', SCRYPT_N: '1024', DEMO: '1' });
    const app = createApp({ db, config, clock });
    const signIn = await app.request('/api/auth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '+998900000001', password: 'director' }) });
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    const open = await db.select({ name: groups.name, filialId: groups.filialId }).from(groups).where(sql`${groups.status} <> 'archived'`);

    log(`import: building an .xlsx of ${STUDENTS} students`);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Students');
    sheet.addRow(['Full name', 'Phone', "Parents' phones", 'Birth date', 'Group', 'Join date', 'Opening balance']);
    for (let i = 0; i < STUDENTS; i++) {
      const g = open[i % open.length];
      const digits = String(10_000_000 + i).slice(-7);
      sheet.addRow([`Bench Student ${i}`, `+998 97 ${digits.slice(0, 3)} ${digits.slice(3, 5)} ${digits.slice(5)}`, `8 99 ${digits}`, '2011-03-04', g.name, '2026-09-01', i % 3 === 0 ? '-150000' : '']);
    }
    const bytes = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const form = new FormData();
    form.set('file', new Blob([bytes]), 'students-20000.xlsx');

    log('import: upload and preview');
    const started = performance.now();
    const previewRes = await app.request('/api/import/students/', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
    const preview = (await previewRes.json()) as { id: number; counts: { rows: number; new: number; match: number; error: number } };
    if (previewRes.status !== 201) throw new Error(`preview answered ${previewRes.status}: ${JSON.stringify(preview).slice(0, 300)}`);
    const previewSeconds = (performance.now() - started) / 1000;
    log(`import: preview ${previewSeconds.toFixed(1)} s, ${JSON.stringify(preview.counts)}; commit`);
    const commitStarted = performance.now();
    const commitRes = await app.request(`/api/import/${preview.id}/commit/`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    if (commitRes.status !== 200) throw new Error(`commit answered ${commitRes.status}: ${(await commitRes.text()).slice(0, 300)}`);
    const commitSeconds = (performance.now() - commitStarted) / 1000;
    // The figure counts only if the import did what it says: every row new, every student and balance written.
    if (preview.counts.rows !== STUDENTS || preview.counts.new !== STUDENTS || preview.counts.error !== 0) {
      throw new Error(`preview counts ${JSON.stringify(preview.counts)}, expected ${STUDENTS} new rows`);
    }
    const [written] = await db.select({ n: count() }).from(students).where(like(students.fullName, 'Bench Student %'));
    const [opening] = await db
      .select({ n: count() })
      .from(openingBalances)
      .innerJoin(students, eq(students.id, openingBalances.studentId))
      .where(like(students.fullName, 'Bench Student %'));
    const openingExpected = Math.ceil(STUDENTS / 3);
    if (written.n !== STUDENTS || opening.n !== openingExpected) {
      throw new Error(`committed ${written.n} students and ${opening.n} opening balances, expected ${STUDENTS} and ${openingExpected}`);
    }
    return {
      date: new Date().toISOString(),
      backend: 'postgres',
      students: STUDENTS,
      file_bytes: bytes.length,
      counts: preview.counts,
      preview_seconds: Number(previewSeconds.toFixed(2)),
      commit_seconds: Number(commitSeconds.toFixed(2)),
      seconds: Number((previewSeconds + commitSeconds).toFixed(2)),
    };
  } finally {
    await handle.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}
