// Shop and bonus conflicts (409) carry a message key of the shop namespace and its values; the routers translate
// them (and 400 field keys) into the request's language.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { ApiError } from '../../http/errors';
import { requestLang, translate } from '../../http/i18n';
import { localizedErrors } from '../groups/fieldError';

export type ShopConflictCode = 'out_of_stock' | 'not_enough_coins' | 'item_archived' | 'student_archived' | 'stock_below_zero';

export class ShopConflict extends ApiError {
  constructor(
    readonly code: ShopConflictCode,
    readonly key: string,
    readonly params: Record<string, number | string> = {},
  ) {
    super(409, { detail: key, code, ...params });
  }
}

/** onError of the shop and bonus routers: conflicts and field messages in the request's language. */
export function shopErrors(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof ShopConflict) {
    const detail = translate(c.get('config').localesDir, requestLang(c), err.key, err.params);
    return c.json({ ...err.params, code: err.code, detail }, 409);
  }
  return localizedErrors(err, c);
}
