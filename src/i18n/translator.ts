// Translation tables per language, loaded one namespace file at a time (GET /locales/{lang}/{ns}.json) into a
// rosetta instance. Keys are "namespace.key.path"; `{{param}}` is interpolated. A key missing in the requested
// language falls back to Uzbek. A value may be a set of plural forms (contract/plural.ts), chosen by `count`. A raw key never reaches the screen: a key of a namespace nobody loaded yet reads as
// nothing while that namespace is fetched (then the page re-renders), and a key missing from both languages reads
// as its last segment in words ("edu.list.noGroups" → "No groups") and is reported (decisions: "No raw keys").
import rosetta from 'rosetta';
import { isPluralForms, pluralCategory } from '../../contract/plural';
import { FALLBACK_LANG, type Lang } from './language';

/** Interpolation values; `defaultValue` is what an optional key reads as when no language has it (not reported). */
export type TranslateParams = Record<string, unknown> & { defaultValue?: string };
export type Translate = (key: string, params?: TranslateParams) => string;
type Table = Record<string, unknown>;

/** Why a key had no text: its namespace was not loaded (and is being loaded now), or no language has the key. */
export type MissingReason = 'namespace-not-loaded' | 'missing';

export type TranslatorOptions = {
  /** Where the namespace files live, without a trailing slash: "/locales". */
  basePath: string;
  fetch?: typeof fetch;
  /** Told once per key that had no text (the app logs it in development). */
  onMissing?: (key: string, reason: MissingReason) => void;
};

// A namespace is a locale file name; anything else before the first dot (plain text passed to t) is not fetched.
const NAMESPACE = /^[a-z][a-z0-9_]*$/;
// What a key looks like; anything else passed to t (a sentence) is text already and shown as it is.
const KEY = /^[\w-]+(\.[\w-]+)+$/;

/** The last segment of a key in words: "edu.list.noGroups" → "No groups", "roles.TEACHER" → "Teacher". */
export function keyInWords(key: string): string {
  if (!KEY.test(key)) return key;
  const last = key.slice(key.lastIndexOf('.') + 1);
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

export function createTranslator(options: TranslatorOptions) {
  const tables = rosetta<Table>();
  const loaded: Record<Lang, Set<string>> = { uz: new Set(), ru: new Set(), en: new Set() };
  const inflight = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  let version = 0;

  const changed = () => {
    version += 1;
    listeners.forEach((l) => l());
  };

  function lookup(key: string, params: TranslateParams | undefined, lang: Lang): string | null {
    // rosetta answers '' for a missing key and the sub-table (an object) for a partial key: neither is text,
    // unless the object is a set of plural forms ("other" when `count` is no number).
    const value: unknown = tables.t(key, params ?? {}, lang);
    if (isPluralForms(value)) {
      const count = Number(params?.count);
      const category = Number.isFinite(count) ? pluralCategory(value, lang, count) : 'other';
      const form: unknown = tables.t(`${key}.${category}`, params ?? {}, lang);
      return typeof form === 'string' && form !== '' ? form : null;
    }
    return typeof value === 'string' && value !== '' ? value : null;
  }

  const reported = new Set<string>();
  const report = (key: string, reason: MissingReason) => {
    if (reported.has(`${reason}:${key}`)) return;
    reported.add(`${reason}:${key}`);
    options.onMissing?.(key, reason);
  };
  // Namespaces fetched because a key needed them; a failed one is not fetched again on every render.
  const fetchedOnDemand = new Set<string>();

  function translate(lang: Lang, key: string, params?: TranslateParams): string {
    const text = lookup(key, params, lang) ?? (lang !== FALLBACK_LANG ? lookup(key, params, FALLBACK_LANG) : null);
    if (text !== null) return text;
    if (!KEY.test(key)) return params?.defaultValue ?? key;
    const dot = key.indexOf('.');
    const namespace = dot > 0 ? key.slice(0, dot) : '';
    if (NAMESPACE.test(namespace) && !loaded[lang].has(namespace) && !fetchedOnDemand.has(`${lang}/${namespace}`)) {
      // The page forgot a namespace: fetch it now; its subscribers re-render when it arrives.
      fetchedOnDemand.add(`${lang}/${namespace}`);
      report(key, 'namespace-not-loaded');
      void loadNamespaces(lang, [namespace]);
    }
    if (params?.defaultValue !== undefined) return params.defaultValue;
    // Nothing, rather than a stand-in, for the moment until a namespace on its way arrives.
    if (inflight.has(`${lang}/${namespace}`) || inflight.has(`${FALLBACK_LANG}/${namespace}`)) return '';
    report(key, 'missing');
    return keyInWords(key);
  }

  function loadOne(lang: Lang, namespace: string): Promise<void> {
    if (loaded[lang].has(namespace)) return Promise.resolve();
    const id = `${lang}/${namespace}`;
    const running = inflight.get(id);
    if (running) return running;
    const url = `${options.basePath}/${lang}/${namespace}.json`;
    const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
    const promise = doFetch(url, { headers: { accept: 'application/json' } })
      .then((res) => {
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return res.json() as Promise<Table>;
      })
      .then((table) => {
        tables.set(lang, { [namespace]: table });
        loaded[lang].add(namespace);
        changed();
      })
      // A missing file must not break the page: its keys read as words (translate), and the next call tries again.
      .catch((error: unknown) => console.error('Failed to load translations', url, error))
      .finally(() => inflight.delete(id));
    inflight.set(id, promise);
    return promise;
  }

  /** Loads the namespaces for `lang` and, for the fallback, in Uzbek too. Never rejects. */
  async function loadNamespaces(lang: Lang, namespaces: readonly string[]): Promise<void> {
    const langs: Lang[] = lang === FALLBACK_LANG ? [lang] : [lang, FALLBACK_LANG];
    await Promise.all(langs.flatMap((l) => namespaces.map((ns) => loadOne(l, ns))));
  }

  return {
    translate,
    loadNamespaces,
    /** Every namespace loaded in any language: what a language switch must load before it switches. */
    loadedNamespaces(): string[] {
      return [...new Set(Object.values(loaded).flatMap((names) => [...names]))];
    },
    isLoaded: (lang: Lang, namespace: string) => loaded[lang].has(namespace),
    version: () => version,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type Translator = ReturnType<typeof createTranslator>;
