import { expect, test, type Request } from '@playwright/test';
import { formatMoney } from '../../src/lib/money';
import { statsPeriod } from '../../src/views/cashiers/detail/statsPeriod';
import { centreToday } from '../../contract/centreDay';
import { DEMO, apiSignIn, signIn, typedDay } from './helpers';

type Stats = { opening: string; income: string; expense: string; received: string; handed_over: string; closing: string };

// Issue 15: the accountant opens a cashier's statistics. The very first request carries the dates shown on screen
// (the centre's current month), and every figure shown is the API's figure for that period: the opening balance is
// what the desk held when the month began, not 0 of a request without dates.
test('the cashier statistics ask for the dates on screen from the first load and show the API’s figures for them', async ({ page, request }) => {
  const { access_token } = await apiSignIn(request, DEMO.accounting);
  const headers = { Authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const chilonzor = filials.find((f) => f.name === 'Chilonzor')!;
  const cashiers = (await (await request.get('/api/finance/casher/no-pg/', { headers, params: { filial: chilonzor.id } })).json()) as { id: number; name: string }[];
  const main = cashiers.find((c) => c.name === 'Asosiy kassa')!;
  expect(main, 'the demo cashier Asosiy kassa').toBeDefined();
  const period = statsPeriod({}, centreToday());

  const statsRequests: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/finance/casher/stats/${main.id}`)) statsRequests.push(r);
  });
  await page.goto('/login');
  await signIn(page, DEMO.accounting);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/cashiers?id=${main.id}&tab=stats`);
  await expect(page.getByTestId('cashier-stats-closing')).toBeVisible();

  const first = new URL(statsRequests[0].url());
  expect(first.searchParams.get('start_date')).toBe(period.start_date);
  expect(first.searchParams.get('end_date')).toBe(period.end_date);
  // The date fields show the same period.
  await expect(page.getByLabel(/^(Sanadan|From)$/)).toHaveValue(typedDay(period.start_date));
  await expect(page.getByLabel(/^(Sanagacha|To)$/)).toHaveValue(typedDay(period.end_date));

  const stats = (await (await request.get(`/api/finance/casher/stats/${main.id}`, { headers, params: period })).json()) as Stats;
  const negative = (amount: string) => (amount === '0.00' ? amount : `-${amount}`);
  await expect(page.getByTestId('cashier-stats-opening')).toHaveText(formatMoney(stats.opening));
  await expect(page.getByTestId('cashier-stats-income')).toHaveText(formatMoney(stats.income));
  await expect(page.getByTestId('cashier-stats-expense')).toHaveText(formatMoney(negative(stats.expense)));
  await expect(page.getByTestId('cashier-stats-received')).toHaveText(formatMoney(stats.received));
  await expect(page.getByTestId('cashier-stats-handedOver')).toHaveText(formatMoney(negative(stats.handed_over)));
  await expect(page.getByTestId('cashier-stats-closing')).toHaveText(formatMoney(stats.closing));
  // The demo desk took payments last month too: a request without dates would have shown an opening of 0.
  const allTime = (await (await request.get(`/api/finance/casher/stats/${main.id}`, { headers })).json()) as Stats;
  expect(allTime.opening).toBe('0.00');
  expect(stats.opening === '0.00' && stats.income === allTime.income).toBe(false);
});
