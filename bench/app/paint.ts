// In-page timings: the largest contentful paint of a load, and a sidebar click to the next list painted.
import type { Page } from '@playwright/test';
import { LIST_ROW } from './browser';

export type Lcp = { ms: number; element: string; size: number };

/** Collects 'largest-contentful-paint' entries from the first byte on; call before `goto`. */
export async function observeLcp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: { ms: number; element: string; size: number }[] };
    w.__lcp = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { element?: Element | null; size: number })[]) {
        const el = e.element;
        const name = el ? `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"` : '?';
        w.__lcp.push({ ms: e.startTime, element: name, size: e.size });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** The final LCP candidate (the browser stops reporting at the first input, so read it before any click). */
export async function readLcp(page: Page): Promise<Lcp> {
  // Two frames, so a paint that just happened has been reported.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const all = await page.evaluate(() => (window as unknown as { __lcp: Lcp[] }).__lcp);
  const last = all[all.length - 1];
  if (!last) throw new Error('no largest-contentful-paint entry');
  return { ms: Math.round(last.ms), element: last.element, size: last.size };
}

/**
 * Clicks the sidebar link to `href` inside the page and measures, with performance.now, the time until a list
 * row of the new page is in the DOM and the next frame has been produced (rAF, then a task: the paint is done).
 * Rows already on screen are marked first, so only the next page's rows count.
 */
export async function timeSidebarClick(page: Page, href: string, timeoutMs = 15_000): Promise<number> {
  // A string, not a function: the TypeScript loader would wrap named inner functions in a helper the page lacks.
  return page.evaluate(`(${CLICK_SCRIPT})(${JSON.stringify({ href, row: LIST_ROW, timeoutMs })})`) as Promise<number>;
}

const CLICK_SCRIPT = `({ href, row, timeoutMs }) => new Promise((resolve, reject) => {
  document.querySelectorAll(row).forEach((el) => el.setAttribute('data-bench-old', ''));
  const link = document.querySelector('[data-testid=sidebar] a[href="' + href + '"]');
  if (!link) return reject(new Error('no sidebar link to ' + href));
  const fresh = row + ':not([data-bench-old])';
  let done = false;
  const observer = new MutationObserver(() => {
    if (done || !document.querySelector(fresh)) return;
    done = true;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => {
    if (done) return;
    observer.disconnect();
    reject(new Error('no list row on ' + href + ' within ' + timeoutMs + ' ms'));
  }, timeoutMs);
  const start = performance.now();
  link.click();
})`;

/** Opens the sidebar section that holds `href` when its link is not shown yet (not timed). */
export async function revealSidebarLink(page: Page, section: string, href: string): Promise<void> {
  const link = page.locator(`[data-testid=sidebar] a[href="${href}"]`);
  if (await link.count()) return;
  await page.getByTestId(`nav-section-${section}`).click();
  await link.waitFor({ state: 'attached' });
}
