import { expect, test } from '@playwright/test';
import { DEMO, apiSignIn, signIn } from './helpers';

test('a new room is listed for the branch, a taken name is refused under the field, and it can be archived', async ({ page }) => {
  // Rooms are listed by name: leading zeros keep this one on the first page whatever other specs add.
  const name = `000 E2E xona ${Date.now().toString(36)}`;
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/edu/rooms');
  await expect(page.getByRole('heading', { name: 'Xonalar' })).toBeVisible();

  await page.getByTestId('room-add').click();
  const form = page.getByTestId('room-form');
  await form.getByLabel('Nomi').fill(name);
  await form.getByLabel('Turi').selectOption('lab');
  await form.getByLabel('Sig‘imi (o‘rinlar)').fill('18');
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Xona saqlandi')).toBeVisible();
  await expect(form).toHaveCount(0);

  const row = page.getByTestId('rooms-table').getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Laboratoriya');
  await expect(row).toContainText('18 o‘rin');
  await expect(row).toContainText('Faol');

  // The same name again in the same branch: the server's message shows under the name.
  await page.getByTestId('room-add').click();
  await form.getByLabel('Nomi').fill(name);
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(form.getByLabel('Nomi')).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Bekor qilish' }).click();

  // Archive with confirmation: it leaves the active list and shows under "Arxivda".
  await row.getByRole('button', { name: `Arxivlash: ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Arxivlash' }).click();
  await expect(page.getByText('Xona arxivlandi')).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole('tab', { name: 'Arxivda' }).click();
  await expect(page).toHaveURL(/archived=1/);
  await expect(page.getByTestId('rooms-table').getByRole('row').filter({ hasText: name })).toContainText('Arxivda');
});

test('a room that running groups use is not archived: the dialog names the groups', async ({ page, request }) => {
  const { access_token } = await apiSignIn(request, DEMO.director);
  const res = await request.get('/api/groups/?filial=1&status=active&page_size=100', { headers: { Authorization: `Bearer ${access_token}` } });
  const groups = (await res.json()).results as { name: string; room: { name: string } }[];
  const used = groups[0];
  expect(used, 'the demo centre has a running group in Chilonzor').toBeTruthy();

  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/edu/rooms');
  await page.getByTestId('rooms-table').getByRole('button', { name: `Arxivlash: ${used.room.name}`, exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Arxivlash' }).click();
  const notice = page.getByTestId('room-in-use');
  await expect(notice).toContainText('Bu xonada hali mashg‘ulotlar bor');
  await expect(notice).toContainText(`«${used.name}»`);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yopish' }).filter({ hasText: 'Yopish' }).click();
  await expect(page.getByTestId('rooms-table').getByRole('row').filter({ hasText: used.room.name }).first()).toContainText('Faol');
});
