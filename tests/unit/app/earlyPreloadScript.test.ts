// public/early-preload.js, run as the browser runs it (a plain script, before the boot chunk) against a minimal
// document: it preloads the translations of the language the cookie holds, with Uzbek as the fallback, for every
// language the interface offers.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../../../src/i18n/language';

const SCRIPT = readFileSync(new URL('../../../public/early-preload.js', import.meta.url), 'utf8');
const DATA = { files: ['assets/shell.js', 'assets/students.js'], bootNs: ['common'], shell: [0], shellNs: ['shell'], pages: [[[1], ['students']]], exact: { '/students': 0 }, prefix: {} };

/** The hrefs the script asked the head to preload. */
function preloads(cookie: string, signedIn: boolean, pathname = '/students'): string[] {
  const links: { rel: string; href: string }[] = [];
  const document = {
    cookie,
    getElementById: (id: string) => (id === 'early-preload' ? { textContent: JSON.stringify(DATA) } : null),
    createElement: () => ({}) as { rel: string; href: string },
    head: { appendChild: (el: { rel: string; href: string }) => links.push(el) },
  };
  const localStorage = { getItem: (key: string) => (signedIn && key === 'refreshToken' ? 'stored' : null) };
  runInNewContext(SCRIPT, { document, localStorage, location: { pathname } });
  return links.map((l) => l.href);
}

describe('the early preload script', () => {
  it.each(LANGS)('preloads the %s translations the cookie names, and Uzbek beside them', (lang) => {
    const hrefs = preloads(`theme=dark; lang=${lang}`, true);
    const wanted = lang === 'uz' ? ['uz'] : [lang, 'uz'];
    for (const l of wanted) for (const ns of ['common', 'shell', 'students']) expect(hrefs).toContain(`/locales/${l}/${ns}.json`);
    expect(hrefs.filter((h) => h.startsWith('/locales/')).every((h) => wanted.some((l) => h.startsWith(`/locales/${l}/`)))).toBe(true);
    expect(hrefs).toContain('/assets/students.js');
  });

  it('preloads only the sign-in page’s translations without a stored session, in Uzbek without a cookie', () => {
    expect(preloads('', false)).toEqual(['/locales/uz/common.json']);
  });
});
