import { expect, test } from '@playwright/test';

test('the sign-in form checks its fields before calling the server', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('input[name=phone]')).toHaveValue('+998 ');
  await page.getByRole('button', { name: 'Kirish' }).click();
  await expect(page.getByText('Telefon raqami +998 XX XXX XX XX ko‘rinishida bo‘lsin')).toBeVisible();
  await expect(page.getByText('Majburiy maydon')).toBeVisible();
  await page.locator('input[name=phone]').pressSequentially('90 123');
  await expect(page.locator('input[name=phone]')).toHaveValue('+998 90 123');
});

// SERVICE_SALES: an account no other e2e test signs in with, so locking it cannot fail another test.
test('repeated wrong passwords are throttled with the wait shown', async ({ page }) => {
  await page.goto('/login');
  const phone = page.locator('input[name=phone]');
  await phone.fill('');
  await phone.pressSequentially('900000004');
  for (let i = 0; i < 5; i++) {
    await page.locator('input[name=password]').fill(`wrong-${i}`);
    await page.getByRole('button', { name: 'Kirish' }).click();
    await expect(page.getByTestId('login-error')).toHaveText('Telefon raqami yoki parol noto‘g‘ri');
  }
  await page.locator('input[name=password]').fill('service_sales');
  await page.getByRole('button', { name: 'Kirish' }).click();
  await expect(page.getByTestId('login-error')).toHaveText(/Urinishlar juda ko‘p\. \d+ soniyadan keyin qayta urinib ko‘ring\./);
  await expect(page).toHaveURL(/\/login$/);
});
