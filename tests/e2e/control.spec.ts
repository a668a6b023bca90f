import { expect, test } from '@playwright/test';
import { DEMO, apiSignIn, signIn } from './helpers';

// The director's control area: a new branch reaches the header's switcher, a marketing source is renamed, and both
// actions are in the activity log with their values before and after.
test('the director creates a branch, renames a marketing source and finds both in the activity log', async ({ page, request }) => {
  // Five screens, two forms and the activity log in one journey: 31 s on a fresh clone's busy machine, as long as
  // the other multi-screen journeys, which have 60 s.
  test.setTimeout(60_000);
  const suffix = Math.random().toString(36).slice(2, 8);
  const branchName = `Sinov filiali ${suffix}`;
  const sourceName = `Manba ${suffix}`;
  const renamed = `Manba yangi ${suffix}`;
  const { access_token } = await apiSignIn(request, DEMO.director);
  const headers = { Authorization: `Bearer ${access_token}` };
  const source = await request.post('/api/marketing/', { headers, data: { name: sourceName } });
  expect(source.status()).toBe(201);
  const sourceId = (await source.json()).id as number;

  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);

  // The overview links to the branch screen.
  await page.goto('/control');
  await expect(page.getByRole('heading', { level: 1, name: 'Boshqaruv paneli' })).toBeVisible();
  await page.getByTestId('control-card-branches').click();
  await expect(page).toHaveURL(/\/control\/branches$/);

  await page.getByTestId('branch-add').click();
  const form = page.getByTestId('branch-form');
  await form.getByLabel('Nomi').fill(branchName);
  await form.getByLabel('Manzil').fill('Sergeli tumani, 7');
  await form.getByLabel('Telefon').pressSequentially('901112233');
  await form.getByTestId('branch-save').click();
  await expect(page.getByTestId('branch-form')).toHaveCount(0);
  const table = page.getByTestId('branches-table');
  await expect(table.getByRole('row', { name: new RegExp(branchName) })).toContainText('+998 90 111 22 33');

  // The header's switcher lists it without a reload.
  await page.getByTestId('branch-input').click();
  await expect(page.getByTestId('branch-option').filter({ hasText: branchName })).toBeVisible();
  await page.keyboard.press('Escape');

  // A taken name is refused on the field.
  await page.getByTestId('branch-add').click();
  await page.getByTestId('branch-form').getByLabel('Nomi').fill('chilonzor');
  await page.getByTestId('branch-save').click();
  await expect(page.getByTestId('branch-form').getByText('Bu nom allaqachon ishlatilgan')).toBeVisible();
  await page.getByTestId('branch-form').getByRole('button', { name: 'Bekor qilish' }).click();

  // Rename the marketing source.
  await page.goto('/control/marketing');
  await page.getByTestId('sources-table').getByTestId(`source-edit-${sourceId}`).click();
  const sourceForm = page.getByTestId('source-form');
  await sourceForm.getByLabel('Nomi').fill(renamed);
  await sourceForm.getByTestId('source-save').click();
  await expect(page.getByTestId('sources-table').getByRole('row', { name: new RegExp(renamed) })).toBeVisible();

  // The activity log: the branch created, filtered by the action; its details show the name.
  await page.goto('/control/logs?action=filial.create');
  const row = page.getByTestId('logs-table').getByRole('row').filter({ hasText: 'filial.create' }).first();
  await expect(row).toContainText('Akmal Karimov');
  await row.getByRole('button').click();
  await expect(page.locator('[data-testid^=log-details-]').first()).toContainText(branchName);

  // The rename, found by the source's id.
  await page.goto('/control/logs');
  await page.getByLabel('Obyekt ID').fill(String(sourceId));
  await page.getByLabel('Obyekt ID').press('Enter');
  await expect(page).toHaveURL(new RegExp(`object_id=${sourceId}`));
  const renameRow = page.getByTestId('logs-table').getByRole('row').filter({ hasText: 'marketing_source.update' });
  await expect(renameRow).toHaveCount(1);
  await renameRow.getByRole('button').click();
  const details = page.locator('[data-testid^=log-details-]');
  await expect(details).toContainText(`"name": "${sourceName}"`);
  await expect(details).toContainText(`"name": "${renamed}"`);

  // Leave the shared server's branch list as it was.
  const branches = (await (await request.get('/api/filial/', { headers })).json()) as { id: number; name: string }[];
  const mine = branches.find((b) => b.name === branchName)!;
  expect((await request.put(`/api/filial/${mine.id}/`, { headers, data: { name: branchName, is_archived: true } })).status()).toBe(200);
});

test('an unknown /control/ path is not found', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/control/nothing-here');
  await expect(page.getByText('Sahifa topilmadi.')).toBeVisible();
});

// Archive and restore go through the app's one write: a working branch is refused with the server's reason and the
// confirm stays off; an empty one is archived; a marketing source is archived from its row.
test('the director is told why a working branch stays, archives an empty one, and archives a source', async ({ page, request }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const { access_token } = await apiSignIn(request, DEMO.director);
  const headers = { Authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/', { headers })).json()) as { id: number; name: string }[];
  const working = filials.find((f) => f.name === 'Chilonzor')!;
  const created = await request.post('/api/filial/', { headers, data: { name: `Bo‘sh filial ${suffix}`, address: null, phone: null } });
  expect(created.status()).toBe(201);
  const empty = (await created.json()) as { id: number; name: string };
  const source = await request.post('/api/marketing/', { headers, data: { name: `Arxiv manba ${suffix}` } });
  const sourceId = (await source.json()).id as number;

  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/control/branches');
  const table = page.getByTestId('branches-table');
  await table.getByTestId(`branch-archive-${working.id}`).click();
  await page.getByTestId('branch-archive-confirm').click();
  await expect(page.getByTestId('branch-archive-error')).toBeVisible();
  await expect(page.getByTestId('branch-archive-confirm')).toBeDisabled();
  await page.getByRole('alertdialog').getByText('Bekor qilish', { exact: true }).click();

  await table.getByTestId(`branch-archive-${empty.id}`).click();
  await page.getByTestId('branch-archive-confirm').click();
  await expect(page.getByText('Filial arxivlandi')).toBeVisible();
  await expect(table.getByTestId(`branch-archive-${empty.id}`)).toHaveCount(0);

  await page.goto('/control/marketing');
  await page.getByTestId('sources-table').getByTestId(`source-archive-${sourceId}`).click();
  await expect(page.getByText('Manba arxivlandi')).toBeVisible();
  await expect(page.getByTestId('sources-table').getByTestId(`source-archive-${sourceId}`)).toHaveCount(0);
});

// The roles matrix saves through the one write helper: the toast says so, and a reload shows the stored defaults.
// The change is undone at the end, since other specs read these defaults.
test('the director changes a role default page, saves it, and finds it stored after a reload', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/control/roles');
  const box = page.locator('input[data-role="SERVICE_SALES"][data-page="archived_leads"]');
  const before = await box.isChecked();
  const flip = async (to: boolean) => {
    await box.setChecked(to);
    await page.getByTestId('roles-save').click();
    await expect(page.getByText('Standart sahifalar saqlandi').last()).toBeVisible();
    await expect(page.getByTestId('roles-save')).toBeDisabled();
  };
  await flip(!before);
  await page.reload();
  await expect(box).toBeChecked({ checked: !before });
  await flip(before);
  await page.reload();
  await expect(box).toBeChecked({ checked: before });
});
