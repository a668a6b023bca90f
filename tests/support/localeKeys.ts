// The translation keys of locales/{lang}/{namespace}.json as the app spells them ("namespace.key.path"), for the
// page crawl (is this visible text a key?) and the unit test that every key the code uses exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPluralForms } from '../../contract/plural';

export const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'locales');
export const LOCALE_LANGS = ['uz', 'ru', 'en'] as const;

/** The leaf keys of one language: "namespace.a.b" → text; a set of plural forms is one key (its forms joined). */
export function localeTable(lang: string, dir = LOCALES_DIR): Map<string, string> {
  const table = new Map<string, string>();
  for (const file of readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json'))) {
    flatten(JSON.parse(readFileSync(join(dir, lang, file), 'utf8')) as unknown, file.replace(/\.json$/, ''), table);
  }
  return table;
}

function flatten(value: unknown, prefix: string, into: Map<string, string>): void {
  if (isPluralForms(value)) {
    into.set(prefix, Object.values(value).every((form) => form.trim() !== '') ? Object.values(value).join(' | ') : '');
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, `${prefix}.${k}`, into);
  } else {
    into.set(prefix, String(value));
  }
}

/** The namespace names (file names) of every language. */
export function localeNamespaces(dir = LOCALES_DIR): Set<string> {
  return new Set(LOCALE_LANGS.flatMap((lang) => readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''))));
}

/** Every key of every language, and every key prefix of two segments or more (`t('edu.list')` answers the key). */
export function allKeysAndPrefixes(dir = LOCALES_DIR): Set<string> {
  const keys = new Set<string>();
  for (const lang of LOCALE_LANGS) {
    for (const key of localeTable(lang, dir).keys()) {
      const parts = key.split('.');
      for (let i = 2; i <= parts.length; i += 1) keys.add(parts.slice(0, i).join('.'));
    }
  }
  return keys;
}

/**
 * Whether a word on the page is a translation key: exactly a key (or key prefix) of the locale files, or shaped like
 * one that exists in no file: a known namespace, a dot and an identifier ("edu.list.rnage"), or several dotted
 * identifiers with a camelCase part ("orders.someKey.x"). Sentences, numbers, times, emails and domains are not.
 */
export function isTranslationKey(word: string, keys: ReadonlySet<string>, namespaces: ReadonlySet<string>): boolean {
  if (keys.has(word)) return true;
  if (!/^[a-z][\w-]*(\.[A-Za-z_][\w-]*)+$/.test(word)) return false;
  const parts = word.split('.');
  if (namespaces.has(parts[0])) return true;
  return parts.length >= 3 && parts.some((p) => /[a-z][A-Z]/.test(p));
}

/** The words of a text that are translation keys; a word is trimmed of the punctuation that may surround it. */
export function translationKeysIn(text: string, keys: ReadonlySet<string>, namespaces: ReadonlySet<string>): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[^\w]+|[^\w]+$/g, ''))
    .filter((w) => w.includes('.') && isTranslationKey(w, keys, namespaces));
}
