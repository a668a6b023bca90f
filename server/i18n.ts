// Server-side translation: message keys like 'validation.minLength' looked up in LOCALES_DIR/{lang}/validation.json;
// other zod messages come from zod's own uz/ru/en locales. No framework here: the rules translate spreadsheets with it,
// and server/http/i18n.ts adds the request's language.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { en, ru, uz } from 'zod/locales';
import type { FieldErrors } from '../contract/common';
import { limitMessage } from '../contract/messages';
import { isPluralForms, pluralCategory } from '../contract/plural';

export const LANGS = ['uz', 'ru', 'en'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * A size issue whose check gave no message gets the contract's key that names the limit (limitMessage, translated
 * with the issue's minimum/maximum by fieldErrors); other issues zod's own message in the language.
 */
const withLimits = (locale: z.core.$ZodErrorMap): z.core.$ZodErrorMap => (issue) => limitMessage(issue) ?? locale(issue);
const zodLocales: Record<Lang, z.core.$ZodErrorMap> = {
  uz: withLimits(uz().localeError),
  ru: withLimits(ru().localeError),
  en: withLimits(en().localeError),
};

/** The error map to pass per parse (never globally: requests in different languages run side by side). */
export const zodErrorMap = (lang: Lang) => zodLocales[lang];

type Messages = Record<string, unknown>;
const cache = new Map<string, { mtimeMs: number; messages: Messages }>();

/** A namespace file, re-read when it changes; null when it is missing or unreadable. */
function loadNamespace(localesDir: string, lang: Lang, namespace: string): Messages | null {
  const file = path.join(localesDir, lang, `${namespace}.json`);
  try {
    const { mtimeMs } = statSync(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.messages;
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Messages;
    cache.set(file, { mtimeMs, messages });
    return messages;
  } catch {
    return null;
  }
}

/** Rosetta-style `{{name}}` interpolation. */
export function interpolate(template: string, params: Record<string, unknown>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

function lookup(localesDir: string, lang: Lang, namespace: string, rest: string[], params: Record<string, unknown>): string | null {
  let node: unknown = loadNamespace(localesDir, lang, namespace);
  for (const part of rest) node = node && typeof node === 'object' ? (node as Messages)[part] : undefined;
  if (isPluralForms(node)) node = Number.isFinite(Number(params.count)) ? node[pluralCategory(node, lang, Number(params.count))] : node.other;
  return typeof node === 'string' ? interpolate(node, params) : null;
}

/**
 * Translates 'namespace.key' (nested keys allowed; plural forms by `count`); a key missing in the language reads in
 * Uzbek, the fallback; an unknown key comes back as itself.
 */
export function translate(localesDir: string, lang: Lang, key: string, params: Record<string, unknown> = {}): string {
  const [namespace, ...rest] = key.split('.');
  if (rest.length === 0) return key;
  return lookup(localesDir, lang, namespace, rest, params) ?? (lang === 'uz' ? null : lookup(localesDir, 'uz', namespace, rest, params)) ?? key;
}

const MESSAGE_KEY = /^[a-z]+\.[A-Za-z_.]+$/;

/** `{field: [messages]}` from zod issues; issues about the whole object go under `non_field_errors`. */
export function fieldErrors(issues: z.core.$ZodIssue[], localesDir: string, lang: Lang): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    const params = {
      min: 'minimum' in issue ? Number(issue.minimum) : undefined,
      max: 'maximum' in issue ? Number(issue.maximum) : undefined,
    };
    const text = MESSAGE_KEY.test(issue.message) ? translate(localesDir, lang, issue.message, params) : issue.message;
    (out[field] ??= []).push(text);
  }
  return out;
}
