// Translation tables per language, loaded one namespace file at a time (GET /locales/{lang}/{ns}.json) into a
// rosetta instance. Keys are "namespace.key.path"; `{{param}}` is interpolated. A key missing in the requested
// language falls back to Uzbek, then to the key itself.
import rosetta from 'rosetta';
import { FALLBACK_LANG, type Lang } from './language';

export type TranslateParams = Record<string, unknown>;
export type Translate = (key: string, params?: TranslateParams) => string;
type Table = Record<string, unknown>;

export type TranslatorOptions = {
  /** Where the namespace files live, without a trailing slash: "/locales". */
  basePath: string;
  fetch?: typeof fetch;
};

export function createTranslator(options: TranslatorOptions) {
  const tables = rosetta<Table>();
  const loaded: Record<Lang, Set<string>> = { uz: new Set(), en: new Set() };
  const inflight = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  let version = 0;

  const changed = () => {
    version += 1;
    listeners.forEach((l) => l());
  };

  function lookup(key: string, params: TranslateParams | undefined, lang: Lang): string | null {
    // rosetta answers '' for a missing key and the sub-table (an object) for a partial key: neither is text.
    const value: unknown = tables.t(key, params ?? {}, lang);
    return typeof value === 'string' && value !== '' ? value : null;
  }

  function translate(lang: Lang, key: string, params?: TranslateParams): string {
    return lookup(key, params, lang) ?? (lang !== FALLBACK_LANG ? lookup(key, params, FALLBACK_LANG) : null) ?? key;
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
      // A missing file must not break the page: its keys show as keys, and the next call tries again.
      .catch((error: unknown) => console.error('Failed to load translations', url, error))
      .finally(() => inflight.delete(id));
    inflight.set(id, promise);
    return promise;
  }

  return {
    translate,
    /** Loads the namespaces for `lang` and, for the fallback, in Uzbek too. Never rejects. */
    async loadNamespaces(lang: Lang, namespaces: readonly string[]): Promise<void> {
      const langs: Lang[] = lang === FALLBACK_LANG ? [lang] : [lang, FALLBACK_LANG];
      await Promise.all(langs.flatMap((l) => namespaces.map((ns) => loadOne(l, ns))));
    },
    /** Every namespace loaded in any language: what a language switch must load before it switches. */
    loadedNamespaces(): string[] {
      return [...new Set([...loaded.uz, ...loaded.en])];
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
