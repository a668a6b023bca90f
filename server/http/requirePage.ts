// Page permissions guard server routes with the same keys the sidebar uses (design: "Who sees what").
import type { MiddlewareHandler } from 'hono';
import type { PageKey } from '../../contract/roles';
import type { AppEnv } from './context';
import { forbidden } from './errors';

/** Lets the request through when the user can read at least one of `keys`; otherwise 403 `{detail}`. */
export function requirePage(...keys: PageKey[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const pages = c.get('user').pages;
    if (!keys.some((key) => pages.has(key))) throw forbidden();
    await next();
  };
}
