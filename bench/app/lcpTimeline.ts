// `node --import tsx bench/app/lcpTimeline.ts URL [cpu] [trace.json]`: one signed-in cold load of /students; prints the
// page's performance marks (when the build sets any), the LCP, and with RES=1 the resource timings (REQS=1: Playwright's log).
import { DIRECTOR, LIST_ROW, freshContext, launchBrowser, seedSession, throttleCpu } from './browser';
import { observeLcp, readLcp } from './paint';

const base = process.argv[2] ?? 'http://127.0.0.1:3100';
const rate = Number(process.argv[3] ?? 4);
const tracePath = process.argv[4];
const browser = await launchBrowser();
const context = await freshContext(browser, base);
await seedSession(context, base, DIRECTOR);
const page = await context.newPage();
await throttleCpu(page, rate);
await observeLcp(page);
const t0 = Date.now();
const reqs: { url: string; start: number; end?: number }[] = [];
page.on('request', (r) => reqs.push({ url: r.url().replace(base, ''), start: Date.now() - t0 }));
page.on('requestfinished', (r) => { const e = reqs.find((x) => x.url === r.url().replace(base, '') && x.end === undefined); if (e) e.end = Date.now() - t0; });
if (tracePath) await browser.startTracing(page, { path: tracePath, screenshots: false, categories: ['devtools.timeline', 'v8.execute', 'toplevel', 'loading', 'blink.user_timing', 'v8'] });
await page.goto('/students');
await page.locator(LIST_ROW).first().waitFor({ timeout: 30_000 });
const rowAt = Date.now() - t0;
await page.waitForLoadState('networkidle');
if (tracePath) await browser.stopTracing();
const lcp = await readLcp(page);
const marks = await page.evaluate(() => performance.getEntriesByType('navigation').map((e) => (e as PerformanceNavigationTiming).responseStart));
const pm = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => `${Math.round(m.startTime)} ${m.name}`));
const seen = new Set<string>();
console.log(pm.filter((m) => { const k = m.split(' ')[1]; if (seen.has(k)) return false; seen.add(k); return true; }).join('\n'));
const res = await page.evaluate(() => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => `${Math.round(r.startTime)} ${Math.round(r.responseEnd)} ${r.name.replace(location.origin, '')}`));
if (process.env.RES) console.log(res.join('\n'));
if (process.env.REQS) for (const r of reqs) console.log(String(r.start).padStart(6), String(r.end ?? '-').padStart(6), r.url);
console.log('row visible (node clock)', rowAt, 'lcp', JSON.stringify(lcp), 'navResponseStart', marks);
await browser.close();
