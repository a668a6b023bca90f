// Everything a person reads or hears on the page: visible text nodes, and the label-like attributes that a screen
// reader speaks or a pointer shows (aria-label, title, placeholder, alt, the value of input buttons), plus the
// document title. Each comes with a short "where" (the nearest test id, else the tag) for the failure message, and
// whether it sits in a `translate="no"` element (an identifier such as an audit action code, not words).
import type { Page } from '@playwright/test';

export type PageText = { where: string; text: string; identifier: boolean };

export function visibleTexts(page: Page): Promise<PageText[]> {
  return page.evaluate(() => {
    const out: { where: string; text: string; identifier: boolean }[] = [];
    const shown = (el: Element) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && !el.closest('[aria-hidden=true]');
    const where = (el: Element) => {
      const tagged = el.closest('[data-testid]');
      return `${el.tagName.toLowerCase()}${tagged ? ` in [data-testid=${tagged.getAttribute('data-testid')}]` : ''}`;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue?.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('script, style, noscript, template') || !shown(el)) continue;
      out.push({ where: where(el), text, identifier: !!el.closest('[translate=no]') });
    }
    const attrs = ['aria-label', 'title', 'placeholder', 'alt', 'aria-placeholder', 'aria-roledescription', 'aria-valuetext', 'aria-description'];
    for (const el of document.body.querySelectorAll(`${attrs.map((a) => `[${a}]`).join(', ')}, input[type=button], input[type=submit], input[type=reset]`)) {
      // A label is read out even where the element is visually hidden (sr-only), but not when hidden from everyone.
      if (el.closest('[hidden], [aria-hidden=true]')) continue;
      for (const attr of attrs) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push({ where: `${where(el)} @${attr}`, text: value, identifier: false });
      }
      if (el instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(el.type) && el.value) out.push({ where: `${where(el)} @value`, text: el.value, identifier: false });
    }
    if (document.title) out.push({ where: 'document title', text: document.title, identifier: false });
    return out;
  });
}
