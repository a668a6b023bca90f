import { expect, test, type APIRequestContext } from '@playwright/test';
import { sumAmounts } from '../../contract/money';
import { formatMoney } from '../../src/lib/money';
import { DEMO, apiSignIn, signIn } from './helpers';

type Group = { id: number; name: string; teacher: { id: number }; is_secondary: boolean };

const centreToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** The 1st of last month: a join date whose held lessons the demo already has. */
const lastMonthStart = () => {
  const first = new Date(`${centreToday().slice(0, 7)}-01T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() - 1);
  return first.toISOString().slice(0, 10);
};

/** A Chilonzor student of our own in one demo group since the 1st of last month (so with charges, in debt). */
async function studentInDebt(request: APIRequestContext, name: string) {
  const { access_token } = await apiSignIn(request, DEMO.director);
  const headers = { Authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const filial = filials.find((f) => f.name === 'Chilonzor')!.id;
  const teacher = await apiSignIn(request, DEMO.teacher);
  const demoTeacher = ((await (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${teacher.access_token}` } })).json()) as { id: number }).id;
  // Other specs count the demo teacher's rosters: stay out of those groups.
  const groups = ((await (await request.get('/api/groups/no-pg/', { headers, params: { filial } })).json()) as Group[]).filter(
    (g) => !g.is_secondary && g.teacher.id !== demoTeacher,
  );
  const phone = `+99893${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await request.post('/api/students/', { headers, data: { filial, full_name: name, phone, status: 'new' } });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as { id: number; full_name: string };
  for (const g of groups) {
    const joined = await request.post('/api/add-group/', { headers, data: { student: student.id, group: g.id, joined_on: lastMonthStart() } });
    if (joined.status() !== 201 && joined.status() !== 200) continue;
    const balance = ((await (await request.get(`/api/students/${student.id}/balances/`, { headers })).json()) as { total: string }).total;
    expect(Number(balance), 'the demo group held lessons since the 1st of last month').toBeLessThan(0);
    return { student, group: g, balance, headers, filial };
  }
  throw new Error('no demo group the student could join');
}

// The administrator (front desk) opens a student's card, takes a payment from the payments tab with the student
// and the group filled in (the automatic split shows where it goes first), and sees the total and the group's
// balance change by exactly the amount; then archives a student in credit, refunding the money from a desk.
test('the administrator takes a payment on the card and refunds a leaving student from a cash desk', async ({ page, request }) => {
  test.setTimeout(60_000);
  const suffix = Math.random().toString(36).slice(2, 8);
  const debtor = await studentInDebt(request, `To‘lov Sinov ${suffix}`);

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
