import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_SECRET = 'e2e-only-signing-secret-0123456789abcdef';
/** Test keys of the online payment providers: the browser tests pay through local fakes of Payme and Click. */
export const E2E_PAYME = { PAYME_MERCHANT_ID: 'e2e-merchant', PAYME_KEY: 'e2e-payme-key' };
export const E2E_CLICK = { CLICK_SERVICE_ID: '4242', CLICK_MERCHANT_ID: '4343', CLICK_SECRET_KEY: 'e2e-click-secret' };

export default defineConfig({
  testDir: 'tests/e2e',
  // The English crawls run in `npm run soak` (mode crawl): English is the interface's third language, its keys are
  // checked complete by the unit tests, and the crawls in Uzbek and Russian open the same pages here.
  testIgnore: process.env.CRAWL === 'full' ? [] : ['**/everyPage/enDesktop.spec.ts', '**/everyPage/enPhone.spec.ts'],
  // A test's whole run: on a busy two-core CI machine the longer specs took 31–34 s at the end of the suite.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: '.tmp/e2e-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // The browser asks for less motion (panda.config.ts): a menu or dialog is usable at once instead of after its
    // animation, which busy machines stretched (Playwright waits for a clicked element to stop moving).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/locales/uz/common.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(E2E_PORT), JWT_SECRET: E2E_SECRET, ...E2E_PAYME, ...E2E_CLICK },
  },
});
