import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, apiSignIn, seedTokens } from './helpers';

// Every spec shares one server and database: each test makes its own uniquely named subject.
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function director(page: Page, request: APIRequestContext) {
  const tokens = await apiSignIn(request, DEMO.director);
  await seedTokens(page, tokens);
  return { Authorization: `Bearer ${tokens.access_token}` };
}

/** A subject with the given levels, in that order, made through the API. */
async function subjectWithLevels(request: APIRequestContext, headers: Record<string, string>, levels: string[]) {
  const name = unique('E2E fan');
  const res = await request.post('/api/subjects/', { headers, data: { name } });
  expect(res.status()).toBe(201);
  const subject = (await res.json()) as { id: number; name: string };
  for (const level of levels) {
    const made = await request.post('/api/subjects/level/', { headers, data: { subject: subject.id, name: level } });
    expect(made.status()).toBe(201);
  }
  return subject;
}

const levelNames = (page: Page) => page.getByTestId('levels-list').getByTestId('level-name');

/** Drags a row by its handle in small steps, so dnd-kit's pointer sensor sees a real drag. */
async function drag(page: Page, handle: Locator, target: Locator) {
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: element not visible');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const steps = 12;
  const endY = to.y + to.height / 2 - 4;
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((endY - (from.y + from.height / 2)) * i) / steps);
  }
  await page.mouse.up();
}

test('the director creates a course and finds it in the list', async ({ page, request }) => {
  const headers = await director(page, request);
  const subject = await subjectWithLevels(request, headers, ['Boshlang‘ich', 'O‘rta']);
  const course = unique('E2E kurs');

  await page.goto('/edu/materials?tab=courses');
  await expect(page.getByRole('tab', { name: 'Kurslar' })).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('course-create').click();
  const form = page.getByTestId('course-form');
  // Sent empty: every field says what is missing, nothing is created.
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form.getByText('Majburiy maydon')).toHaveCount(6);

  await form.getByLabel('Kurs nomi').fill(course);
  await form.getByTestId('course-subject').selectOption({ label: subject.name });
  await form.getByTestId('course-level').selectOption({ label: 'O‘rta' });
  await form.getByLabel('Oylik narxi, so‘m').fill('1 250 000,5');
  await form.getByLabel('Oyiga darslar soni').fill('12');
  await form.getByLabel('Davomiyligi, oy').fill('6');
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId('toasts')).toContainText(course);

  // Filtered by its subject, so courses other tests add cannot push it off the first page.
  await page.getByTestId('courses-subject').selectOption({ label: subject.name });
  await expect(page).toHaveURL(new RegExp(`subject=${subject.id}`));
  const row = page.getByTestId('courses-table').locator('tbody tr', { hasText: course });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('O‘rta');
  await expect(row).toContainText('1\u00a0250\u00a0000,50');
  await expect(row).toContainText('6 oy');
});

test('levels keep a new order made by dragging and by the keyboard after a reload', async ({ page, request }) => {
  const headers = await director(page, request);
  const subject = await subjectWithLevels(request, headers, ['Birinchi', 'Ikkinchi', 'Uchinchi']);

  await page.goto(`/edu/materials?tab=levels&subject=${subject.id}`);
  await expect(levelNames(page)).toHaveText(['Birinchi', 'Ikkinchi', 'Uchinchi']);

  // Mouse: the third level to the top.
  const rows = page.getByTestId('levels-list').locator('li');
  await drag(page, rows.nth(2).getByTestId('drag-handle'), rows.nth(0));
  await expect(levelNames(page)).toHaveText(['Uchinchi', 'Birinchi', 'Ikkinchi']);
  await expect(page.getByTestId('order-saving')).toHaveCount(0);

  // Keyboard: the (now) first level one place down.
  // Each step waits for dnd-kit's spoken announcement, so a busy machine cannot drop before the move.
  const announced = page.locator('[id^="DndLiveRegion"]');
  await rows.nth(0).getByTestId('drag-handle').focus();
  await page.keyboard.press('Space');
  await expect(announced).toContainText('“Uchinchi” olindi');
  await page.keyboard.press('ArrowDown');
  await expect(announced).toContainText('“Uchinchi” 2-o‘ringa surildi');
  await page.keyboard.press('Space');
  await expect(announced).toContainText('“Uchinchi” 2-o‘ringa qo‘yildi');
  await expect(levelNames(page)).toHaveText(['Birinchi', 'Uchinchi', 'Ikkinchi']);
  await expect(page.getByTestId('order-saving')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Darajalar' })).toHaveAttribute('aria-selected', 'true');
  await expect(levelNames(page)).toHaveText(['Birinchi', 'Uchinchi', 'Ikkinchi']);
  const saved = await request.get(`/api/subjects/level/no-pg/?subject=${subject.id}`, { headers });
  expect(((await saved.json()) as { name: string }[]).map((l) => l.name)).toEqual(['Birinchi', 'Uchinchi', 'Ikkinchi']);
});

test('the chosen tab survives a reload and a bare link on the same page, and is forgotten on another page', async ({ page, request }) => {
  await director(page, request);
  await page.goto('/edu/materials');
  await expect(page.getByRole('tab', { name: 'Fanlar' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'Mavzular' }).click();
  await expect(page).toHaveURL(/\/edu\/materials\?tab=themes$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Mavzular' })).toHaveAttribute('aria-selected', 'true');

  // The same path without a query: the tab remembered for this page, put back into the address.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Materiallar' }).click();
  await expect(page.getByRole('tab', { name: 'Mavzular' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/edu\/materials\?tab=themes$/);

  // Another page clears the remembered tab (the shell does it on every path change).
  await page.getByTestId('sidebar').getByRole('link', { name: 'Xonalar' }).click();
  await expect(page).toHaveURL(/\/edu\/rooms/);
  await page.getByTestId('sidebar').getByRole('link', { name: 'Materiallar' }).click();
  await expect(page.getByRole('tab', { name: 'Fanlar' })).toHaveAttribute('aria-selected', 'true');
});
