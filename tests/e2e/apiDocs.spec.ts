import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

// The director opens the API reference from the control overview, finds the sign-in call by searching and reads
// its body fields; the OpenAPI document it is built from downloads without a token.
test('the director finds an endpoint in the API reference', async ({ page, request }) => {
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);

  await page.goto('/control');
  await page.getByTestId('control-card-apiDocs').click();
  await expect(page).toHaveURL(/\/control\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API ma’lumotnomasi' })).toBeVisible();
  await expect(page.getByTestId('api-docs-count')).toContainText(/Ko‘rsatilgan: (\d+) \/ \1/);

  await page.getByTestId('api-docs-search').fill('auth token');
  const endpoint = page.locator('[data-testid=api-endpoint][data-method=POST][data-path="/api/auth/token"]');
  await expect(endpoint).toHaveCount(1);
  await expect(page.getByTestId('api-tag-groups')).toHaveCount(0);
  await endpoint.locator('summary').click();
  await expect(endpoint).toContainText('Ochiq: token kerak emas.');
  const body = endpoint.getByTestId('api-body');
  await expect(body.getByRole('row', { name: /phone/ })).toContainText('Ha');
  await expect(body.getByRole('row', { name: /password/ })).toContainText('string');

  // A guarded call shows the pages it needs.
  await page.getByTestId('api-docs-search').fill('students charges');
  const charges = page.locator('[data-testid=api-endpoint][data-path="/api/students/{id}/charges"]');
  await charges.locator('summary').click();
  await expect(charges).toContainText('(all_students)');

  const doc = await request.get('/api/openapi.json');
  expect(doc.status()).toBe(200);
  expect((await doc.json()).openapi).toBe('3.1.0');
});
