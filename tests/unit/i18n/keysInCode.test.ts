// No raw translation key reaches a screen because of the code: every key it names exists in both languages, and
// every page loads the namespaces its code uses (the student lists once showed "edu.list.range": their pager's
// namespace was never loaded). The page crawl (tests/e2e/everyPage/, tests/e2e/crawl/crawlEveryPage.ts) checks what is really on the screens.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_LANGS, localeNamespaces, localeTable } from '../../support/localeKeys';
import { ROOT, codeOf, keysIn, moduleClosure, namespacesUsed, routePages, sourceFiles } from '../../support/sourceKeys';

const namespaces = localeNamespaces();
const tables = Object.fromEntries(LOCALE_LANGS.map((lang) => [lang, localeTable(lang)])) as Record<(typeof LOCALE_LANGS)[number], Map<string, string>>;
const files = ['src', 'contract', 'server'].flatMap((dir) => sourceFiles(join(ROOT, dir)));

/** The namespaces of the first bundle (main.tsx: the sign-in page) and of the signed-in shell (shellLoader.ts). */
function namespacesOf(file: string, constant: string): string[] {
  const match = new RegExp(`const ${constant} = \\[([^\\]]*)\\]`).exec(readFileSync(join(ROOT, file), 'utf8'));
  if (!match) throw new Error(`${constant} not found in ${file}`);
  return [...match[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
}
const bootNamespaces = namespacesOf('src/main.tsx', 'NAMESPACES');
const shellNamespaces = [...bootNamespaces, ...namespacesOf('src/app/shellLoader.ts', 'SHELL_NAMESPACES')];

describe('translation keys in the code', () => {
  it('finds the keys it is meant to find (and not audit actions or event names)', () => {
    const sample = join(ROOT, 'src/views/common/ListPagination.tsx');
    expect(keysIn(sample, namespaces).keys.map((k) => k.key)).toEqual(['common.pager.range', 'common.pager.prev', 'common.pager.next']);
    const routes = keysIn(join(ROOT, 'src/app/routes.ts'), namespaces).keys.map((k) => k.key);
    expect(routes).toContain('nav.pages.newLeads');
    const audit = keysIn(join(ROOT, 'server/auth/signIn.ts'), namespaces).keys.map((k) => k.key);
    expect(audit).not.toContain('auth.sign_in');
  });

  it('names only keys that exist in both languages', () => {
    const uses = files.flatMap((file) => keysIn(file, namespaces).keys);
    expect(uses.length).toBeGreaterThan(1000);
    const missing = uses.flatMap(({ key, file }) => LOCALE_LANGS.filter((lang) => !tables[lang].has(key)).map((lang) => `${lang}: ${key} (${file})`));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('builds keys only from prefixes that have keys in both languages, unless the key is optional', () => {
    const uses = files.flatMap((file) => keysIn(file, namespaces).prefixes).filter((p) => !p.optional);
    expect(uses.length).toBeGreaterThan(50);
    const missing = uses.flatMap(({ prefix, file }) =>
      LOCALE_LANGS.filter((lang) => ![...tables[lang].keys()].some((k) => k.startsWith(`${prefix}.`))).map((lang) => `${lang}: ${prefix}.* (${file})`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has the same keys in every language (uz, ru, en), none empty', () => {
    const uz = tables.uz;
    for (const lang of LOCALE_LANGS.filter((l) => l !== 'uz')) {
      const other = tables[lang];
      expect([...uz.keys()].filter((k) => !other.has(k)), `missing in ${lang}`).toEqual([]);
      expect([...other.keys()].filter((k) => !uz.has(k)), `only in ${lang}`).toEqual([]);
    }
    const all = LOCALE_LANGS.flatMap((lang) => [...tables[lang]].map(([k, text]) => [`${lang}: ${k}`, text]));
    expect(all.filter(([, text]) => text.trim() === '').map(([k]) => k)).toEqual([]);
  });

  it('keeps every {{placeholder}} of the Uzbek text in the other languages', () => {
    const names = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();
    const differ = LOCALE_LANGS.filter((l) => l !== 'uz').flatMap((lang) =>
      [...tables.uz].filter(([k, text]) => tables[lang].has(k) && names(text).join() !== names(tables[lang].get(k) ?? '').join()).map(([k]) => `${lang}: ${k}`),
    );
    expect(differ).toEqual([]);
  });
});

describe('namespaces loaded with each page', () => {
  const routesFile = join(ROOT, 'src/app/routes.ts');

  it('the sign-in page and the shell use only the namespaces loaded with them', () => {
    const login = namespacesUsed(moduleClosure(join(ROOT, 'src/views/login/LoginPage.tsx')), namespaces);
    expect([...login.keys()].filter((ns) => !bootNamespaces.includes(ns))).toEqual([]);
    const shell = namespacesUsed(moduleClosure(join(ROOT, 'src/views/shell/ShellLayout.tsx'), new Set([routesFile])), namespaces);
    expect(Object.fromEntries([...shell].filter(([ns]) => !shellNamespaces.includes(ns)))).toEqual({});
  });

  it('every route page loads each namespace its code (and the code it imports) uses', () => {
    const pages = routePages();
    expect(pages.length).toBeGreaterThan(30);
    const problems: Record<string, Record<string, string[]>> = {};
    for (const page of pages) {
      const used = namespacesUsed(moduleClosure(page.module, new Set([routesFile])), namespaces);
      const loaded = new Set([...shellNamespaces, ...page.namespaces]);
      const missing = [...used].filter(([ns]) => !loaded.has(ns));
      if (missing.length) problems[relative(ROOT, page.module)] = Object.fromEntries(missing);
    }
    expect(problems).toEqual({});
  });

  it('would have caught the student lists without the pager namespace', () => {
    const lists = routePages().find((p) => p.module.endsWith('StudentsListPage.tsx'))!;
    const used = namespacesUsed(moduleClosure(lists.module, new Set([routesFile])), namespaces);
    expect(used.has('common')).toBe(true);
    expect(codeOf(join(ROOT, 'src/views/common/ListPagination.tsx'))).toContain("t('common.pager.range'");
  });
});
