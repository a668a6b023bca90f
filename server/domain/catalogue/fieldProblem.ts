// Field errors found by catalogue rules after the body parsed (unknown subject, name taken, bad reorder). They
// carry message keys like the contract's, and the catalogue routers translate them into the request's language.
import type { Context } from 'hono';
import type { FieldErrors } from '../../../contract/common';
import type { AppEnv } from '../../http/context';
import { handleError } from '../../http/handleError';
import { requestLang, translate } from '../../http/i18n';

type Message = { key: string; params?: Record<string, unknown> };

export class FieldProblem extends Error {
  constructor(readonly fields: Record<string, Message[]>) {
    super(`Invalid fields: ${Object.keys(fields).join(', ')}`);
  }
}

/** A 400 on one field: `{[field]: [message]}`. */
export function fieldProblem(field: string, key: string, params?: Record<string, unknown>): FieldProblem {
  return new FieldProblem({ [field]: [{ key, params }] });
}

export function translateProblem(problem: FieldProblem, localesDir: string, lang: Parameters<typeof translate>[1]): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(problem.fields)) {
    out[field] = messages.map((m) => translate(localesDir, lang, m.key, m.params));
  }
  return out;
}

/** onError of the catalogue routers: FieldProblem → 400 in the request's language; the rest as usual. */
export function catalogueErrors(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof FieldProblem) return c.json(translateProblem(err, c.get('config').localesDir, requestLang(c)), 400);
  return handleError(err, c);
}
