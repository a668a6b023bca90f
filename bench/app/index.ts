// The app's speed budgets measured in headless chromium against a running server (the built app):
// - gzip JS/CSS the login page loads first, and what the student list adds right after sign-in;
// - per lazily loaded page, what it adds to the first load + shell (from dist/.vite/manifest.json);
// - LCP of the login page and of the student list at 4× CPU throttling (cold cache, median of `runs`);
// - a sidebar click to the next list painted, once with the code still to load and then warm (median).
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { DIRECTOR, LIST_ROW, freshContext, launchBrowser, seedSession, signInThroughForm, throttleCpu } from './browser';
import { measureAreas } from './chunks';
import { observeLcp, readLcp, revealSidebarLink, timeSidebarClick, type Lcp } from './paint';
import { kb, recordAssets, totals, type Asset } from './sizes';
import { BUDGETS, budgetRow, type AppBenchResult, type AppBenchRow } from './types';

export type { AppBenchResult, AppBenchRow } from './types';

export type AppBenchOptions = {
  baseUrl: string;
  /** The build the server serves, for per-page chunk sizes; default: the repository's dist/. */
  distDir?: string;
  /** Loads per LCP figure and warm rounds per click (medians are reported); default 3. */
  runs?: number;
  /** CPU slowdown for LCP (and the throttled click figures); default 4. */
  cpuThrottle?: number;
};

/** The sidebar walk of the click timings: [sidebar section, link]; every page shows a list of rows. */
export const CLICK_PATH: [string, string][] = [
  ['students', '/students'],
  ['leads', '/leads'],
  ['edu', '/edu/groups'],
  ['edu', '/edu/rooms'],
  ['employees', '/employees'],
  ['students', '/students'],
];

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const round = (x: number) => Math.round(x);
const brief = (assets: Asset[]) => assets.map((a) => ({ path: a.path, kind: a.kind, bytes: a.bytes, gzip: a.gzip }));

/** First visit of /students signed out: the login page's assets, then what signing in and the list add. */
async function firstLoads(browser: Browser, baseUrl: string) {
  const context = await freshContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    const rec = recordAssets(page);
    await page.goto('/students');
    await page.waitForURL(/\/login$/);
    await page.locator('form button[type=submit]').waitFor();
    await page.waitForLoadState('networkidle');
    const login = await rec.take();
    await signInThroughForm(page, DIRECTOR);
    await page.waitForURL(/\/students$/);
    await page.locator(LIST_ROW).first().waitFor();
    await page.waitForLoadState('networkidle');
    const students = await rec.take();
    rec.stop();
    return { login, students };
  } finally {
    await context.close();
  }
}

/** LCP of `path` in a fresh context (cold cache) at `rate`× CPU; `ready` is what must be on screen. */
async function lcpOnce(browser: Browser, baseUrl: string, path: string, ready: string, rate: number, signedIn: boolean): Promise<Lcp> {
  const context = await freshContext(browser, baseUrl);
  try {
    if (signedIn) await seedSession(context, baseUrl, DIRECTOR);
    const page = await context.newPage();
    await throttleCpu(page, rate);
    await observeLcp(page);
    await page.goto(path);
    await page.locator(ready).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return await readLcp(page);
  } finally {
    await context.close();
  }
}

/** The sidebar walk: one round with the code still to load, then `runs` warm rounds; ms per step. */
async function clickRounds(browser: Browser, baseUrl: string, rate: number, runs: number) {
  const context = await freshContext(browser, baseUrl);
  try {
    await seedSession(context, baseUrl, DIRECTOR);
    const page = await context.newPage();
    await throttleCpu(page, rate);
    const rec = recordAssets(page);
    await page.goto(CLICK_PATH[0][1]);
    await page.locator(LIST_ROW).first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await rec.take();
    const steps = CLICK_PATH.slice(1).map(([section, href], i) => ({ from: CLICK_PATH[i][1], to: href, section, cold: NaN, warm: [] as number[], coldAssets: [] as Asset[] }));
    for (let round = 0; round <= runs; round++) {
      for (const step of steps) {
        await revealSidebarLink(page, step.section, step.to);
        const ms = await timeSidebarClick(page, step.to);
        await page.waitForLoadState('networkidle');
        if (round === 0) {
          step.cold = ms;
          step.coldAssets = await rec.take();
        } else step.warm.push(ms);
      }
    }
    rec.stop();
    return steps;
  } finally {
    await context.close();
  }
}

