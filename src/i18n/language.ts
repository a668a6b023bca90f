// The interface language (spec: uz default and fallback, en). Kept in a cookie for a year, not localStorage,
// because logout clears local storage and the sign-in page should stay in the language the user chose.
import { ONE_YEAR_SECONDS, getBrowserCookie, setBrowserCookie } from '../lib/cookies';

export const LANGS = ['uz', 'ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'uz';
export const FALLBACK_LANG: Lang = 'uz';
export const LANG_COOKIE = 'lang';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** The remembered language, else Uzbek (not the browser's language: the product is Uzbek first). */
export function rememberedLang(): Lang {
  const saved = getBrowserCookie(LANG_COOKIE);
  return isLang(saved) ? saved : DEFAULT_LANG;
}

export function rememberLang(lang: Lang): void {
  setBrowserCookie(LANG_COOKIE, lang, ONE_YEAR_SECONDS);
}

type Listener = () => void;
let current: Lang = rememberedLang();
const listeners = new Set<Listener>();

/** The current language; the HTTP client reads it for Accept-Language. */
export function currentLang(): Lang {
  return current;
}

/** Switches the language store only; i18n/index's setLanguage loads translations first and then calls this. */
export function setCurrentLang(lang: Lang): void {
  if (lang === current) return;
  current = lang;
  listeners.forEach((l) => l());
}

export function subscribeLang(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
