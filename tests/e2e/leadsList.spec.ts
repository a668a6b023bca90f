import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './helpers';

const CALL_OPERATOR = { phone: '+998900000002', password: 'call_operator' };

const suffix = () => Math.random().toString(36).slice(2, 8);
/** Nine local digits no demo record uses: 93 and seven random digits. */
const randomLocalPhone = () => `93${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

async function tabCount(page: Page, tab: string): Promise<number> {
  const badge = page.getByTestId(`tab-count-${tab}`);
  await expect(badge).toHaveText(/^\d+$/);
  return Number(await badge.textContent());
}

async function fillLead(page: Page, name: string, localPhone: string) {
  await page.getByTestId('lead-add').click();
  const form = page.getByTestId('lead-form');
  await expect(form).toBeVisible();
  await form.locator('input[name=full_name]').fill(name);
  const phone = form.locator('input[name=phone]');
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially(localPhone);
  await expect(phone).toHaveValue(`+998 ${localPhone.slice(0, 2)} ${localPhone.slice(2, 5)} ${localPhone.slice(5, 7)} ${localPhone.slice(7)}`);
  await form.locator('select[name=source]').selectOption({ index: 1 });
  await page.getByTestId('lead-save').click();
}

test('the call operator quick-creates a lead, finds it in the new-leads tab, exports it and is stopped by the same phone', async ({ page }) => {
  const name = `E2E Lid ${suffix()}`;
  const localPhone = randomLocalPhone();
  await page.goto('/leads?stage=YANGI_LEAD');
  await signIn(page, CALL_OPERATOR);
  await expect(page).toHaveURL(/\/leads\?stage=YANGI_LEAD$/);
  const table = page.getByTestId('leads-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const before = await tabCount(page, 'YANGI_LEAD');
  const allBefore = await tabCount(page, 'ALL_LEADS');

  // Quick create: a new phone saves without a warning and the dialog closes.
  await fillLead(page, name, localPhone);
  await expect(page.getByTestId('lead-form')).toBeHidden();
  await expect(table.getByRole('link', { name })).toBeVisible();
  await expect.poll(() => tabCount(page, 'YANGI_LEAD')).toBeGreaterThan(before);
  await expect.poll(() => tabCount(page, 'ALL_LEADS')).toBeGreaterThan(allBefore);
  const row = table.locator('tbody tr', { has: page.getByRole('link', { name }) });
  await expect(row).toContainText(`+998 ${localPhone.slice(0, 2)} ${localPhone.slice(2, 5)} ${localPhone.slice(5, 7)} ${localPhone.slice(7)}`);
  await expect(row).toContainText(/Yangi/);

  // Search: the filter goes into the URL and only this lead is left.
  await page.getByRole('searchbox', { name: /Qidirish/ }).fill(name);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name).replace(/%20/g, '\\+')}`));
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toContainText(name);

  // Excel of the filtered list: the .xlsx holds the lead's name.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('leads-excel').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lidlar-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const path = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const cells: string[] = [];
  book.worksheets[0].eachRow((r) => r.eachCell((c) => cells.push(String(c.value))));
  expect(cells).toContain(name);
  await expect(page.getByTestId('leads-excel')).toBeEnabled();

  // The same phone again: not saved; a warning links the first lead and offers "save anyway".
  const twin = `E2E Egizak ${suffix()}`;
  await fillLead(page, twin, localPhone);
  const warning = page.getByTestId('lead-duplicates');
  await expect(warning).toBeVisible();
  const link = warning.getByRole('link', { name });
  await expect(link).toHaveAttribute('href', /\/leads\/lead_info\?id=\d+$/);
  await expect(page.getByTestId('lead-form')).toBeVisible();
  await page.getByRole('button', { name: 'Bekor qilish' }).click();
  await expect(warning).toBeHidden();
});

test('a wrong phone is refused in the form before anything is sent', async ({ page }) => {
  await page.goto('/leads');
  await signIn(page, CALL_OPERATOR);
  await expect(page).toHaveURL(/\/leads$/);
  await page.getByTestId('lead-add').click();
  const form = page.getByTestId('lead-form');
  await form.locator('input[name=full_name]').fill(`E2E Xato ${suffix()}`);
  await form.locator('input[name=phone]').pressSequentially('9012');
  await page.getByTestId('lead-save').click();
  await expect(form.getByRole('alert').first()).toBeVisible();
  await expect(form).toBeVisible();
});
