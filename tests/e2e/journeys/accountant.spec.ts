// The accountant's day (issue 15, section 7): a student's payment into a desk, part of the cash handed over to the
// evening desk, and the desk's statistics for the period she chooses. The desks and the student are this run's own
// (the e2e specs share one database), so every figure is known: the desks were opened today with nothing in them.
import { expect, test, type Request } from '@playwright/test';
import { formatMoney } from '../../../src/lib/money';
import { statsPeriod } from '../../../src/views/cashiers/detail/statsPeriod';
import { DEMO, addDays, centreToday, signIn, typedDay } from '../helpers';
import { chilonzor, getJson, headersOf, meOf, ownDesk, ownStudent, suffix, type Group } from './records';

type Stats = { opening: string; income: string; expense: string; received: string; handed_over: string; closing: string };

test('accountant: a payment into a desk, a handover to another, and the statistics of a chosen period', async ({ page, request }) => {
  test.setTimeout(90_000);
  const run = suffix();
  const today = centreToday();
  const accountant = await headersOf(request, DEMO.accounting);
  const filial = await chilonzor(request, accountant);
  // A student of this run in a demo group (not the demo teacher's: her journey counts those rosters).
  const teacher = await meOf(request, DEMO.teacher);
  const group = (await getJson<Group[]>(request, accountant, '/groups/no-pg/', { filial })).find(
    (g) => !g.is_secondary && g.status === 'active' && g.teacher.id !== teacher.id && g.assistant?.id !== teacher.id,
  )!;
  const student = await ownStudent(request, accountant, filial, `Kassa O‘quvchi ${run}`, { id: group.id, joinedOn: today });
  const balanceBefore = (await getJson<{ total: string }>(request, accountant, `/students/${student.id}/balances/`)).total;
  const day = await ownDesk(request, filial, `Kunduzgi kassa ${run}`);
  const evening = await ownDesk(request, filial, `Kechki kassa ${run}`);

  await page.goto('/login');
  await signIn(page, DEMO.accounting);
  await expect(page).not.toHaveURL(/\/login$/);
  // The desk from the list of the branch's desks.
  await page.getByTestId('nav-section-cashiers').click();
  await page.getByTestId('sidebar').getByRole('link', { name: 'Kassalar', exact: true }).click();
  await expect(page).toHaveURL(/\/cashiers$/);
  await page.getByRole('link', { name: day.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cashiers\\?id=${day.id}`));
  await expect(page.getByRole('heading', { level: 1, name: day.name })).toBeVisible();
  const balance = page.getByTestId('cashier-balance');
  await expect(balance).toHaveAttribute('data-amount', '0.00');

  // Kirim: the student's payment of 1 500 000 in cash, typed with spaces.
  await page.getByTestId('cashier-income').click();
  const income = page.getByTestId('entry-form-income');
  await income.getByTestId('entry-student-search').fill(student.full_name);
  await income.getByRole('option', { name: new RegExp(student.full_name) }).click();
  await income.getByTestId('entry-group').selectOption(String(group.id));
  await income.getByTestId('entry-amount').fill('1 500 000');
  await income.getByTestId('write-submit').click();
  await expect(income).toHaveCount(0);
  await expect(balance).toHaveAttribute('data-amount', '1500000.00');
  const paymentRow = page.getByTestId('entries-table').locator('tbody tr', { hasText: student.full_name });
  await expect(paymentRow).toHaveCount(1);
  await expect(paymentRow).toContainText(group.name);
  const balanceAfter = (await getJson<{ total: string }>(request, accountant, `/students/${student.id}/balances/`)).total;
  expect(BigInt(balanceAfter.replace('.', '')) - BigInt(balanceBefore.replace('.', ''))).toBe(150000000n);

  // Topshirish: 500 000 in cash to the evening desk; both desks move.
  await page.getByTestId('cashier-handover').click();
  const handover = page.getByTestId('handover-form');
  await handover.getByTestId('handover-to').selectOption(String(evening.id));
  await expect(handover.getByTestId('handover-available')).toContainText(formatMoney('1500000.00'));
  await handover.getByTestId('handover-amount').fill('500 000');
  await handover.getByTestId('write-submit').click();
  await expect(handover).toHaveCount(0);
  await expect(balance).toHaveAttribute('data-amount', '1000000.00');
  await page.getByRole('tab', { name: 'Topshirishlar' }).click();
  await expect(page.getByTestId('handovers-table').locator('tbody tr', { hasText: evening.name })).toHaveCount(1);
  expect((await getJson<{ balance: string }>(request, accountant, `/finance/casher/${day.id}/`)).balance).toBe('1000000.00');
  expect((await getJson<{ balance: string }>(request, accountant, `/finance/casher/${evening.id}/`)).balance).toBe('500000.00');

  // Statistics: the first request asks for the dates on screen (this month), and shows this desk's day.
  const statsRequests: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/finance/casher/stats/${day.id}`)) statsRequests.push(r);
  });
  await page.getByRole('tab', { name: 'Statistika' }).click();
  const figure = (key: string) => page.getByTestId(`cashier-stats-${key}`);
  await expect(figure('closing')).toHaveText(formatMoney('1000000.00'));
  const month = statsPeriod({}, today);
  const firstAsked = new URL(statsRequests[0].url()).searchParams;
  expect([firstAsked.get('start_date'), firstAsked.get('end_date')]).toEqual([month.start_date, month.end_date]);
  const from = page.getByLabel('Sanadan');
  const to = page.getByLabel('Sanagacha');
  await expect(from).toHaveValue(typedDay(month.start_date));
  await expect(to).toHaveValue(typedDay(month.end_date));
  const shows = async (s: Stats) => {
    const negative = (amount: string) => (amount === '0.00' ? amount : `-${amount}`);
    await expect(figure('opening')).toHaveText(formatMoney(s.opening));
    await expect(figure('income')).toHaveText(formatMoney(s.income));
    await expect(figure('expense')).toHaveText(formatMoney(negative(s.expense)));
    await expect(figure('received')).toHaveText(formatMoney(s.received));
    await expect(figure('handedOver')).toHaveText(formatMoney(negative(s.handed_over)));
    await expect(figure('closing')).toHaveText(formatMoney(s.closing));
  };
  const ofToday: Stats = { opening: '0.00', income: '1500000.00', expense: '0.00', received: '0.00', handed_over: '500000.00', closing: '1000000.00' };
  await shows(ofToday);

  // The period she chooses: today alone, the same day's movement.
  await from.fill(typedDay(today));
  await to.fill(typedDay(today));
  await expect(page).toHaveURL(new RegExp(`start_date=${today}.*end_date=${today}|end_date=${today}.*start_date=${today}`));
  await shows(ofToday);
  await expect(page.getByTestId('cashier-chart')).toBeVisible();
  // Tomorrow: nothing moves; what the desk holds is the period's opening and closing.
  const tomorrow = addDays(today, 1);
  await to.fill(typedDay(tomorrow));
  await from.fill(typedDay(tomorrow));
  await expect(page).toHaveURL(new RegExp(`start_date=${tomorrow}`));
  await shows({ opening: '1000000.00', income: '0.00', expense: '0.00', received: '0.00', handed_over: '0.00', closing: '1000000.00' });
  await expect(page.getByText('Bu davrda harakat bo‘lmagan').first()).toBeVisible();
  // The server gives the same figures for those dates; a reload keeps the chosen period.
  const server = await getJson<Stats>(request, accountant, `/finance/casher/stats/${day.id}`, { start_date: tomorrow, end_date: tomorrow });
  expect(server).toMatchObject({ opening: '1000000.00', income: '0.00', closing: '1000000.00' });
  await page.reload();
  await expect(from).toHaveValue(typedDay(tomorrow));
  await expect(figure('opening')).toHaveText(formatMoney('1000000.00'));

  // The evening desk's statistics for today: what it received.
  await page.goto(`/cashiers?id=${evening.id}&tab=stats&start_date=${today}&end_date=${today}`);
  await shows({ opening: '0.00', income: '0.00', expense: '0.00', received: '500000.00', handed_over: '0.00', closing: '500000.00' });
});
