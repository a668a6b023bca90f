import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

const WEEKDAYS = ['Dushanba', 'Seshanba', 'Chorshanba', 'Payshanba', 'Juma', 'Shanba', 'Yakshanba'];

test('the director sees this week in Uzbek, Monday first, and a lesson block opens its group', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/edu/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Dars jadvali' })).toBeVisible();

  const heads = page.getByTestId('schedule-week').getByTestId('schedule-day-head');
  await expect(heads).toHaveCount(7);
  for (const [i, name] of WEEKDAYS.entries()) await expect(heads.nth(i)).toContainText(name);

  // A demo group's lesson this week: a block that names its group is a button.
  const block = page.getByTestId('schedule-week').locator('button[data-testid=schedule-block]').first();
  await expect(block).toBeVisible();
  const groupName = (await block.locator('span').first().textContent())?.trim() ?? '';
  expect(groupName).not.toBe('');
  await block.click();
  await expect(page).toHaveURL(/\/edu\/groups\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();

  // Week navigation lives in the URL and comes back.
  await page.goBack();
  await page.getByRole('button', { name: 'Keyingi hafta' }).click();
  await expect(page).toHaveURL(/week=\d{4}-\d{2}-\d{2}/);
  await page.getByRole('button', { name: 'Shu hafta' }).click();
  await expect(page).not.toHaveURL(/week=/);
});

test('on a phone the schedule shows one day at a time with a day switcher', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/edu/schedule?view=teacher');
  const day = page.getByTestId('schedule-day');
  await expect(day).toBeVisible();
  await expect(page.getByTestId('schedule-week')).toBeHidden();
  await day.getByRole('button', { name: /^Yakshanba/ }).click();
  await expect(page).toHaveURL(/day=\d{4}-\d{2}-\d{2}/);
  await expect(day.getByRole('heading', { level: 2 })).toContainText('Yakshanba');
  await expect(page.getByRole('button', { name: 'O‘qituvchilar' })).toHaveAttribute('aria-pressed', 'true');
});
