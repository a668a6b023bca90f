import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

// Issue 18 §3: the director makes a lead-form key on the settings page, copies the ready-to-paste HTML (which
// carries the key shown once), and a site of the listed origin posts a lead with it.
test('the director creates a lead-form key, copies the snippet, and a lead arrives with it', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const suffix = Math.random().toString(36).slice(2, 8);
  const origin = `https://site-${suffix}.uz`;
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/control/settings');
  const section = page.getByTestId('lead-form');
  await expect(section.getByRole('heading', { name: 'Lid formasi' })).toBeVisible();
  await section.getByTestId('lead-key-label').fill(`Sayt ${suffix}`);
  // An origin with a path is refused with the server's words under the field.
  await section.getByTestId('lead-key-origins').fill(`${origin}/form`);
  await section.getByTestId('lead-key-create').click();
  await expect(section.getByText('Manzil https://sayt.uz ko‘rinishida bo‘lsin (yo‘lsiz)')).toBeVisible();
  await section.getByTestId('lead-key-origins').fill(origin);
  await section.getByTestId('lead-key-create').click();
  const created = section.getByTestId('lead-key-created');
  await expect(created).toContainText('lk_');
  const key = (await created.locator('code').textContent())!.trim();
  await expect(section.getByText(`Sayt ${suffix}`)).toBeVisible();

  const snippet = section.getByTestId('lead-form-snippet');
  await expect(snippet).toHaveValue(new RegExp(key));
  await expect(snippet).toHaveValue(/placeholder="Ismingiz"/);
  await section.getByTestId('lead-form-copy').click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`"X-Lead-Key": "${key}"`);
  expect(copied).toContain('/api/public/leads/');

  const res = await request.post('/api/public/leads/', {
    headers: { 'X-Lead-Key': key, Origin: origin, 'X-Forwarded-For': `10.99.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    data: { full_name: `Saytdan ${suffix}`, phone: '+998 90 555 44 33' },
  });
  expect(res.status()).toBe(201);
  expect(res.headers()['access-control-allow-origin']).toBe(origin);

  // Revoked, the key stops working.
  const row = section.locator('li', { hasText: `Sayt ${suffix}` });
  await row.getByRole('button', { name: 'Bekor qilish' }).click();
  await expect(row.getByText('Bekor qilingan')).toBeVisible();
  const refused = await request.post('/api/public/leads/', {
    headers: { 'X-Lead-Key': key, Origin: origin, 'X-Forwarded-For': `10.98.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    data: { full_name: `Saytdan ${suffix}`, phone: '+998 90 555 44 34' },
  });
  expect(refused.status()).toBe(401);
});
