import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, apiSignIn, centreToday, signIn } from './helpers';
import { chilonzor, meOf, ownStudent, type Group } from './journeys/records';

async function api(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string, params?: Record<string, string | number>) => {
      const res = await request.get(`/api${path}`, { headers, params });
      expect(res.status(), path).toBe(200);
      return (await res.json()) as T;
    },
    post: async <T>(path: string, data: unknown) => {
      const res = await request.post(`/api${path}`, { headers, data });
      expect(res.status(), path).toBe(201);
      return (await res.json()) as T;
    },
  };
}

const balanceOf = (page: Page) => page.getByTestId('cashier-balance');

// The accountant of Chilonzor: a new cashier from the list, a mistaken expense reversed with a reason (money back,
// entry marked), and a handover larger than the cashier holds (the server's message, nothing changes). The payment
// and a handover that goes through are on the accountant's journey (journeys/accountant.spec.ts). Every cashier,
// kind and student here is this run's own.
test('the accountant opens a cashier and reverses a mistake; an overdrawn handover changes nothing', async ({ page, request }) => {
  test.setTimeout(60_000);
  const { access_token } = await apiSignIn(request, DEMO.accounting);
  const server = await api(request, access_token);
  const headers = { Authorization: `Bearer ${access_token}` };
  const filial = await chilonzor(request, headers);
  const suffix = Math.random().toString(36).slice(2, 8);
  const teacher = await meOf(request, DEMO.teacher);
  const group = (await server.get<Group[]>('/groups/no-pg/', { filial })).find(
    (g) => !g.is_secondary && g.status === 'active' && g.teacher.id !== teacher.id && g.assistant?.id !== teacher.id,
  )!;
  const student = await ownStudent(request, headers, filial, `Kassa Sinov ${suffix}`, { id: group.id, joinedOn: centreToday() });

  // The second cashier and an expense kind of this run, through the API.
  const other = await server.post<{ id: number; name: string }>('/finance/casher/', { name: `Kechki kassa ${suffix}`, filial });
  const kind = await server.post<{ id: number; name: string }>('/finance/kind/', { name: `Kanselyariya ${suffix}`, action: 'expense' });

  await page.goto('/login');
  await signIn(page, DEMO.accounting);
  await expect(page).not.toHaveURL(/\/login$/);

  // A new cashier from the list.
  await page.goto('/cashiers');
  await page.getByTestId('cashier-add').click();
  const create = page.getByTestId('cashier-create-form');
  await create.getByLabel('Kassa nomi').fill(`Asosiy kassa ${suffix}`);
  await create.getByRole('button', { name: 'Qo‘shish', exact: true }).click();
  await expect(create).toHaveCount(0);
  await page.getByRole('link', { name: `Asosiy kassa ${suffix}`, exact: true }).click();
  await expect(page).toHaveURL(/\/cashiers\?id=\d+/);
  const cashierId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('heading', { level: 1, name: `Asosiy kassa ${suffix}` })).toBeVisible();
  await expect(balanceOf(page)).toHaveAttribute('data-amount', '0.00');

  // A million in cash from this run's student, through the API.
  await server.post('/finance/', { casher: cashierId, action: 'income', method: 'cash', amount: '1000000.00', student: student.id, group: group.id });
  await page.reload();
  await expect(balanceOf(page)).toHaveAttribute('data-amount', '1000000.00');
  // Its receipt, from the ledger row, in a new tab.
  const paymentRow = page.getByTestId('entries-table').locator('tbody tr', { hasText: student.full_name });
  const [receipt] = await Promise.all([page.context().waitForEvent('page'), paymentRow.getByTestId('entry-receipt').click()]);
  await expect(receipt.getByTestId('receipt-words')).toHaveText('bir million so‘m');
  await receipt.close();
  await page.bringToFront();

  // A mistaken expense of 200 000, then reversed with a reason: the money comes back and the entry says so.
  await page.getByTestId('cashier-expense').click();
  const expense = page.getByTestId('entry-form-expense');
  await expense.getByTestId('entry-kind').selectOption({ label: kind.name });
  await expense.getByTestId('entry-amount').fill('200 000');
  await expense.getByTestId('write-submit').click();
  await expect(expense).toHaveCount(0);
  await expect(balanceOf(page)).toHaveAttribute('data-amount', '800000.00');
  const mistake = page.getByTestId('entries-table').locator('tbody tr', { hasText: kind.name }).filter({ has: page.getByTestId('entry-reverse') });
  await mistake.getByTestId('entry-reverse').click();
  const reverse = page.getByTestId('reverse-form');
  // The reason is required.
  await reverse.getByTestId('write-submit').click();
  await expect(reverse.getByText('Majburiy maydon')).toBeVisible();
  await reverse.getByTestId('reverse-reason').fill('Summa xato kiritildi');
  await reverse.getByTestId('write-submit').click();
  await expect(reverse).toHaveCount(0);
  await expect(balanceOf(page)).toHaveAttribute('data-amount', '1000000.00');
  const reversed = page.getByTestId('entries-table').locator('tbody tr', { hasText: kind.name }).filter({ has: page.getByTestId('entry-reversed') });
  await expect(reversed).toHaveCount(1);
  await expect(reversed.getByTestId('entry-reverse')).toHaveCount(0);

  // A handover of more than the cashier holds: the server refuses with its message, nothing moves.
  await page.getByTestId('cashier-handover').click();
  const tooMuch = page.getByTestId('handover-form');
  await tooMuch.getByTestId('handover-to').selectOption(String(other.id));
  await tooMuch.getByTestId('handover-amount').fill('5 000 000');
  await tooMuch.getByTestId('write-submit').click();
  const refusal = tooMuch.getByTestId('form-alert');
  await expect(refusal).toBeVisible();
  await expect(refusal).not.toBeEmpty();
  // A refusal is not retried with the same key; the dialog waits for a change.
  await expect(tooMuch.getByTestId('write-retry')).toHaveCount(0);
  await tooMuch.getByRole('button', { name: 'Bekor qilish', exact: true }).click();
  await expect(tooMuch).toHaveCount(0);
  await expect(balanceOf(page)).toHaveAttribute('data-amount', '1000000.00');
  expect((await server.get<{ balance: string }>(`/finance/casher/${other.id}/`)).balance).toBe('0.00');
  expect((await server.get<{ balance: string }>(`/finance/casher/${cashierId}/`)).balance).toBe('1000000.00');

  // Archiving a cashier that still holds money is refused with the server's message.
  await page.goto('/cashiers');
  await page.locator(`[data-cashier-id="${cashierId}"]`).getByTestId('cashier-archive').click();
  const archive = page.getByTestId('cashier-archive-form');
  await archive.getByTestId('write-submit').click();
  await expect(archive.getByTestId('form-alert')).toBeVisible();
  await archive.getByRole('button', { name: 'Bekor qilish', exact: true }).click();
  await expect(page.locator(`[data-cashier-id="${cashierId}"]`)).toBeVisible();
});

