// Field errors found by the rules after the body parsed (a teacher of another branch, a room of another
// branch...). They carry message keys like the contract's; the rooms, groups and schedule routers translate them
// into the request's language with `localizedErrors`.
import type { Context } from 'hono';
import type { FieldErrors } from '../../../contract/common';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { handleError } from '../../http/handleError';
import { requestLang, translate } from '../../http/i18n';

/** A 400 on one field: `{[field]: [message key]}`. */
export function fieldError(field: string, key: string): ApiError {
  return new ApiError(400, { [field]: [key] });
}

/** onError of the rooms, groups and schedule routers: 400 field messages translated, the rest as usual. */
export function localizedErrors(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof ApiError && err.status === 400 && !('detail' in err.body)) {
    const lang = requestLang(c);
    const localesDir = c.get('config').localesDir;
    const body: FieldErrors = {};
    for (const [field, messages] of Object.entries(err.body as FieldErrors)) {
      body[field] = messages.map((m) => translate(localesDir, lang, m));
    }
    return c.json(body, 400);
  }
  return handleError(err, c);
}
