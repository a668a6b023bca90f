import { expect, test } from '@playwright/test';
import { DEMO, apiSignIn, expiredAccessToken, seedTokens, sidebar, signIn } from './helpers';

test('an expired access token is refreshed silently', async ({ page, request }) => {
  const pair = await apiSignIn(request, DEMO.headTeacher);
  const expired = await expiredAccessToken(pair.access_token);
  await seedTokens(page, { access_token: expired, refresh_token: pair.refresh_token });
  const refreshes: string[] = [];
  page.on('request', (r) => r.url().includes('/api/auth/refresh') && refreshes.push(r.url()));

  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect(refreshes).toHaveLength(1);
  const stored = await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);
  expect(stored[0]).not.toBe(expired);
  expect(stored[1]).not.toBe(pair.refresh_token);
});

test('a refresh token used twice is rejected and ends the session', async ({ page, request }) => {
  const first = await apiSignIn(request, DEMO.accounting);
  const rotated = await request.post('/api/auth/refresh/', { data: { refresh_token: first.refresh_token } });
  expect(rotated.status()).toBe(200);
  const second = (await rotated.json()) as { refresh_token: string };

  // The app holds the old (already rotated) refresh token and an expired access token.
  await seedTokens(page, { access_token: await expiredAccessToken(first.access_token), refresh_token: first.refresh_token });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(sidebar(page)).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('lastVisitedPath'))).toBe('/profile');

  // Reuse revoked the whole family: the newer refresh token is dead too.
  const after = await request.post('/api/auth/refresh/', { data: { refresh_token: second.refresh_token } });
  expect(after.status()).toBe(401);
});

test('requests rejected with 401 while in flight share one refresh and are retried once', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(sidebar(page)).toBeVisible();
  const oldToken = await page.evaluate(() => localStorage.getItem('accessToken'));

  // The server starts refusing the current access token for every data call (as after a key rotation).
  const rejected: string[] = [];
  const passed: string[] = [];
  await page.route(/\/api\/(filial|notifications)\//, async (route) => {
    const auth = route.request().headers().authorization;
    if (auth === `Bearer ${oldToken}`) {
      rejected.push(route.request().url());
      await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ detail: 'Token rejected' }) });
    } else {
      passed.push(route.request().url());
      await route.continue();
    }
  });
  const refreshes: string[] = [];
  page.on('request', (r) => r.url().includes('/api/auth/refresh') && refreshes.push(r.url()));

  // A reload mounts the shell, which loads the branch list and the notifications at the same time.
  await page.reload();
  await expect(sidebar(page)).toBeVisible();
  await expect.poll(() => passed.length).toBeGreaterThanOrEqual(2);
  expect(rejected.length).toBeGreaterThanOrEqual(2);
  expect(refreshes).toHaveLength(1);
  expect(passed.length).toBe(rejected.length);
  await expect(page.getByTestId('branch-input')).toHaveValue(/.+/);
});