// An empty cashier goes to the archive and comes back; a kind of this run is added and renamed on /control/finance.
test('the accountant archives an empty cashier, brings it back and renames it, and adds and renames a kind', async ({ page, request }) => {
  // Two pages and four dialogs: about 30 s on a loaded machine, the default limit.
  test.setTimeout(60_000);
  const { access_token } = await apiSignIn(request, DEMO.accounting);
  const server = await api(request, access_token);
  const filials = await server.get<{ id: number; name: string }[]>('/filial/no-pg/');
  const branch = filials.find((f) => f.name === 'Chilonzor')!;
  const suffix = Math.random().toString(36).slice(2, 8);
  const spare = await server.post<{ id: number; name: string }>('/finance/casher/', { name: `Zaxira kassa ${suffix}`, filial: branch.id });

  await page.goto('/login');
  await signIn(page, DEMO.accounting);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/cashiers');
  const card = page.locator(`[data-cashier-id="${spare.id}"]`);
  await card.getByTestId('cashier-archive').click();
  await page.getByTestId('cashier-archive-form').getByTestId('write-submit').click();
  await expect(card).toHaveCount(0);
  await page.goto('/cashiers/archive');
  const archived = page.locator(`[data-cashier-id="${spare.id}"]`);
  await expect(archived).toContainText(spare.name);
  await archived.getByTestId('cashier-restore').click();
  await page.getByTestId('cashier-archive-form').getByTestId('write-submit').click();
  await expect(archived).toHaveCount(0);
  await page.goto('/cashiers');
  await expect(page.locator(`[data-cashier-id="${spare.id}"]`)).toBeVisible();

  // Renamed from its page.
  await page.goto(`/cashiers?id=${spare.id}`);
  await page.getByTestId('cashier-edit').click();
  await page.getByTestId('cashier-name').fill(`Zaxira ${suffix} (2)`);
  await page.getByTestId('cashier-create-form').getByTestId('write-submit').click();
  await expect(page.getByRole('heading', { level: 1, name: `Zaxira ${suffix} (2)` })).toBeVisible();

  // Kinds: the system ones are read-only, the centre's own can be added and renamed.
  await page.goto('/control/finance?tab=kinds');
  const income = page.getByTestId('kinds-income');
  await expect(income.locator('tr', { hasText: 'O‘quvchi to‘lovi' }).getByTestId('kind-rename')).toHaveCount(0);
  await page.getByTestId('kind-add-income').click();
  await page.getByTestId('kind-name').fill(`Kurs kitobi ${suffix}`);
  await page.getByTestId('kind-form').getByTestId('write-submit').click();
  const row = income.locator('tr', { hasText: `Kurs kitobi ${suffix}` });
  await expect(row).toHaveCount(1);
  await row.getByTestId('kind-rename').click();
  await page.getByTestId('kind-name').fill(`Darslik ${suffix}`);
  await page.getByTestId('kind-form').getByTestId('write-submit').click();
  await expect(income.locator('tr', { hasText: `Darslik ${suffix}` })).toHaveCount(1);
  await expect(income.locator('tr', { hasText: `Kurs kitobi ${suffix}` })).toHaveCount(0);
});
