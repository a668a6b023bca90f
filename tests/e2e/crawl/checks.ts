// What the crawl checks on one settled page: no translation key among the words a person reads or hears, and no
// WCAG 2.1 A/AA violation that axe-core finds (colour contrast, names of buttons and fields, ...).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { allKeysAndPrefixes, localeNamespaces, translationKeysIn } from '../../support/localeKeys';
import { visibleTexts } from './pageText';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const keys = allKeysAndPrefixes();
const namespaces = localeNamespaces();

/** Waits until the page has loaded what it shows: no request in flight, no progress bar or busy region, no transition. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid=route-progress], [aria-busy=true]') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
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

/** One line per axe violation: rule, impact, how many elements, and the first few with axe's reason. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations.map((v) => {
    const nodes = v.nodes.slice(0, 4).map((n) => `      ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 220)}`);
    return [`${v.id} (${v.impact ?? '?'}, ${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}): ${v.help}`, ...nodes].join('\n');
  });
}
