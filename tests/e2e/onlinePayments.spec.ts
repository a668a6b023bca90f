import { expect, test } from '@playwright/test';
import { E2E_CLICK, E2E_PAYME } from '../../playwright.config';
import { formatMoney } from '../../src/lib/money';
import { clickCaller } from '../fakes/clickCaller';
import { paymeCaller } from '../fakes/paymeCaller';
import { DEMO, centreToday, chilonzorGroups, signIn } from './helpers';

// A parent pays from the phone: the card shows the Payme and Click links with QR codes, then a payment through
// (a local) Payme and one through Click land on the balance and in the payments list by themselves.
test('the student card shows the parents’ payment links, and payments made through Payme and Click land on the balance', async ({ page, request, baseURL }) => {
  const { headers, filial, groups } = await chilonzorGroups(request);
  const suffix = Math.random().toString(36).slice(2, 8);
  const phone = `+99893${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const student = (await (await request.post('/api/students/', { headers, data: { filial, full_name: `Onlayn To‘lov ${suffix}`, phone, status: 'new' } })).json()) as { id: number; full_name: string };
  let joined = false;
  for (const g of groups) {
    const res = await request.post('/api/add-group/', { headers, data: { student: student.id, group: g.id, joined_on: centreToday() } });
    if (res.status() === 201 || res.status() === 200) {
      joined = true;
      break;
    }
  }
  expect(joined, 'a demo group the student could join').toBe(true);
  const start = ((await (await request.get(`/api/students/${student.id}/balances/`, { headers })).json()) as { total: string }).total;

  await page.goto('/login');
  await signIn(page, DEMO.accounting);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/students/info?id=${student.id}&tab=payments`);
  const links = page.getByTestId('online-payment-links');
  await expect(links.getByRole('heading', { name: 'Onlayn to‘lov' })).toBeVisible();
  for (const provider of ['payme', 'click']) {
    const card = links.getByTestId(`payment-link-${provider}`);
    await expect(card.locator('svg path')).not.toHaveCount(0);
    await expect(card.getByRole('link')).toHaveAttribute('href', provider === 'payme' ? /^https:\/\/checkout\.paycom\.uz\// : /service_id=4242/);
  }

  const send = (path: string, init: RequestInit) => fetch(new URL(path, baseURL), init);
  const payme = paymeCaller({ send, key: E2E_PAYME.PAYME_KEY });
  const id = payme.newId();
  expect((await payme.create(id, student.id, 12_345_600)).result?.state).toBe(1);
  expect((await payme.perform(id)).result?.state).toBe(2);
  const click = clickCaller({ send, serviceId: E2E_CLICK.CLICK_SERVICE_ID, secretKey: E2E_CLICK.CLICK_SECRET_KEY });
  const payment = { clickTransId: click.newTransId(), studentId: student.id, amount: '50000' };
  const prepared = await click.prepare(payment);
  expect((await click.complete({ ...payment, prepareId: prepared.merchant_prepare_id! })).error).toBe(0);

  await page.reload();
  const expected = (Number(start) + 123_456 + 50_000).toFixed(2);
  await expect(page.getByTestId('billing-total')).toHaveText(formatMoney(expected));
  const paymentsList = page.getByTestId('billing-payments');
  await expect(paymentsList).toContainText(`Payme ${id}`);
  await expect(paymentsList).toContainText(`Click ${payment.clickTransId}`);

  // The branch's Payme desk (made by the first payment) shows the transaction beside its entry, in agreement.
  const desks = (await (await request.get('/api/finance/casher/no-pg/', { headers, params: { filial } })).json()) as { id: number; provider: string | null }[];
  const desk = desks.find((d) => d.provider === 'payme')!;
  await page.goto(`/cashiers?id=${desk.id}&tab=online`);
  const table = page.getByTestId('online-table');
  const row = table.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText(student.full_name);
  await expect(row).toContainText('Mos');
  await expect(page.getByTestId('online-mismatches')).toContainText('Tranzaksiyalar va kassa yozuvlari mos');
});
