import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, apiSignIn, seedTokens } from './helpers';

// Issue 18 §1, the director's move-in: download the template, upload a file with one bad row, see the preview's
// marks, fix the file, commit, find the students, undo.
test('director imports students from a spreadsheet with a preview, commits and undoes', async ({ page, request }) => {
  const tokens = await apiSignIn(request, DEMO.director);
  await seedTokens(page, tokens);
  const headers = { Authorization: `Bearer ${tokens.access_token}` };
  await page.goto('/control/import');
  await expect(page.getByTestId('import-page')).toBeVisible();

  // The template: its example row names a real branch and group.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: /template|shablon|шаблон/i }).click();
  const template = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await template.path());
  const sheet = workbook.worksheets[0];
  const head = (sheet.getRow(1).values as string[]).slice(1);
  const example = (sheet.getRow(2).values as string[]).slice(1);
  const cell = (column: string) => String(example[head.indexOf(column)] ?? '');
  const branch = cell('Filial');
  const group = cell('Guruh');

  const tag = Date.now().toString().slice(-7);
  const name = `E2E Import ${tag}`;
  const good = `+998 95 ${tag.slice(0, 3)} ${tag.slice(3, 5)} ${tag.slice(5, 7)}`;
  const csv = (rows: string[][]) => Buffer.from(rows.map((r) => r.map((c) => `"${c}"`).join(',')).join('\n'));
  const bad = csv([
    ['F.I.Sh', 'Telefon', 'Filial', 'Guruh', 'Boshlang‘ich balans'],
    [name, good, branch, group, '-100000'],
    [`${name} B`, 'not a phone', branch, group, ''],
  ]);
  await page.getByTestId('import-input').setInputFiles({ name: 'oquvchilar.csv', mimeType: 'text/csv', buffer: bad });
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-counts')).toContainText('2');
  const preview = page.getByTestId('import-preview');
  await expect(preview.locator('[data-status="error"]')).toHaveCount(1);
  await expect(preview.locator('[data-status="new"]')).toHaveCount(1);
  await expect(preview.getByTestId('cell-error').first()).toBeVisible();
  await expect(page.getByTestId('import-commit')).toBeDisabled();

  // Fixed: the bad row goes.
  const fixed = csv([
    ['F.I.Sh', 'Telefon', 'Filial', 'Guruh', 'Boshlang‘ich balans'],
    [name, good, branch, group, '-100000'],
  ]);
  await page.getByTestId('import-input').setInputFiles({ name: 'oquvchilar.csv', mimeType: 'text/csv', buffer: fixed });
  await page.getByTestId('import-upload').click();
  await expect(preview.locator('[data-status="error"]')).toHaveCount(0);
  await page.getByTestId('import-commit').click();
  await expect(page.getByTestId('import-done')).toBeVisible();

  const found = await request.get(`/api/students/?search=${encodeURIComponent(name)}`, { headers });
  expect(JSON.stringify(await found.json())).toContain(name);

  const history = page.getByTestId('import-history');
  await expect(history.locator('[data-status="committed"]').first()).toBeVisible();
  await history.getByTestId('import-undo').first().click();
  await expect(history.locator('[data-status="undone"]').first()).toBeVisible();
  const gone = await request.get(`/api/students/?search=${encodeURIComponent(name)}`, { headers });
  expect(JSON.stringify(await gone.json())).not.toContain(name);
});
