// Text of another language left on a Russian page: a whole text that is an Uzbek (or English) locale value whose
// Russian differs — an untranslated key, or a key read in the wrong language. Whole values, not single words: the
// browser tests run side by side and fill the demo centre with Uzbek data ("Kassa Sinov …", a reversal's reason),
// which is the centre's data in any interface language; so is the demo centre's (server/seed).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES_DIR, localeTable } from '../../support/localeKeys';

// The demo centre's own data (kinds such as "Maosh", task titles, bonus reasons) is Uzbek in every language.
const SEED_DIR = join(import.meta.dirname, '..', '..', '..', 'server', 'seed');
const seedText = () => readdirSync(SEED_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(join(SEED_DIR, f), 'utf8')).join('\n');

// Letters of Uzbek Latin and English words, with the Uzbek ‘ and ’ inside a word (o‘quvchi, ta’lim).
const WORD = /[A-Za-z][A-Za-z‘’ʻʼ']*[A-Za-z]/g;

// Placeholders and snake_case identifiers (an audit action "finance_entry.create") are not words of a language.
const wordsOf = (text: string) =>
  (text.replace(/\{\{\s*\w+\s*\}\}|\{\w+\}|\w*_\w*/g, ' ').match(WORD) ?? []).map((w) => w.toLowerCase());

const PLACEHOLDER = /\{\{\s*\w+\s*\}\}|\{\w+\}/;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const formsOf = (value: string) => value.split(' | ').map((f) => f.trim()).filter(Boolean);

/**
 * Every value only `lang` has (Russian says it otherwise), as a whole-text pattern; placeholders match anything.
 * Indexed so a page's texts are not each tried against every pattern (thousands per language, seconds per page):
 * a text is tried only against the plain values equal to it but for case, and the values with placeholders whose
 * fixed start and end it has. The pattern itself still decides.
 */
export function foreignOnlyValues(lang: 'uz' | 'en'): ForeignValues {
  const ru = localeTable('ru', LOCALES_DIR);
  const ruValues = new Set([...ru.values()].flatMap(formsOf));
  const seed = seedText();
  const index: ForeignValues = { plain: new Map(), templated: [] };
  for (const value of new Set([...localeTable(lang, LOCALES_DIR).values()].flatMap(formsOf))) {
    // A value Russian writes the same (a brand, a code) or without a word of four letters is no sign of a language.
    if (ruValues.has(value) || seed.includes(`'${value}'`) || !wordsOf(value).some((w) => w.length >= 4)) continue;
    const fixed = value.split(PLACEHOLDER);
    // With placeholders, too little fixed text ("Oylik {{x}}") would match any data that starts alike.
    if (fixed.length > 1 && fixed.join('').trim().length < 12) continue;
    const pattern = new RegExp(`^${fixed.map(escapeRegExp).join('.+?')}$`, 'is');
    // A case-insensitive match has the same upper case, so the upper case finds every candidate.
    if (fixed.length === 1) index.plain.set(value.toUpperCase(), [...(index.plain.get(value.toUpperCase()) ?? []), pattern]);
    else index.templated.push({ head: fixed[0].toUpperCase(), tail: fixed.at(-1)!.toUpperCase(), pattern });
  }
  return index;
}

/** The foreign values of one language, indexed by their fixed text (foreignOnlyValues). */
export type ForeignValues = { plain: Map<string, RegExp[]>; templated: { head: string; tail: string; pattern: RegExp }[] };

function isForeign(text: string, values: ForeignValues): boolean {
  const upper = text.toUpperCase();
  if (values.plain.get(upper)?.some((p) => p.test(text))) return true;
  return values.templated.some((v) => upper.startsWith(v.head) && upper.endsWith(v.tail) && v.pattern.test(text));
}

/** "“text” (lang) in where" for each text that is a whole foreign locale value. */
export function leftoverTexts(texts: { where: string; text: string; identifier: boolean }[], foreign: Record<'uz' | 'en', ForeignValues>): string[] {
  const found = new Set<string>();
  for (const { where, text, identifier } of texts) {
    if (identifier || where.startsWith('textarea')) continue;
    const trimmed = text.trim();
    for (const lang of ['uz', 'en'] as const) if (isForeign(trimmed, foreign[lang])) found.add(`“${trimmed.slice(0, 80)}” (${lang}) in ${where}`);
  }
  return [...found];
}
