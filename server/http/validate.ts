// Request validation with the contract's zod schemas. Failures answer 400 `{field: [messages]}` in the
// request's language; handlers read the parsed value with c.req.valid(target).
import type { Context } from 'hono';
import { validator } from 'hono/validator';
import type { z } from 'zod';
import { declareValidator } from './declare';
import { invalid } from '../domain/core/errors';
import { fieldErrors, requestLang, translate, zodErrorMap } from './i18n';

export const MALFORMED_JSON = 'Malformed JSON body';

/**
 * The JSON body. Hono parses it when the content type says JSON (and throws on bad JSON, which app.ts maps to
 * the same 400); a body sent without that header is parsed here so a missing header is not a silent `{}`.
 */
async function jsonBody(c: Context, parsed: unknown): Promise<unknown> {
  if (/json/i.test(c.req.header('content-type') ?? '')) return parsed;
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(MALFORMED_JSON);
  }
}

/**
 * The field of the first string (or key) holding U+0000, which PostgreSQL text and jsonb cannot store: such
 * input is refused here rather than failing in the database.
 */
export function nulField(value: unknown, path: string[] = []): string | undefined {
  const name = () => (path.length ? path.join('.') : 'non_field_errors');
  if (typeof value === 'string') return value.includes('\u0000') ? name() : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = nulField(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export function validate<T extends 'json' | 'query' | 'param', S extends z.ZodType>(target: T, schema: S) {
  const middleware = validator(target, async (value, c) => {
    const input = target === 'json' ? await jsonBody(c, value) : value;
    const lang = requestLang(c);
    const nul = nulField(input);
    if (nul) return c.json({ [nul]: [translate(c.get('config').localesDir, lang, 'validation.invalid')] }, 400);
    const result = await schema.safeParseAsync(input, { error: zodErrorMap(lang) });
    if (!result.success) return c.json(fieldErrors(result.error.issues, c.get('config').localesDir, lang), 400);
    return result.data as z.output<S>;
  });
  // The OpenAPI document and the endpoint catalogue (endpoints.ts) read the schema back from the registered route.
  return declareValidator(middleware, target, schema);
}
