import { expect, test } from '@playwright/test';
import { DEMO, signIn, sidebar } from './helpers';

test('a signed-out deep link goes to /login and comes back after sign-in', async ({ page }) => {
  await page.goto('/students/active?page=2');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('lastVisitedPath'))).toBe('/students/active?page=2');
  await signIn(page, DEMO.director);
  await expect(page).toHaveURL(/\/students\/active\?page=2$/);
  await expect(page.getByRole('heading', { name: 'Faol o‘quvchilar' })).toBeVisible();
  await expect(page.getByTestId('student-list-tabs')).toBeVisible();
  await expect(page).toHaveTitle('Faol o‘quvchilar · Markaz');
});

test('the test-creation page has no sidebar or header, and unknown paths say so', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(sidebar(page)).toBeVisible();
  await page.goto('/edu/test/create');
  await expect(page.getByTestId('test-editor')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test sozlamalari' })).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await expect(page.getByTestId('bell')).toHaveCount(0);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Sahifa topilmadi.' })).toBeVisible();
});