export async function runAppBench(opts: AppBenchOptions): Promise<AppBenchResult> {
  const runs = opts.runs ?? 3;
  const rate = opts.cpuThrottle ?? 4;
  const rows: AppBenchRow[] = [];
  // Timings are only as good as the machine is quiet: the load average is kept with them.
  const loadBefore = loadavg();
  const browser = await launchBrowser();
  try {
    const first = await firstLoads(browser, opts.baseUrl);
    const login = totals(first.login);
    const students = totals(first.students);
    rows.push(
      budgetRow('login page, first load: JS (gzip)', kb(login.js), 'kB', BUDGETS.loginJsKb),
      budgetRow('login page, first load: CSS (gzip)', kb(login.css), 'kB'),
      budgetRow('student list right after sign-in: JS added (gzip)', kb(students.js), 'kB'),
      budgetRow('student list right after sign-in: CSS added (gzip)', kb(students.css), 'kB'),
      budgetRow('login + student list: JS in all (gzip)', kb(login.js + students.js), 'kB'),
    );

    const areas = measureAreas(ROOT, opts.distDir);
    const servedEntry = first.login.find((a) => a.path.includes('/assets/index-') && a.kind === 'js')?.path;
    const sameBuild = Boolean(areas && servedEntry && areas.entryFiles.some((f) => `/${f}` === servedEntry));
    if (areas && sameBuild) {
      // One row per page module (the five student lists share one page).
      const seen = new Set<string>();
      for (const a of areas.areas) {
        if (seen.has(a.module)) continue;
        seen.add(a.module);
        rows.push({ name: `lazy page ${a.path}: added to first load + shell (gzip)`, value: kb(a.js + a.css), unit: 'kB', ok: a.ownLazyChunk });
      }
    }

    const lcp = { login: [] as Lcp[], students: [] as Lcp[] };
    for (let i = 0; i < runs; i++) {
      lcp.login.push(await lcpOnce(browser, opts.baseUrl, '/login', 'form button[type=submit]', rate, false));
      lcp.students.push(await lcpOnce(browser, opts.baseUrl, '/students', LIST_ROW, rate, true));
    }
    rows.push(
      budgetRow(`LCP login page, cold cache, ${rate}× CPU (median of ${runs})`, round(median(lcp.login.map((l) => l.ms))), 'ms', BUDGETS.lcpMs),
      budgetRow(`LCP student list, signed in, cold cache, ${rate}× CPU (median of ${runs})`, round(median(lcp.students.map((l) => l.ms))), 'ms', BUDGETS.lcpMs),
    );

    const clicks = { unthrottled: await clickRounds(browser, opts.baseUrl, 1, runs), throttled: await clickRounds(browser, opts.baseUrl, rate, runs) };
    for (const [label, steps] of [['', clicks.unthrottled], [`, ${rate}× CPU`, clicks.throttled]] as const) {
      for (const s of steps) {
        rows.push(budgetRow(`click ${s.from} → ${s.to}: list painted, warm cache${label} (median of ${runs})`, round(median(s.warm)), 'ms', label ? undefined : BUDGETS.clickMs));
      }
      for (const s of steps) rows.push(budgetRow(`click ${s.from} → ${s.to}: list painted, first visit${label}`, round(s.cold), 'ms'));
    }

    return {
      rows,
      details: {
        date: new Date().toISOString(),
        baseUrl: opts.baseUrl,
        machine: { cores: cpus().length, loadAverage1m: { before: loadBefore[0], after: loadavg()[0] } },
        cpuThrottle: rate,
        runs,
        firstLoad: { login: brief(first.login), studentsAfterSignIn: brief(first.students) },
        lazyPages: areas && sameBuild ? areas.areas : { skipped: areas ? `dist/ (${areas.distDir}) is not the build the server serves` : 'no dist/.vite/manifest.json' },
        lcp,
        clicks: Object.fromEntries(Object.entries(clicks).map(([k, steps]) => [k, steps.map((s) => ({ ...s, coldAssets: brief(s.coldAssets) }))])),
      },
    };
  } finally {
    await browser.close();
  }
}
