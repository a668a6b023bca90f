// `node --import tsx bench/app/compareLcp.ts URL_A URL_B [loads] [login]`: LCP of the signed-in student list (and
// the login page) on two servers of two builds, loads alternated so both see the same machine load; prints medians.
import { DIRECTOR, LIST_ROW, freshContext, launchBrowser, seedSession, throttleCpu } from './browser';
import { observeLcp, readLcp } from './paint';
import { loadavg } from 'node:os';

const [a, b] = [process.argv[2], process.argv[3]];
const n = Number(process.argv[4] ?? 5);
const withLogin = process.argv[5] === 'login';
const browser = await launchBrowser();
async function once(base: string, signedIn: boolean) {
  const context = await freshContext(browser, base);
  try {
    if (signedIn) await seedSession(context, base, DIRECTOR);
    const page = await context.newPage();
    await throttleCpu(page, 4);
    await observeLcp(page);
    await page.goto(signedIn ? '/students' : '/login');
    await page.locator(signedIn ? LIST_ROW : 'form button[type=submit]').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    return (await readLcp(page)).ms;
  } finally {
    await context.close();
  }
}
const res: Record<string, number[]> = { a: [], b: [], al: [], bl: [] };
const load0 = loadavg()[0];
for (let i = 0; i < n; i++) {
  res.a.push(await once(a, true));
  res.b.push(await once(b, true));
  if (withLogin) { res.al.push(await once(a, false)); res.bl.push(await once(b, false)); }
}
const med = (xs: number[]) => { const s = [...xs].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
for (const [k, v] of Object.entries(res)) if (v.length) console.log(k, 'median', med(v), 'best', Math.min(...v), JSON.stringify(v));
console.log('load', load0.toFixed(1), '→', loadavg()[0].toFixed(1));
await browser.close();
