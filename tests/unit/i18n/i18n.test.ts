import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { translateIssue } from '../../../src/i18n/issues';
import { createTranslator, keyInWords } from '../../../src/i18n/translator';

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

  it('falls back from English to Uzbek, then to the words of the key, never the key; never shows a sub-table', async () => {
    const { fetch, requested } = fakeFetch();
    const onMissing = vi.fn();
    const tr = createTranslator({ basePath: '/locales', fetch, onMissing });
    await tr.loadNamespaces('en', ['common']);
    expect(requested.sort()).toEqual(['/locales/en/common.json', '/locales/uz/common.json']);
    expect(tr.translate('en', 'common.hello', { name: 'Ali' })).toBe('Hello, Ali!');
    expect(tr.translate('en', 'common.onlyUz')).toBe('Faqat o‘zbekcha');
    expect(onMissing).not.toHaveBeenCalled();
    expect(tr.translate('en', 'common.missingKey')).toBe('Missing key');
    expect(tr.translate('en', 'common.amount')).toBe('Amount');
    expect(tr.translate('en', 'common.amount.not_there')).toBe('Not there');
    // Reported once per key, however often it is rendered.
    tr.translate('en', 'common.missingKey');
    expect(onMissing.mock.calls).toEqual([
      ['common.missingKey', 'missing'],
      ['common.amount', 'missing'],
      ['common.amount.not_there', 'missing'],
    ]);
  });

  it('an optional key reads as its default value, and is not reported', async () => {
    const onMissing = vi.fn();
    const tr = createTranslator({ basePath: '/locales', fetch: fakeFetch().fetch, onMissing });
    await tr.loadNamespaces('uz', ['common']);
    expect(tr.translate('uz', 'common.reasons.Ko‘chib ketdi', { defaultValue: 'Ko‘chib ketdi' })).toBe('Ko‘chib ketdi');
    expect(tr.translate('uz', 'common.hello', { name: 'Ali', defaultValue: 'x' })).toBe('Salom, Ali!');
    expect(onMissing).not.toHaveBeenCalled();
  });

  it('a key of a namespace nobody loaded reads as nothing while that namespace is fetched, then as its text', async () => {
    const { fetch, requested } = fakeFetch();
    const onMissing = vi.fn();
    const tr = createTranslator({ basePath: '/locales', fetch, onMissing });
    const listener = vi.fn();
    tr.subscribe(listener);
    await tr.loadNamespaces('en', ['common']);
    listener.mockClear();
    expect(tr.translate('en', 'validation.required')).toBe('');
    expect(onMissing).toHaveBeenCalledWith('validation.required', 'namespace-not-loaded');
    await vi.waitFor(() => expect(tr.isLoaded('en', 'validation')).toBe(true));
    expect(listener).toHaveBeenCalled();
    expect(tr.translate('en', 'validation.required')).toBe('Required');
    expect(requested.filter((u) => u.includes('validation')).sort()).toEqual(['/locales/en/validation.json', '/locales/uz/validation.json']);
  });

  it('fetches a missing namespace file on demand only once, then reads its keys as words', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fetch, requested } = fakeFetch();
    const tr = createTranslator({ basePath: '/locales', fetch });
    expect(tr.translate('uz', 'nav.home')).toBe('');
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Failed to load translations', '/locales/uz/nav.json', expect.any(Error)));
    expect(tr.translate('uz', 'nav.home')).toBe('Home');
    expect(tr.translate('uz', 'nav.pages.newLeads')).toBe('New leads');
    expect(requested).toEqual(['/locales/uz/nav.json']);
  });

  it('passes plain text through and never fetches a namespace for it', () => {
    const { fetch, requested } = fakeFetch();
    const tr = createTranslator({ basePath: '/locales', fetch });
    expect(tr.translate('uz', 'Server xatosi. Keyinroq urinib ko‘ring')).toBe('Server xatosi. Keyinroq urinib ko‘ring');
    expect(tr.translate('uz', 'plain')).toBe('plain');
    expect(requested).toEqual([]);
  });

  it('words a key by its last segment', () => {
    expect(keyInWords('edu.list.noGroups')).toBe('No groups');
    expect(keyInWords('roles.TEACHER')).toBe('Teacher');
    expect(keyInWords('finance.kinds.cash_in')).toBe('Cash in');
    expect(keyInWords('edu.weekdays.1')).toBe('1');
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
