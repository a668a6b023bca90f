// What the crawl checks on one settled page: no translation key among the words a person reads or hears, and no
// WCAG 2.1 A/AA violation that axe-core finds (colour contrast, names of buttons and fields, ...).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { allKeysAndPrefixes, localeNamespaces, translationKeysIn } from '../../support/localeKeys';
import { visibleTexts } from './pageText';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const keys = allKeysAndPrefixes();
const namespaces = localeNamespaces();

const pending = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight from now on, for `settle` (call once per page). */
export function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  pending.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until the page has loaded what it shows: no request in flight for a moment (quicker than Playwright's
 * networkidle, which always waits half a second), no progress bar or busy region, no transition running.
 */
export async function settle(page: Page): Promise<void> {
  const open = pending.get(page);
  if (!open) throw new Error('settle needs trackRequests(page) first');
  const deadline = Date.now() + 10_000;
  // Quiet network, then a settled page; again if the page started loading something meanwhile (a lazy tab).
  do {
    for (let quietSince = Date.now(); Date.now() - quietSince < 150; ) {
      if (Date.now() > deadline) throw new Error(`the page kept loading: ${open.size} requests in flight`);
      await page.waitForTimeout(25);
      if (open.size > 0) quietSince = Date.now();
    }
    await page.waitForFunction(
      () =>
        !document.querySelector('[data-testid=route-progress], [aria-busy=true]') &&
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: Math.max(1, deadline - Date.now()) },
    );
  } while (open.size > 0);
}

/**
 * "key (where)" for every translation key shown on the page. In identifiers (translate="no": the audit log's
 * action codes such as "auth.sign_in") only the exact keys of the locale files count, not the key-like shape.
 */
export async function shownKeys(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const { where, text, identifier } of await visibleTexts(page)) {
    for (const key of translationKeysIn(text, keys, identifier ? new Set() : namespaces)) {
      if (!identifier || keys.has(key)) found.add(`${key} (${where})`);
    }
  }
  return [...found];
}

/**
 * One line per axe violation: rule, impact, how many elements, and the first few with axe's reason. Legacy mode:
 * axe.run in the page itself. The default (axe.runPartial in each frame, then axe.finishRun in a blank page opened
 * for it, axe injected twice and every passing node sent across) took twice as long for the same violations; what
 * it adds is cross-origin frames, and the app has no frames.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const origin = new URL(page.url()).origin;
  const unchecked = page
    .frames()
    .filter((f) => (/^https?:/.test(f.url()) ? new URL(f.url()).origin !== origin : !f.url().startsWith('about:')))
    .map((f) => `a frame of another origin, which axe in legacy mode leaves out: ${f.url()}`);
  const result = await builder.analyze();
  return [...unchecked, ...result.violations.map((v) => {
    const nodes = v.nodes.slice(0, 4).map((n) => `      ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 220)}`);
    return [`${v.id} (${v.impact ?? '?'}, ${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}): ${v.help}`, ...nodes].join('\n');
  })];
}
