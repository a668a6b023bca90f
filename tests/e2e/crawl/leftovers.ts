// Text of another language left on a Russian page: a word that only the Uzbek (or only the English) locale files
// use, which the Russian files, the demo data (names of groups, courses, sources are Uzbek) and the code's own
// names never contain. Words shorter than four letters are left out (Click, SMS, No.); so are the words of data.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES_DIR, localeTable } from '../../support/localeKeys';

const SEED_DIR = join(import.meta.dirname, '..', '..', '..', 'server', 'seed');
// Letters of Uzbek Latin and English words, with the Uzbek ‘ and ’ inside a word (o‘quvchi, ta’lim).
const WORD = /[A-Za-z][A-Za-z‘’ʻʼ']*[A-Za-z]/g;

// Placeholders and snake_case identifiers (an audit action "finance_entry.create") are not words of a language.
const wordsOf = (text: string) =>
  (text.replace(/\{\{\s*\w+\s*\}\}|\{\w+\}|\w*_\w*/g, ' ').match(WORD) ?? []).map((w) => w.toLowerCase());

function wordsOfLang(lang: string): Set<string> {
  return new Set([...localeTable(lang, LOCALES_DIR).values()].flatMap(wordsOf));
}

function seedWords(): Set<string> {
  const files = readdirSync(SEED_DIR).filter((f) => f.endsWith('.ts'));
  return new Set(files.flatMap((f) => wordsOf(readFileSync(join(SEED_DIR, f), 'utf8'))));
}

/** Words only `lang`'s files use, never Russian nor the demo data: seeing one on a Russian page is a leftover. */
export function foreignOnlyWords(lang: 'uz' | 'en'): Set<string> {
  const allowed = new Set([...wordsOfLang('ru'), ...seedWords()]);
  return new Set([...wordsOfLang(lang)].filter((w) => w.length >= 4 && !allowed.has(w)));
}

/** "word (lang) in where" for each leftover word of the texts. */
export function leftoverWords(texts: { where: string; text: string; identifier: boolean }[], foreign: Record<'uz' | 'en', Set<string>>): string[] {
  const found = new Set<string>();
  for (const { where, text, identifier } of texts) {
    // Identifiers (translate="no") and what a person typed or keeps (a message template's text) are not interface.
    if (identifier || where.startsWith('textarea')) continue;
    for (const word of wordsOf(text)) {
      for (const lang of ['uz', 'en'] as const) if (foreign[lang].has(word)) found.add(`${word} (${lang}) in ${where}: “${text.slice(0, 80)}”`);
    }
  }
  return [...found];
}
