// Every text field of every contract schema that has a maximum length answers a value one character too long with
// a message that names the limit ("Must be at most 150 characters"), in Uzbek and in English: on the server (the
// error map and field translation requests use) and in the app (translateIssue over a form's own parse). A
// schema-level "required" used to cover that issue too (`POST /lid/` with a 151-character name: "Majburiy maydon").
// The schemas are found by walking every export of contract/ through zod's public API (shape, element, unwrap,
// in/out, options, maxLength), so a new schema is covered the day it is written.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { en as enLocale, uz as uzLocale } from 'zod/locales';
import { afterAll, describe, expect, it } from 'vitest';
import { fieldErrors, translate, zodErrorMap, type Lang } from '../../../server/http/i18n';
import { translateIssue } from '../../../src/i18n/issues';
import { limitMessage, required } from '../../../contract/messages';

const CONTRACT = fileURLToPath(new URL('../../../contract/', import.meta.url));
const LOCALES = fileURLToPath(new URL('../../../locales', import.meta.url));

type Step = string | number;
type LongText = { schema: string; path: Step[]; max: number };

/** Every string with a maximum length reachable from `schema` as input, with the path to it. */
function longTexts(schema: z.ZodType, path: Step[], seen: Set<z.ZodType>, found: Omit<LongText, 'schema'>[]) {
  if (seen.has(schema)) return;
  seen.add(schema);
  if (schema instanceof z.ZodString) {
    if (schema.maxLength !== null) found.push({ path, max: schema.maxLength });
  } else if (schema instanceof z.ZodObject) {
    for (const [key, field] of Object.entries(schema.shape)) longTexts(field as z.ZodType, [...path, key], seen, found);
  } else if (schema instanceof z.ZodArray) {
    longTexts(schema.element as z.ZodType, [...path, 0], seen, found);
  } else if (schema instanceof z.ZodRecord) {
    longTexts(schema.valueType as z.ZodType, [...path, 'key'], seen, found);
  } else if (schema instanceof z.ZodPipe) {
    // z.preprocess and .transform().pipe(): the text is checked on either side.
    longTexts(schema.in as z.ZodType, path, seen, found);
    longTexts(schema.out as z.ZodType, path, seen, found);
  } else if (schema instanceof z.ZodUnion) {
    for (const option of schema.options) longTexts(option as z.ZodType, path, seen, found);
  } else if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodNonOptional ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodReadonly ||
    schema instanceof z.ZodLazy
  ) {
    longTexts(schema.unwrap() as z.ZodType, path, seen, found);
  }
}

/** `{a: [{b: value}]}` for the path ['a', 0, 'b']. */
function at(path: Step[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [step, ...rest] = path;
  return typeof step === 'number' ? [at(rest, value)] : { [step]: at(rest, value) };
}

async function contractSchemas(): Promise<[string, z.ZodType][]> {
  const out: [string, z.ZodType][] = [];
  for (const file of readdirSync(CONTRACT).filter((f) => f.endsWith('.ts')).sort()) {
    const module = (await import(`${CONTRACT}${file}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (value instanceof z.ZodType) out.push([`${file.replace(/\.ts$/, '')}.${name}`, value]);
  }
  return out;
}

const schemas = await contractSchemas();
const cases: (LongText & { root: z.ZodType })[] = schemas.flatMap(([name, root]) => {
  const found: Omit<LongText, 'schema'>[] = [];
  longTexts(root, [], new Set(), found);
  return found.map((f) => ({ ...f, schema: name, root }));
});

/** The one-line English/Uzbek limit message for `max` characters. */
const limit = (lang: Lang, max: number) => translate(LOCALES, lang, 'validation.maxLength', { max });

describe('maximum lengths of the contract', () => {
  afterAll(() => z.config(enLocale()));

  it('finds the text fields with a maximum (the walk sees the schemas of every area)', () => {
    const names = new Set(cases.map((c) => c.schema));
    expect(cases.length).toBeGreaterThan(50);
    for (const expected of ['leads.leadCreateBody', 'rooms.roomBody', 'filial.filialBody', 'marketing.marketingGroupBody']) expect(names, expected).toContain(expected);
  });

  it.each(cases.map((c) => [`${c.schema} ${c.path.join('.') || '(itself)'} (at most ${c.max})`, c] as const))('%s names its limit', async (_, c) => {
    const input = at(c.path, 'x'.repeat(c.max + 1));
    const field = c.path.length ? c.path.join('.') : 'non_field_errors';
    for (const lang of ['uz', 'en'] as const) {
      // The server: the request's error map, then the translated field messages.
      const server = await c.root.safeParseAsync(input, { error: zodErrorMap(lang) });
      expect(server.success, `${lang}: a text of ${c.max + 1} characters passed`).toBe(false);
      const messages = fieldErrors(server.error!.issues, LOCALES, lang)[field] ?? [];
      expect(messages, `${lang} server`).toContain(limit(lang, c.max));
      // The app: a form's own parse (zod's locale of the interface language, as src/i18n/zodLocale.ts sets it)
      // and translateIssue over the same locale files.
      z.config((lang === 'uz' ? uzLocale : enLocale)());
      const client = await c.root.safeParseAsync(input);
      const issue = client.error!.issues.find((i) => i.path.join('.') === c.path.join('.'));
      expect(translateIssue(issue, (key, params) => translate(LOCALES, lang, key, params)), `${lang} app`).toBe(limit(lang, c.max));
    }
  });
});

describe('limitMessage', () => {
  it('names the limit of numbers and lists too, and leaves other issues alone', () => {
    expect(limitMessage({ code: 'too_big', origin: 'number', maximum: 7, inclusive: true })).toBe('validation.max');
    expect(limitMessage({ code: 'too_small', origin: 'number', minimum: 0, inclusive: false })).toBe('validation.greaterThan');
    expect(limitMessage({ code: 'too_big', origin: 'array', maximum: 20 })).toBe('validation.maxItems');
    expect(limitMessage({ code: 'too_small', origin: 'array', minimum: 1 })).toBe('validation.required');
    expect(limitMessage({ code: 'too_small', origin: 'string', minimum: 8 })).toBe('validation.minLength');
    expect(limitMessage({ code: 'invalid_type', origin: 'string' })).toBeUndefined();
    expect(translate(LOCALES, 'en', 'validation.greaterThan', { min: 0 })).toBe('Must be greater than 0');
  });

  it('the schema-level `required` keeps "required" for a missing value and lets a size issue name its limit', () => {
    const name = z.string(required).trim().min(1, 'validation.required').max(5);
    const messages = (value: unknown) => name.safeParse(value, { error: zodErrorMap('en') }).error?.issues.map((i) => i.message);
    expect(messages(undefined)).toEqual(['validation.required']);
    expect(messages(12)).toEqual(['validation.required']);
    expect(messages('  ')).toEqual(['validation.required']);
    expect(messages('abcdef')).toEqual(['validation.maxLength']);
  });
});
