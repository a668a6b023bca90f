import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

const WEEKDAYS = ['Dushanba', 'Seshanba', 'Chorshanba', 'Payshanba', 'Juma', 'Shanba', 'Yakshanba'];

test('the director sees this week in Uzbek, Monday first, and a lesson block opens its group', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/edu/schedule?layout=calendar');
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
  await expect(page).toHaveURL(/layout=calendar/);
});

test('on a phone the schedule shows one day at a time with a day switcher', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/edu/schedule?layout=calendar&view=teacher');
  const day = page.getByTestId('schedule-day');
  await expect(day).toBeVisible();
  await expect(page.getByTestId('schedule-week')).toBeHidden();
  await day.getByRole('button', { name: /^Yakshanba/ }).click();
  await expect(page).toHaveURL(/day=\d{4}-\d{2}-\d{2}/);
  await expect(day.getByRole('heading', { level: 2 })).toContainText('Yakshanba');
  await expect(page.getByRole('button', { name: 'O‘qituvchilar' })).toHaveAttribute('aria-pressed', 'true');
});

// Demo (server/seed/groups.ts): Chilonzor's 201-xona holds "IELTS intensiv — 16:00" on Tuesdays, Thursdays and
// Saturdays; the director's first branch is Chilonzor.
const DEMO_ROOM = '201-xona';
const DEMO_GROUP = 'IELTS intensiv — 16:00';

test('by default the schedule is one day of rooms by time: Monday-first Uzbek day strip, a demo room’s lesson opens its group', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/edu/schedule');
  await expect(page.getByRole('button', { name: 'Kun', exact: true })).toHaveAttribute('aria-pressed', 'true');

  const timeline = page.getByTestId('schedule-timeline');
  const strip = timeline.getByTestId('schedule-day-strip');
  const days = strip.getByRole('button');
  await expect(days).toHaveCount(7);
  for (const [i, name] of WEEKDAYS.entries()) {
    await expect(days.nth(i)).toHaveAccessibleName(new RegExp(`^${name} \\d{2}\\.\\d{2}`));
    await expect(days.nth(i).getByText(name, { exact: true })).toBeVisible(); // full names on a desk
  }
  // Today, or Monday when today is not in the week, is the chosen day, and today is marked.
  await expect(strip.locator('[aria-pressed=true]')).toHaveCount(1);
  await expect(strip.locator('[aria-current=date]')).toHaveCount(1);

  // Time runs across in half-hours from 09:00 to 23:30.
  await expect(timeline.getByText('09:00', { exact: true })).toHaveCount(1);
  await expect(timeline.getByText('23:30', { exact: true })).toHaveCount(1);

  await days.nth(3).click(); // Payshanba
  await expect(page).toHaveURL(/day=\d{4}-\d{2}-\d{2}/);
  await expect(days.nth(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(timeline.getByRole('heading', { level: 2 })).toContainText('Payshanba');

  const row = timeline.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${DEMO_ROOM}`) }) });
  await expect(row).toHaveCount(1);
  const block = row.locator('button[data-testid=schedule-block]').filter({ hasText: DEMO_GROUP }).first();
  await expect(block).toBeVisible();
  await expect(block).toHaveAccessibleName(new RegExp(`^${DEMO_GROUP}, Payshanba 16:00–18:00, ${DEMO_ROOM}`));
  await block.click();
  await expect(page).toHaveURL(/\/edu\/groups\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_GROUP })).toBeVisible();

  // Back on the same day; the week layout is one click away and lives in the URL.
  await page.goBack();
  await expect(days.nth(3)).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Hafta', exact: true }).click();
  await expect(page).toHaveURL(/layout=calendar/);
  await expect(page.getByTestId('schedule-week')).toBeVisible();
  await page.getByRole('button', { name: 'Kun', exact: true }).click();
  await expect(page).not.toHaveURL(/layout=/);
  await expect(timeline).toBeVisible();
});

test('on a phone the rooms-by-time day scrolls sideways inside its frame with the room names kept in sight', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/edu/schedule');
  const timeline = page.getByTestId('schedule-timeline');
  const strip = timeline.getByTestId('schedule-day-strip');
  // Short names on a phone, the full name as the accessible label.
  const sunday = strip.getByRole('button', { name: /^Yakshanba/ });
  await expect(sunday.getByText('Ya', { exact: true })).toBeVisible();
  await expect(sunday.getByText('Yakshanba', { exact: true })).toBeHidden();

  const frame = timeline.getByRole('region');
  const roomName = timeline.getByRole('rowheader', { name: new RegExp(`^${DEMO_ROOM}`) });
  await expect(roomName).toBeVisible();
  await frame.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(timeline.getByText('23:30', { exact: true })).toBeInViewport();
  await expect(roomName).toBeInViewport();
  const [frameBox, nameBox] = [await frame.boundingBox(), await roomName.boundingBox()];
  expect(Math.abs(nameBox!.x - frameBox!.x)).toBeLessThan(2); // stuck to the frame's left edge
  // The page itself does not scroll sideways: only the frame does.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
