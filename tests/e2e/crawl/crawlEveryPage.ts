import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO } from '../helpers';
import { axeViolations, settle, shownKeys, trackRequests } from './checks';
import { findCrawlIds, withIds, type CrawlIds } from './ids';
import { foreignOnlyValues, leftoverTexts, type ForeignValues } from './leftovers';
import { visibleTexts } from './pageText';
import { CRAWL_TARGETS, type CrawlTarget } from './targets';

// The director (who reads every page) opens every route, detail page, query tab and main "add" dialog in each
// language on a desktop window, and the main routes on a phone too. Each page is loaded afresh (a namespace that an
// earlier page loaded must not hide one this page forgot), and on each: no translation key is shown or read out, the
// i18n layer reported no key without text, and axe-core finds no WCAG 2.1 A/AA violation. In `npm test` axe runs on
// every page in Uzbek (the default language) in both windows, and English is checked for keys only: colours, names
// and structure do not change with the language (the locale test keeps both languages' keys the same and none
// empty), and axe is most of the crawl's time. CRAWL=full (`npm run soak`, mode crawl) runs axe in English too.
// One browser context per language and window, one page reused from route to route. The crawl is split into
// files (tests/e2e/everyPage/) so the test workers share it; each file calls crawlEveryPage for its part.
// Russian (desktop only, keys and leftovers) also finds no word of Uzbek or English left on the page (crawl/leftovers.ts).

const WINDOWS = {
  desktop: { width: 1366, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

type Plan = { axe: boolean; dialog: boolean; leftovers: boolean };

const FULL = process.env.CRAWL === 'full';

function planFor(target: CrawlTarget, lang: Lang, window: Window): Plan {
  return { axe: lang === 'uz' || FULL, dialog: window === 'desktop' && !!target.dialog, leftovers: lang === 'ru' };
}

export type Lang = 'uz' | 'ru' | 'en';
let foreign: Record<'uz' | 'en', ForeignValues> | undefined;

/** Uzbek or English interface texts on a page in Russian (computed from the locale files once). */
async function leftovers(page: Page): Promise<string[]> {
  foreign ??= { uz: foreignOnlyValues('uz'), en: foreignOnlyValues('en') };
  return leftoverTexts(await visibleTexts(page), foreign).map((w) => `not Russian: ${w}`);
}
export type Window = keyof typeof WINDOWS;

/** The crawl of one language and window; `part` [k, n] takes the k-th of n equal slices of its targets (k from 1). */
export function crawlEveryPage(lang: Lang, window: Window, part: [number, number] = [1, 1]) {
  const all = window === 'desktop' ? CRAWL_TARGETS : CRAWL_TARGETS.filter((t) => t.phone);
  const size = Math.ceil(all.length / part[1]);
  const targets = all.slice((part[0] - 1) * size, part[0] * size);
  test.describe(`every page, ${lang}, ${window}${part[1] > 1 ? `, part ${part[0]} of ${part[1]}` : ''}`, () => {
    let context: BrowserContext;
    let page: Page;
    let ids: CrawlIds;
    // What the i18n layer reported while the page was open: a key without text, or a namespace its page forgot.
    let i18nReports: string[] = [];

    test.beforeAll(async ({ browser, baseURL }) => {
      const found = await findCrawlIds(DEMO.director);
      ids = found.ids;
      context = await browser.newContext({ baseURL, viewport: WINDOWS[window], isMobile: window === 'phone', hasTouch: window === 'phone' });
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
      await context.addInitScript((t) => {
        if (!localStorage.getItem('refreshToken')) {
          localStorage.setItem('accessToken', t.access_token);
          localStorage.setItem('refreshToken', t.refresh_token);
        }
      }, found.tokens);
      page = await context.newPage();
      trackRequests(page);
      page.on('console', (message) => {
        if (message.text().startsWith('[i18n]')) i18nReports.push(message.text());
      });
    });

    test.afterAll(async () => {
      await context?.close();
    });

    for (const target of targets) {
      const plan = planFor(target, lang, window);
      const title = `${lang} ${window} ${target.path}${plan.dialog ? ` + ${target.dialog}` : ''}${plan.axe ? ' (axe)' : ''}`;
      test(title, async () => {
        // axe over a long page (the API reference lists every operation) takes seconds of CPU on a busy machine.
        if (plan.axe) test.setTimeout(90_000);
        i18nReports = [];
        const problems = await checkTarget(page, target, ids, lang, plan);
        problems.push(...i18nReports);
        expect(problems.length === 0, `${target.path} (${lang}, ${window}):\n${problems.join('\n')}`).toBe(true);
      });
    }
  });
}

async function checkTarget(page: Page, target: CrawlTarget, ids: CrawlIds, lang: string, plan: Plan): Promise<string[]> {
  await page.goto(withIds(target.path, ids));
  await expect(page.locator('h1:visible').first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await settle(page);
  const problems = (await shownKeys(page)).map((k) => `translation key shown: ${k}`);
  if (plan.axe) problems.push(...(await axeViolations(page)));
  if (plan.leftovers) problems.push(...(await leftovers(page)));
  if (!plan.dialog) return problems;

  await page.getByTestId(target.dialog!).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await settle(page);
  const seen = new Set(problems);
  for (const key of await shownKeys(page)) if (!seen.has(`translation key shown: ${key}`)) problems.push(`translation key shown in the dialog: ${key}`);
  problems.push(...(await axeViolations(page, '[role=dialog]')).map((v) => `in the dialog: ${v}`));
  if (plan.leftovers) for (const text of await leftovers(page)) if (!seen.has(text)) problems.push(`in the dialog: ${text}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  return problems;
}
