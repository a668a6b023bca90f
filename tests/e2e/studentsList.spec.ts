import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, signIn } from './helpers';

const CALL_OPERATOR = { phone: '+998900000002', password: 'call_operator' };

/** Nine random local digits starting 33 (a code the demo data does not use), so the phone is this run's own. */
const uniquePhoneDigits = () => `33${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

test('the administrator adds a walk-in student, finds them in the new list, is warned about the same phone and exports the list', async ({ page }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const name = `Sinov Walkin ${suffix}`;
  const digits = uniquePhoneDigits();

  await page.goto('/login');
  await signIn(page, DEMO.administrator);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/students/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Yangi o‘quvchilar' })).toBeVisible();

  // Add: the phone is typed as a person would, the mask adds the prefix and the spaces.
  await page.getByTestId('student-add').click();
  const form = page.getByTestId('add-student-form');
  await form.getByLabel('F.I.Sh.').fill(name);
  const phone = form.getByLabel('Telefon raqami');
  await phone.pressSequentially(digits);
  await expect(phone).toHaveValue(`+998 ${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 7)} ${digits.slice(7)}`);
  await expect(form.getByTestId('student-duplicates')).toHaveCount(0);
  await form.getByTestId('add-student-save').click();
  await expect(form).toHaveCount(0);

  // Found by search in the new list (the filter goes into the URL).
  await page.getByRole('searchbox', { name: 'Qidirish' }).fill(suffix);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${suffix}`));
  const table = page.getByTestId('students-table');
  const row = table.locator('tbody tr', { hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Yangi');
  await expect(row).toContainText(`+998 ${digits.slice(0, 2)} ${digits.slice(2, 5)}`);
  await expect(row).toContainText('0,00');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(row.locator('td').first()).toHaveText('1');

  // The same phone again: the warning names the student just added, before anything is saved.
  await page.getByTestId('student-add').click();
  const again = page.getByTestId('add-student-form');
  await again.getByLabel('Telefon raqami').pressSequentially(digits);
  const warning = again.getByTestId('student-duplicates');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(name);
  await again.getByRole('button', { name: 'Bekor qilish' }).click();
  await expect(again).toHaveCount(0);

  // The Excel of the list with the current filter holds the student.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('students-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const cells: string[] = [];
  book.eachSheet((sheet) => sheet.eachRow((r) => r.eachCell((c) => cells.push(String(c.text)))));
  expect(cells).toContain(name);
});

test('the call operator cannot open the student lists', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, CALL_OPERATOR);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/students');
  await expect(page.getByText('Bu sahifani ko‘rishga ruxsatingiz yo‘q.')).toBeVisible();
  await expect(page.getByTestId('students-table')).toHaveCount(0);
});
