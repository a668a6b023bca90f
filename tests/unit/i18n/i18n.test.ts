import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translateIssue } from '../../../src/i18n/issues';
import { createTranslator } from '../../../src/i18n/translator';

const files: Record<string, unknown> = {
  '/locales/uz/common.json': { appName: 'Markaz', hello: 'Salom, {{name}}!', amount: { million: 'mln' }, onlyUz: 'Faqat o‘zbekcha' },
  '/locales/en/common.json': { appName: 'Markaz', hello: 'Hello, {{name}}!', amount: { million: 'M' } },
  '/locales/uz/validation.json': { required: 'Majburiy maydon', minLength: 'Kamida {{min}} ta belgi bo‘lishi kerak' },
  '/locales/en/validation.json': { required: 'Required', minLength: 'At least {{min}} characters' },
};

function fakeFetch() {
  const requested: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    requested.push(url);
    return url in files ? new Response(JSON.stringify(files[url])) : new Response('not found', { status: 404 });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, requested };
}

describe('translator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads namespace files and interpolates {{params}}', async () => {
    const { fetch, requested } = fakeFetch();
    const tr = createTranslator({ basePath: '/locales', fetch });
    await tr.loadNamespaces('uz', ['common']);
    expect(requested).toEqual(['/locales/uz/common.json']);
    expect(tr.translate('uz', 'common.hello', { name: 'Ali' })).toBe('Salom, Ali!');
    expect(tr.translate('uz', 'common.amount.million')).toBe('mln');
  });

  it('falls back from English to Uzbek, then to the key; never shows a sub-table', async () => {
    const { fetch, requested } = fakeFetch();
    const tr = createTranslator({ basePath: '/locales', fetch });
    await tr.loadNamespaces('en', ['common']);
    expect(requested.sort()).toEqual(['/locales/en/common.json', '/locales/uz/common.json']);
    expect(tr.translate('en', 'common.hello', { name: 'Ali' })).toBe('Hello, Ali!');
    expect(tr.translate('en', 'common.onlyUz')).toBe('Faqat o‘zbekcha');
    expect(tr.translate('en', 'common.missing')).toBe('common.missing');
    expect(tr.translate('en', 'common.amount')).toBe('common.amount');
    expect(tr.translate('uz', 'nav.home')).toBe('nav.home');
  });

  it('fetches a namespace once, even when asked twice at the same time', async () => {
    const { fetch, requested } = fakeFetch();
    const tr = createTranslator({ basePath: '/locales', fetch });
    await Promise.all([tr.loadNamespaces('uz', ['common']), tr.loadNamespaces('uz', ['common'])]);
    await tr.loadNamespaces('uz', ['common']);
    expect(requested).toEqual(['/locales/uz/common.json']);
  });

  it('survives a missing file, logs it, and tries again next time', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetch, requested } = fakeFetch();
    const tr = createTranslator({ basePath: '/locales', fetch });
    await expect(tr.loadNamespaces('uz', ['nav'])).resolves.toBeUndefined();
    await tr.loadNamespaces('uz', ['nav']);
    expect(requested).toEqual(['/locales/uz/nav.json', '/locales/uz/nav.json']);
    expect(log).toHaveBeenCalledWith('Failed to load translations', '/locales/uz/nav.json', expect.any(Error));
    expect(tr.isLoaded('uz', 'nav')).toBe(false);
  });

  it('notifies subscribers and bumps the version when a table arrives', async () => {
    const { fetch } = fakeFetch();
    const tr = createTranslator({ basePath: '/locales', fetch });
    const listener = vi.fn();
    tr.subscribe(listener);
    const before = tr.version();
    await tr.loadNamespaces('uz', ['common', 'validation']);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(tr.version()).toBe(before + 2);
    expect(tr.loadedNamespaces().sort()).toEqual(['common', 'validation']);
  });
});

describe('translateIssue', () => {
  const t = (key: string, params?: Record<string, unknown>) =>
    ({ 'validation.required': 'Majburiy maydon', 'validation.minLength': `Kamida ${String(params?.min)} ta belgi` })[key] ?? key;

  it('translates contract keys, taking {{min}} from the issue', () => {
    expect(translateIssue('validation.required', t)).toBe('Majburiy maydon');
    expect(translateIssue({ message: 'validation.minLength', minimum: 6 }, t)).toBe('Kamida 6 ta belgi');
    expect(translateIssue('validation.minLength', t, { min: 1 })).toBe('Kamida 1 ta belgi');
  });

  it("passes other text through (zod's own messages are already translated)", () => {
    expect(translateIssue('Kamida 3 ta belgi bo‘lishi kerak', t)).toBe('Kamida 3 ta belgi bo‘lishi kerak');
    expect(translateIssue('Invalid input: expected string.', t)).toBe('Invalid input: expected string.');
    expect(translateIssue(undefined, t)).toBe('');
  });
});

describe('i18n module', () => {
  let doc: { cookie: string; documentElement: { lang: string } };
  beforeEach(() => {
    vi.resetModules();
    doc = { cookie: '', documentElement: { lang: '' } };
    vi.stubGlobal('document', doc);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts in Uzbek, switches to English after loading what was loaded, and remembers it in a cookie', async () => {
    const i18n = await import('../../../src/i18n/index');
    const { fetch, requested } = fakeFetch();
    i18n.configureI18n({ basePath: '/locales', fetch });
    await i18n.initI18n(['common']);
    expect(i18n.currentLang()).toBe('uz');
    expect(doc.documentElement.lang).toBe('uz');
    expect(i18n.t('common.hello', { name: 'Ali' })).toBe('Salom, Ali!');

    await i18n.setLanguage('en');
    expect(requested).toContain('/locales/en/common.json');
    expect(i18n.currentLang()).toBe('en');
    expect(i18n.t('common.hello', { name: 'Ali' })).toBe('Hello, Ali!');
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.cookie).toBe('lang=en; path=/; max-age=31536000; SameSite=Lax');
  });

  it('reads the remembered language from the cookie', async () => {
    doc.cookie = 'lang=en';
    const i18n = await import('../../../src/i18n/index');
    expect(i18n.currentLang()).toBe('en');
  });

  it("leaves zod alone until the forms' code follows the language, then sets zod's own messages on every switch", async () => {
    const i18n = await import('../../../src/i18n/index');
    const { z } = await import('zod');
    z.config({ localeError: undefined });
    i18n.configureI18n({ basePath: '/locales', fetch: fakeFetch().fetch });
    await i18n.initI18n([]);
    expect(z.string().min(3).safeParse('a').error?.issues[0].message).toMatch(/Too small/);
    const { followZodLocale } = await import('../../../src/i18n/zodLocale');
    await followZodLocale();
    const uzMessage = z.string().min(3).safeParse('a').error?.issues[0].message;
    await i18n.setLanguage('en');
    const enMessage = z.string().min(3).safeParse('a').error?.issues[0].message;
    expect(uzMessage).toMatch(/belgi/);
    expect(enMessage).toMatch(/Too small/);
  });
});
