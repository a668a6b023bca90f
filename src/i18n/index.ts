// The i18n API of the app: `t('ns.key', params)`, `useT()`, `loadNamespaces`, `setLanguage`. Part of the first
// bundle, so it stays small: rosetta and the language cookie; never zod (see zodLocale.ts) nor date-fns.
import { useSyncExternalStore } from 'react';
import { currentLang, isLang, rememberLang, setCurrentLang, subscribeLang, type Lang } from './language';
import { createTranslator, type Translate, type TranslateParams, type TranslatorOptions } from './translator';

export { LANGS, DEFAULT_LANG, FALLBACK_LANG, currentLang, isLang, type Lang } from './language';
export { translateIssue } from './issues';
export type { Translate, TranslateParams } from './translator';

let basePath = `${(import.meta.env.BASE_URL ?? '/').replace(/\/$/, '')}/locales`;

// A key without text is reported once: an error in development, a warning in a built app (the page crawl of the
// e2e suite fails on it); the page shows the key's words or, while its namespace arrives, nothing.
const onMissing: TranslatorOptions['onMissing'] = (key, reason) => {
  const message = reason === 'missing' ? `[i18n] No text for "${key}" in any language` : `[i18n] "${key}" needed a namespace its page did not load; loading it now`;
  if (import.meta.env.DEV) console.error(message);
  else console.warn(message);
};

let translator = createTranslator({ basePath, onMissing });

/** Points namespace loading elsewhere (tests, a CDN). Forgets what was loaded. */
export function configureI18n(options: { basePath?: string; fetch?: typeof fetch; onMissing?: TranslatorOptions['onMissing'] }): void {
  basePath = options.basePath ?? basePath;
  translator = createTranslator({ basePath, fetch: options.fetch, onMissing: options.onMissing ?? onMissing });
}

/** Translates in the current language; missing → Uzbek → the key's words (never the key). */
export const t: Translate = (key, params) => translator.translate(currentLang(), key, params);

export function loadNamespaces(lang: Lang, namespaces: readonly string[]): Promise<void> {
  return translator.loadNamespaces(lang, namespaces);
}

/** Loads the current language's namespaces and applies the language to the page; call before the first render. */
export async function initI18n(namespaces: readonly string[]): Promise<void> {
  const lang = currentLang();
  applyToPage(lang);
  await translator.loadNamespaces(lang, namespaces);
}

type LanguagePreparation = (lang: Lang) => Promise<void>;
const preparations = new Set<LanguagePreparation>();

/** Work a language switch waits for besides the loaded namespaces (zod's messages, once forms are loaded). */
export function beforeLanguageSwitch(prepare: LanguagePreparation): () => void {
  preparations.add(prepare);
  return () => preparations.delete(prepare);
}

/** Loads every namespace already loaded (in either language) for `lang`, then switches and remembers it. */
export async function setLanguage(lang: Lang): Promise<void> {
  if (!isLang(lang)) return;
  await Promise.all([translator.loadNamespaces(lang, translator.loadedNamespaces()), ...[...preparations].map((prepare) => prepare(lang))]);
  rememberLang(lang);
  applyToPage(lang);
  setCurrentLang(lang);
}

function applyToPage(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

// useSyncExternalStore needs one snapshot that changes whenever a translation arrives or the language changes.
function subscribe(listener: () => void): () => void {
  const offLang = subscribeLang(listener);
  const offTables = translator.subscribe(listener);
  return () => {
    offLang();
    offTables();
  };
}
const snapshot = () => `${currentLang()}:${translator.version()}`;

let bound = { key: '', t: ((key: string, params?: TranslateParams) => t(key, params)) as Translate };

/** `{ t, lang, setLanguage }`; re-renders when the language changes or a namespace finishes loading. */
export function useT(): { t: Translate; lang: Lang; setLanguage: (lang: Lang) => Promise<void> } {
  const key = useSyncExternalStore(subscribe, snapshot, snapshot);
  // A new `t` per snapshot, so memoised children that take `t` as a prop or dependency re-render too.
  if (bound.key !== key) bound = { key, t: (k, params) => t(k, params) };
  return { t: bound.t, lang: currentLang(), setLanguage };
}
