import { expect, test } from '@playwright/test';
import { DEMO, signIn, sidebar } from './helpers';

// The foundation's user story, end to end, as one person at the desk would do it.
test('sign in, switch language and branch, read the bell, change the password, log out and back in', async ({ page }) => {
  const account = DEMO.multiBranch;
  const newPassword = 'yangi-parol-2026';

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(sidebar(page)).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Tizimga kirish' })).toBeVisible();
  await expect(page).toHaveTitle(/Markaz/);

  await signIn(page, account);
  await expect(page).toHaveURL(/\/$/);
  await expect(sidebar(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Xush kelibsiz/ })).toBeVisible();
  await expect(page.getByTestId('role-label')).toHaveText('Filiallar menejeri');

  // Language: English now, remembered across a reload.
  await page.getByRole('button', { name: 'EN' }).first().click();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  // Branch: the switcher shows the saved branch; choosing another stores it and reloads.
  const branchInput = page.getByTestId('branch-input');
  await expect(branchInput).toHaveValue('Chilonzor');
  await branchInput.click();
  // The app reloads itself after the change (its toast lives only until then; the branch machine's unit tests check
  // it): wait for that load rather than racing it with a reload of our own.
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('branch-option').filter({ hasText: 'Yunusobod' }).click();
  await reloaded;
  await expect(page.getByTestId('branch-input')).toHaveValue('Yunusobod');
  const saved = await page.evaluate(() => localStorage.getItem('savedFilial'));
  expect(saved).not.toBeNull();
  await page.reload();
  await expect(page.getByTestId('branch-input')).toHaveValue('Yunusobod');

  // The bell.
  await page.getByTestId('bell').click();
  const panel = page.getByTestId('notifications-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Notifications', { exact: true })).toBeVisible();
  await expect(panel.getByText('No notifications')).toBeVisible();
  await page.keyboard.press('Escape');

  // Change the password: the repeat must match; then it saves.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('New password').fill(newPassword);
  await dialog.getByLabel('Repeat the password').fill('something-else');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await dialog.getByLabel('Repeat the password').fill(newPassword);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // Log out (with confirmation); only lastVisitedPath stays in storage.
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  expect(keys).toEqual(['lastVisitedPath']);

  // The old password no longer works; the new one does, and brings the person back where they were.
  await signIn(page, account);
  await expect(page.getByTestId('login-error')).toHaveText('Wrong phone number or password');
  await signIn(page, { ...account, password: newPassword });
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-name')).toBeVisible();
});
