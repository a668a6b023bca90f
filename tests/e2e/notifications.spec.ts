import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

test('marking a notification read removes it at once and the server keeps it read', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.teacher);
  await expect(page.getByTestId('bell-count')).toBeVisible();
  const count = Number(await page.getByTestId('bell-count').textContent());
  expect(count).toBeGreaterThan(0);

  await page.getByTestId('bell').click();
  const items = page.getByTestId('notification');
  await expect(items).toHaveCount(count);
  const first = (await items.first().locator('p').textContent()) ?? '';
  await items.first().getByRole('button', { name: 'O‘qildi' }).click();
  await expect(items).toHaveCount(count - 1);
  await expect(page.getByTestId('notifications-panel').getByText(first, { exact: true })).toHaveCount(0);

  await page.reload();
  if (count - 1 === 0) {
    await expect(page.getByTestId('bell-count')).toHaveCount(0);
    await page.getByTestId('bell').click();
    await expect(page.getByText('Bildirishnomalar yo‘q')).toBeVisible();
  } else {
    await expect(page.getByTestId('bell-count')).toHaveText(String(count - 1));
  }
});
