// Field errors found by the rules after the body parsed (a teacher of another branch, a room of another
// branch...). They carry message keys like the contract's; the rooms, groups and schedule routers translate them
// into the request's language with `localizedErrors`.
import type { Context } from 'hono';
import type { FieldErrors } from '../../../contract/common';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { handleError } from '../../http/handleError';
import { requestLang, translate } from '../../http/i18n';

/** A message key and the values of its `{{placeholders}}`. */
export type FieldMessage = { key: string; params?: Record<string, unknown> };

/** 400 field errors whose messages have values to fill in; the body alone carries the bare keys. */
export class FieldMessages extends ApiError {
  constructor(readonly messages: Record<string, FieldMessage[]>) {
    super(400, Object.fromEntries(Object.entries(messages).map(([field, list]) => [field, list.map((m) => m.key)])));
  }
}

/** A 400 on one field: `{[field]: [message key]}`, with values for the key's placeholders when it has any. */
export function fieldError(field: string, key: string, params?: Record<string, unknown>): ApiError {
  return new FieldMessages({ [field]: [{ key, params }] });
}

/** onError of the rooms, groups and schedule routers: 400 field messages translated, the rest as usual. */
export function localizedErrors(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof ApiError && err.status === 400 && !('detail' in err.body)) {
    const lang = requestLang(c);
    const localesDir = c.get('config').localesDir;
    const messages: Record<string, FieldMessage[]> =
      err instanceof FieldMessages
        ? err.messages
        : Object.fromEntries(Object.entries(err.body as FieldErrors).map(([field, keys]) => [field, keys.map((key) => ({ key }))]));
    const body: FieldErrors = {};
    for (const [field, list] of Object.entries(messages)) body[field] = list.map((m) => translate(localesDir, lang, m.key, m.params));
    return c.json(body, 400);
  }
  return handleError(err, c);
}
