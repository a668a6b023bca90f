// Headless Debian chromium as the e2e tests launch it, with CPU throttling through the DevTools protocol.
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import e2eConfig from '../../playwright.config';

export const CHROMIUM = '/usr/bin/chromium';
export const DESKTOP = { width: 1440, height: 900 };

export function launchBrowser(): Promise<Browser> {
  const args = e2eConfig.use?.launchOptions?.args ?? ['--headless', '--no-sandbox'];
  return chromium.launch({ executablePath: CHROMIUM, args });
}

/** A fresh context: empty HTTP cache and storage, the desktop viewport, Uzbek (the default language). */
export function freshContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseUrl, viewport: DESKTOP, locale: 'uz-UZ' });
}

/** Slows the page's main thread `rate` times (1 = off); set before navigating. */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

export type Account = { phone: string; password: string };
/** The demo centre's director (seeded with DEMO=1). */
export const DIRECTOR: Account = { phone: '+998900000001', password: 'director' };

/** Types the account into the login form as a person would and submits it. */
export async function signInThroughForm(page: Page, account: Account): Promise<void> {
  const phone = page.locator('input[name=phone]');
  await phone.fill('');
  await phone.pressSequentially(account.phone.slice(4));
  await page.locator('input[name=password]').fill(account.password);
  await page.locator('form button[type=submit]').click();
}

/** A token pair from the API, stored before the app's scripts run (skips the form). */
export async function seedSession(context: BrowserContext, baseUrl: string, account: Account): Promise<void> {
  const res = await fetch(new URL('/api/auth/token', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`sign-in for the benchmark failed: ${res.status} ${await res.text()}`);
  const tokens = (await res.json()) as { access_token: string; refresh_token: string };
  await context.addInitScript((t) => {
    if (!localStorage.getItem('accessToken')) {
      localStorage.setItem('accessToken', t.access_token);
      localStorage.setItem('refreshToken', t.refresh_token);
    }
  }, tokens);
}

/** The first data row of a list table (the Table component marks rows with data-row-id). */
export const LIST_ROW = 'main tr[data-row-id]';
