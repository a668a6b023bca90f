// The accountant reads the finance report: money this run books through the ledger API (a cashier and a kind of
// its own, two incomes) shows in the KPI cards, the charts draw bars, the cashier's row holds the exact sums, and
// the workbook downloaded from the page holds them too. The debtors page lists the branch's debtors with call links.
import { expect, test, type APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, apiSignIn, signIn } from './helpers';

const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

async function bookIncome(request: APIRequestContext, token: string, suffix: string) {
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(`/api${path}`, { headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() }, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: number };
  };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const chilonzor = filials.find((f) => f.name === 'Chilonzor')!;
  const cashier = await post('/finance/casher/', { name: `E2E kassa ${suffix}`, filial: chilonzor.id });
  const kind = await post('/finance/kind/', { name: `E2E kirim ${suffix}`, action: 'income' });
  await post('/finance/', { casher: cashier.id, action: 'income', kind: kind.id, method: 'cash', amount: '1234567.89' });
  await post('/finance/', { casher: cashier.id, action: 'income', kind: kind.id, method: 'card', amount: '250000.11' });
  return { cashierName: `E2E kassa ${suffix}`, kindName: `E2E kirim ${suffix}` };
}

test('the accountant reads the finance report with its charts and downloads the workbook', async ({ page, request }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const { access_token } = await apiSignIn(request, DEMO.accounting);
  const { cashierName, kindName } = await bookIncome(request, access_token, suffix);

  await page.goto('/login');
  await signIn(page, DEMO.accounting);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/control/reports/finance');
  await expect(page.getByRole('heading', { level: 1, name: 'Moliya hisoboti' })).toBeVisible();
  const report = page.getByTestId('finance-report');
  await expect(report).toBeVisible();

  // This month by default; the income holds at least this run's 1 484 568,00 (other tests book in the branch too).
  await expect(page.getByTestId('kpi-income')).toContainText('Kirim');
  await expect(page.getByTestId('kpi-debt')).toContainText('qarzdor');

  // Both charts are drawn with bars.
  const monthBars = page.getByTestId('chart-months').locator('svg path[data-bar]');
  await expect(monthBars.first()).toBeVisible();
  expect(await monthBars.count()).toBeGreaterThan(0);
  const kindChart = page.getByTestId('chart-kinds');
  await expect(kindChart.locator('svg')).toBeVisible();
  await expect(kindChart.locator('svg path[data-bar]').first()).toBeVisible();
  await expect(kindChart).toContainText(kindName);

  // The cashier's row and the kind's row hold the exact sums.
  const cashierRow = page.getByTestId('report-by-cashier').locator('tbody tr', { hasText: cashierName });
  await expect(cashierRow).toContainText(nbsp('1 484 568,00'));
  await expect(cashierRow).toContainText('Chilonzor');
  await expect(page.getByTestId('report-by-kind').locator('tbody tr', { hasText: kindName })).toContainText(nbsp('1 484 568,00'));

  // The workbook of the same period and branch.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^moliya-hisoboti-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  expect(book.worksheets.map((s) => s.name)).toEqual(['Umumiy', 'Turlar', 'To‘lov usullari', 'Kassalar', 'Filiallar', 'Oylar']);
  const rows: ExcelJS.CellValue[][] = [];
  book.getWorksheet('Kassalar')!.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
  expect(rows[0]).toEqual(['Kassa', 'Filial', 'Kirim', 'Chiqim']);
  expect(rows.find((r) => r[0] === cashierName)).toEqual([cashierName, 'Chilonzor', 1484568, 0]);
  const kinds: ExcelJS.CellValue[][] = [];
  book.getWorksheet('Turlar')!.eachRow((row) => kinds.push((row.values as ExcelJS.CellValue[]).slice(1)));
  expect(kinds.find((r) => r[0] === kindName)).toEqual([kindName, 'Kirim', 1484568]);
});

test('the accountant sees the branch’s debtors, biggest debt first, with call links and the total', async ({ page, request }) => {
  const { access_token } = await apiSignIn(request, DEMO.accounting);
  const res = await request.get('/api/finance/debtors/', { headers: { authorization: `Bearer ${access_token}` } });
  expect(res.status()).toBe(200);
  const first = (await res.json()) as { count: number; results: { student: { full_name: string; phone: string } }[] };

  await page.goto('/login');
  await signIn(page, DEMO.accounting);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/control/debtors');
  await expect(page.getByRole('heading', { level: 1, name: 'Qarzdorlar' })).toBeVisible();
  await expect(page.getByTestId('debtors-total')).toContainText('qarzdorlik');
  const rows = page.getByTestId('debtors-table').locator('tbody tr');
  if (first.count === 0) {
    await expect(rows).toHaveText(['Qarzdorlar yo‘q — hamma to‘lagan.']);
    return;
  }
  // The other browser tests share this server and may add or settle a debt meanwhile: the page holds the list as
  // it was when it loaded, between the count read before and the count read after.
  await expect(rows.first()).toBeVisible();
  const after = (await (await request.get('/api/finance/debtors/', { headers: { authorization: `Bearer ${access_token}` } })).json()) as { count: number };
  expect([Math.min(first.count, 30), Math.min(after.count, 30)]).toContain(await rows.count());
  await expect(rows.first().locator('td').first()).toHaveText('1');
  await expect(rows.first().locator('[data-sign="negative"]')).toBeVisible();
  const call = rows.first().getByRole('link', { name: /qo‘ng‘iroq qilish/i });
  await expect(call).toHaveAttribute('href', /^tel:\+998\d{9}$/);

  // One click makes the call a task for the accountant, due within the hour and linked to the student.
  const name = ((await rows.first().locator('td').nth(1).textContent()) ?? '').trim();
  await rows.first().getByTestId('debtor-call-task').click();
  const open = rows.first().getByTestId('debtor-task-link');
  await expect(open).toBeVisible();
  const taskId = Number(/id=(\d+)/.exec((await open.getAttribute('href')) ?? '')?.[1]);
  const task = await request.get(`/api/tasks/${taskId}/`, { headers: { authorization: `Bearer ${access_token}` } });
  expect(task.status()).toBe(200);
  const body = (await task.json()) as { title: string; due_at: string; performer: { full_name: string }; student: { full_name: string } | null };
  expect(body.title).toBe(`Qarz bo‘yicha qo‘ng‘iroq: ${name}`);
  expect(body.student?.full_name).toBe(name);
  expect(Date.parse(body.due_at) - Date.now()).toBeLessThanOrEqual(60 * 60_000);
  await open.click();
  await expect(page).toHaveURL(new RegExp(`/tasks\\?id=${taskId}$`));
  await page.goBack();

  // A lesson day filter goes into the URL.
  await page.getByLabel('Dars kuni').selectOption('1');
  await expect(page).toHaveURL(/[?&]day=1/);
});
