// The director reads the admin report: two leads this run creates (with a marketing source of its own) show in the
// funnel and the source chart (svg bars), the source's row counts them, and the workbook downloaded from the page
// holds the same row. The education report draws its attendance and filling charts on the demo centre's lessons.
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO, apiSignIn, signIn } from './helpers';

test('the director reads the admin report with its charts and downloads the workbook', async ({ page, request }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const { access_token } = await apiSignIn(request, DEMO.director);
  const headers = { authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const chilonzor = filials.find((f) => f.name === 'Chilonzor')!;
  // One word: the chart wraps axis labels at spaces into separate lines.
  const sourceName = `E2E-manba-${suffix}`;
  const source = await request.post('/api/marketing/', { headers, data: { name: sourceName } });
  expect(source.status(), await source.text()).toBe(201);
  const sourceId = ((await source.json()) as { id: number }).id;
  for (const n of [1, 2]) {
    const phone = `+99890${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const lead = await request.post('/api/lid/', { headers, data: { filial: chilonzor.id, full_name: `E2E hisobot ${suffix} ${n}`, phone, source: sourceId } });
    expect(lead.status(), await lead.text()).toBe(201);
  }

  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/control/reports/admin?filial=${chilonzor.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Administrator hisoboti' })).toBeVisible();
  await expect(page.getByTestId('admin-report')).toBeVisible();
  await expect(page.getByTestId('kpi-leads')).toContainText('Yaratilgan lidlar');

  // The funnel and the source chart are drawn with bars; this run's source is among the sources.
  const funnelBars = page.getByTestId('chart-funnel').locator('svg path[data-bar]');
  await expect(funnelBars.first()).toBeVisible();
  expect(await funnelBars.count()).toBeGreaterThan(0);
  const sources = page.getByTestId('chart-sources');
  await expect(sources.locator('svg path[data-bar]').first()).toBeVisible();
  await expect(sources).toContainText(sourceName);
  const row = page.getByTestId('report-by-source').locator('tbody tr', { hasText: sourceName });
  await expect(row.locator('td').nth(1)).toHaveText('2');
  await expect(row.locator('td').nth(3)).toHaveText('0');

  // The workbook of the same period and branch.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^admin-hisoboti-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await download.path())!);
  expect(book.worksheets.map((s) => s.name)).toEqual(['Umumiy', 'Bosqichlar', 'Manbalar', 'Operatorlar', 'O‘quvchilar']);
  const rows: ExcelJS.CellValue[][] = [];
  book.getWorksheet('Manbalar')!.eachRow((r) => rows.push((r.values as ExcelJS.CellValue[]).slice(1)));
  expect(rows[0]).toEqual(['Manba', 'Yaratilgan lidlar', 'Buyurtmaga yetgan', 'O‘quvchi bo‘lgan', 'Konversiya, %']);
  expect(rows.find((r) => r[0] === sourceName)).toEqual([sourceName, 2, 0, 0, 0]);
  const summary: ExcelJS.CellValue[][] = [];
  book.getWorksheet('Umumiy')!.eachRow((r) => summary.push((r.values as ExcelJS.CellValue[]).slice(1)));
  expect(summary[1]).toEqual(['Filiallar', 'Chilonzor']);
});

test('the education report draws attendance by group on the demo lessons', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/control/reports/edu');
  await expect(page.getByRole('heading', { level: 1, name: 'Ta’lim hisoboti' })).toBeVisible();
  await expect(page.getByTestId('edu-report')).toBeVisible();
  const bars = page.getByTestId('chart-attendance').locator('svg path[data-bar]');
  await expect(bars.first()).toBeVisible();
  expect(await bars.count()).toBeGreaterThan(0);
  await expect(page.getByTestId('chart-filling').locator('svg path[data-bar]').first()).toBeVisible();
  await expect(page.getByTestId('kpi-attendance')).toContainText('%');
  await expect(page.getByTestId('report-by-group').locator('tbody tr').first()).toBeVisible();
});
