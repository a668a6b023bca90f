import { expect, test } from '@playwright/test';
import { sumAmounts } from '../../contract/money';
import { formatMoney } from '../../src/lib/money';
import { DEMO, signIn } from './helpers';
import { ownStudentInDebt } from './ownStudent';

// The administrator (front desk) opens a student's card, takes a payment from the payments tab with the student
// and the group filled in (the automatic split shows where it goes first), and sees the total and the group's
// balance change by exactly the amount; then archives a student in credit, refunding the money from a desk.
test('the administrator takes a payment on the card and refunds a leaving student from a cash desk', async ({ page, request }) => {
  test.setTimeout(60_000);
  const suffix = Math.random().toString(36).slice(2, 8);
  const debtor = await ownStudentInDebt(request, `To‘lov Sinov ${suffix}`);

  await page.goto('/login');
  await signIn(page, DEMO.administrator);
  await expect(page).not.toHaveURL(/\/login$/);
  // The front desk sees the branch's cash desks.
  await expect(page.getByTestId('sidebar').getByText('Kassa', { exact: true })).toBeVisible();

  await page.goto(`/students/info?id=${debtor.student.id}&tab=payments`);
  await expect(page.getByRole('heading', { level: 1, name: debtor.student.full_name })).toBeVisible();
  const total = page.getByTestId('billing-total');
  await expect(total).toHaveText(formatMoney(debtor.balance));
  await expect(total).toHaveAttribute('data-sign', 'negative');

  await page.getByTestId('take-payment').click();
  const form = page.getByTestId('take-payment-form');
  // The student is fixed and the group filled in (the only one).
  await expect(page.getByRole('dialog')).toContainText(debtor.student.full_name);
  await expect(form.getByTestId('entry-group')).toHaveValue(String(debtor.group.id));
  // Left to the automatic split, the form shows where the money goes before saving.
  const amount = sumAmounts([debtor.balance.replace('-', ''), '100000.00']);
  await form.getByTestId('entry-amount').fill(amount);
  await form.getByTestId('entry-group').selectOption('');
  await expect(form.getByTestId('allocation-preview')).toContainText('eng katta qarz');
  await expect(form.getByTestId(`allocation-part-${debtor.group.id}`)).toContainText(formatMoney(amount));
  await form.getByTestId('entry-group').selectOption(String(debtor.group.id));
  await form.getByTestId('write-submit').click();
  await expect(form).toHaveCount(0);
  await expect(total).toHaveText(formatMoney('100000.00'));
  await expect(total).toHaveAttribute('data-sign', 'positive');
  await expect(page.getByTestId(`balance-${debtor.group.id}`)).toHaveText(formatMoney('100000.00'));
  await expect(page.getByTestId('billing-payments')).toContainText(formatMoney(amount));

  // The student leaves with 100 000 in credit: the archive dialog asks, the money is refunded from a desk.
  await page.getByTestId('action-archive').click();
  const archive = page.getByTestId('archive-form');
  await expect(archive.getByTestId('archive-money')).toContainText(formatMoney('100000.00'));
  await archive.getByLabel('Sabab').fill('Boshqa shaharga ko‘chdi');
  await archive.getByTestId('write-submit').click();
  // Nothing chosen yet: the dialog says so and stays.
  await expect(archive.getByTestId('archive-money').getByRole('alert')).toBeVisible();
  await archive.getByTestId('archive-money-refund').check();
  await expect(archive.getByTestId('archive-desk')).not.toHaveValue('');
  await archive.getByTestId('write-submit').click();
  await expect(archive).toHaveCount(0);
  await expect(page.getByTestId('student-status')).toHaveAttribute('data-status', 'archived');
  await expect(total).toHaveText(formatMoney('0.00'));
  await expect(page.getByTestId('billing-payments')).toContainText('Qaytarilgan pul');

  await page.getByRole('tab', { name: 'Tarix' }).click();
  await expect(page.getByText(`Balansdagi ${formatMoney('100000.00')} o‘quvchiga qaytarildi`)).toBeVisible();

  // The server agrees: balance zero, a refund entry of the student from the desk.
  const card = (await (await request.get(`/api/students/${debtor.student.id}/`, { headers: debtor.headers })).json()) as { balance: string };
  expect(card.balance).toBe('0.00');
});
