// Plural forms in the locale files, shared by the screens and the server. A key whose value is an object of CLDR
// categories ({"one": "{{count}} студент", "few": "{{count}} студента", "many": "{{count}} студентов", "other": …})
// is read with Intl.PluralRules of the language and the `count` parameter; "other" is required and the fallback.

const CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** Whether a locale value is a set of plural forms rather than nested keys. */
export function isPluralForms(value: unknown): value is Record<string, string> & { other: string } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    'other' in value &&
    entries.every(([form, text]) => CATEGORIES.has(form) && typeof text === 'string')
  );
}

const rules = new Map<string, Intl.PluralRules>();

/** Which form of `forms` `count` takes in `lang` (Russian: 1 → one, 2 → few, 5 → many, 21 → one), else "other". */
export function pluralCategory(forms: Record<string, string>, lang: string, count: number): string {
  let rule = rules.get(lang);
  if (!rule) {
    rule = new Intl.PluralRules(lang);
    rules.set(lang, rule);
  }
  const category = rule.select(count);
  return category in forms ? category : 'other';
}
