// The director reads this month's salaries on /control/salary (demo data): a teacher's amount on the page equals
// what GET /salary/ says for the same month, the totals show, and the workbook downloaded from the page holds the
// same teacher's figures.
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { SalaryReport } from '../../contract/salary';
import { DEMO, apiSignIn, signIn } from './helpers';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');
/** 1350000.00 → "1 350 000,00" as formatMoney shows it. */
const shown = (amount: string) => {
  const [whole, cents] = amount.split('.');
  return nbsp(`${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${cents}`);
};

test('the director sees a teacher’s salary for this month as the API counts it and downloads the workbook', async ({ page, request }) => {
  const { access_token } = await apiSignIn(request, DEMO.director);
  const headers = { authorization: `Bearer ${access_token}` };

  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/control/salary');
  await expect(page.getByRole('heading', { level: 1, name: 'Maosh' })).toBeVisible();
  const typedMonth = await page.locator('input[name=month]').inputValue();
  expect(typedMonth).toMatch(/^\d{2}\.\d{4}$/);
  const month = typedMonth.split('.').reverse().join('-');

  const salary = async () => {
    const res = await request.get(`/api/salary/?month=${month}`, { headers });
    expect(res.status()).toBe(200);
    return (await res.json()) as SalaryReport;
  };
  const first = await salary();
  // A per-lesson teacher who held lessons this month (the demo has several).
  const teacher = first.rows.find((r) => r.employee.role === 'TEACHER' && r.kind === 'per_lesson' && r.facts.lessons > 0);
  expect(teacher, 'a demo teacher paid per lesson with lessons held').toBeTruthy();
  const id = teacher!.employee.id;

  // Other tests may hold lessons meanwhile: compare the page with the API as of the same moment.
  const row = page.getByTestId('salary-table').locator(`tr[data-row-id="${id}"]`);
  await expect(row).toContainText(teacher!.employee.full_name);
  await expect(async () => {
    const now = (await salary()).rows.find((r) => r.employee.id === id)!;
    await page.reload();
    await expect(row.getByTestId('salary-amount')).toContainText(shown(now.amount), { timeout: 3000 });
    await expect(row).toContainText(`har bir dars uchun ${shown(now.salary_amount!)}`);
    const check = (await salary()).rows.find((r) => r.employee.id === id)!;
    expect(check.amount).toBe(now.amount);
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('salary-total')).toContainText('Jami maosh');

  // The workbook of the same month.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('salary-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`maosh-${month}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  const sheet = book.worksheets[0];
  expect(sheet.name).toBe(`Maosh ${month}`);
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((r) => rows.push((r.values as ExcelJS.CellValue[]).slice(1)));
  expect(rows[0]).toEqual(['№', 'F.I.Sh.', 'Lavozim', 'Maosh turi', 'Stavka', 'O‘tilgan darslar', 'Qatnashgan o‘quvchilar', 'O‘quvchilar to‘lovi', 'Ishlagan kunlar', 'Maosh']);
  const inBook = rows.find((r) => r[1] === teacher!.employee.full_name)!;
  expect(inBook.slice(2, 5)).toEqual(['O‘qituvchi', 'Har bir dars uchun', Number(teacher!.salary_amount)]);
  const after = (await salary()).rows.find((r) => r.employee.id === id)!;
  // Lessons held by other tests in between can only add to the count.
  expect(Number(inBook[5])).toBeGreaterThanOrEqual(teacher!.facts.lessons);
  expect(inBook[5]).toBeLessThanOrEqual(after.facts.lessons);
  expect(inBook[9]).toBe(Number(inBook[5]) * Number(teacher!.salary_amount));
  expect(rows.at(-1)?.[1]).toBe('Jami');
});
