// The app frame (src/app/AppFrame.tsx, server/http/appFrame.ts): an app route's HTML carries the layout and the
// page's title in the interface language; the browser shows it before the app's script runs, the app takes it
// over in place (one title on every frame, never moving), and a signed-out visitor never sees it.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parseFrameRoutes } from '../../scripts/appFrames';
import { DEMO, apiSignIn, seedTokens } from './helpers';

const ROW = 'main tr[data-row-id]';
// A cold load with nothing cached: on a busy two-core machine the rows take longer than the suite's usual wait.
const COLD = { timeout: 30_000 };
// The route table as the build reads it (src/app/routes.ts itself needs Vite's import.meta.env).
const ROUTES = parseFrameRoutes(readFileSync(new URL('../../src/app/routes.ts', import.meta.url), 'utf8'));
const TITLE = { uz: 'Barcha o‘quvchilar', ru: 'Все ученики' } as const;

/** Records, on every animation frame from the start, the visible h1s (text and top) and whether the frame shows. */
async function recordFrames(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __samples: { h1: string[]; frame: boolean }[] };
    w.__samples = [];
    const sample = () => {
      const h1 = [...document.querySelectorAll('h1')].filter((h) => h.getBoundingClientRect().height > 0).map((h) => `${h.textContent}@${Math.round(h.getBoundingClientRect().top)}`);
      const frame = document.getElementById('app-frame');
      w.__samples.push({ h1, frame: frame !== null && getComputedStyle(frame).display !== 'none' });
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}
const samples = (page: Page) => page.evaluate(() => (window as unknown as { __samples: { h1: string[]; frame: boolean }[] }).__samples);

for (const lang of ['uz', 'ru'] as const) {
  test(`/students in ${lang}: the HTML carries the title, the app takes it over without a second title or a jump`, async ({ page, request, context, baseURL }) => {
    const html = await (await request.get('/students', { headers: { accept: 'text/html', cookie: `lang=${lang}` } })).text();
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toMatch(new RegExp(`<div id="app-frame"[^>]*>.*<h1[^>]*>${TITLE[lang]}</h1>.*<div id="root">`, 's'));

    await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    await seedTokens(page, await apiSignIn(request, DEMO.director));
    await recordFrames(page);
    // Hold the boot chunk back a while: what shows meanwhile is HTML and CSS only.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not until "load": that waits for the held chunk (its modulepreload).
    await page.goto('/students', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#app-frame h1')).toHaveText(TITLE[lang]);
    await expect(page.locator('#app-frame h1')).toBeVisible();
    release();

    await expect(page.locator(ROW).first()).toBeVisible(COLD);
    await expect(page.locator('#app-frame')).toHaveCount(0);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITLE[lang]);
    await expect(page.getByTestId('sidebar')).toBeVisible();

    const seen = await samples(page);
    const first = seen.findIndex((s) => s.h1.length > 0);
    expect(first).toBeGreaterThanOrEqual(0);
    // The frame's title was on screen before the app's: the first frame with a title is the server's.
    expect(seen[first].frame).toBe(true);
    // From then on exactly one title in every frame, the same text at the same height.
    for (const s of seen.slice(first)) expect(s.h1).toEqual(seen[first].h1);
  });
}

test('a signed-out visitor never sees the frame: the HTML has it hidden and the sign-in page replaces it', async ({ page, request }) => {
  const html = await (await request.get('/students', { headers: { accept: 'text/html' } })).text();
  expect(html).toContain('id="app-frame"');
  await recordFrames(page);
  await page.goto('/students');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Kirish' })).toBeVisible(COLD);
  await expect(page.locator('#app-frame')).toHaveCount(0);
  const seen = await samples(page);
  expect(seen.some((s) => s.frame || s.h1.some((h) => h.startsWith(TITLE.uz)))).toBe(false);
});

test('every route’s frame title is the title its page shows', async ({ page, request }) => {
  // Some 25 pages, each loading its code for the first time.
  test.setTimeout(240_000);
  await seedTokens(page, await apiSignIn(request, DEMO.director));
  await page.goto('/students');
  await expect(page.locator(ROW).first()).toBeVisible(COLD);
  for (const route of ROUTES.filter((r) => r.heading)) {
    const html = await (await request.get(route.path, { headers: { accept: 'text/html' } })).text();
    const frame = html.match(/<h1[^>]*>([^<]*)<\/h1>(?:<p[^>]*>([^<]*)<\/p>)?/);
    expect(frame, route.path).not.toBeNull();
    // The app's own navigation (wouter follows pushState), so the shell stays loaded between routes.
    await page.evaluate((path) => history.pushState(null, '', path), route.path);
    const h1 = page.locator('main h1');
    await expect(h1, route.path).toHaveText(frame![1]);
    if (frame![2]) await expect(page.locator('main h1 + p'), route.path).toHaveText(frame![2]);
  }
});

test('a page that never arrives: the frame gives way to the live shell after its deadline', async ({ page, request }) => {
  await seedTokens(page, await apiSignIn(request, DEMO.director));
  // The student list's code never comes: its page can never commit and take the frame over.
  await page.route(/\/assets\/StudentsListPage-[^/]+\.js$/, () => new Promise<never>(() => {}));
  await page.goto('/students', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#app-frame h1')).toHaveText(TITLE.uz);
  // FRAME_MAX_MS (4 s) after the shell is there, the frame is gone and the shell's own links answer.
  await expect(page.locator('#app-frame')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await page.getByTestId('nav-section-cashiers').click();
  await page.getByTestId('sidebar').getByTestId('nav-link-cashiers_archive').click();
  await expect(page).toHaveURL(/\/cashiers\/archive$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
