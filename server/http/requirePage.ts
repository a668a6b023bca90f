// Page permissions guard server routes with the same keys the sidebar uses (design: "Who sees what").
import type { MiddlewareHandler } from 'hono';
import { lookupReaders, type Lookup } from '../../contract/lookups';
import type { PageKey, Role } from '../../contract/roles';
import type { AppEnv } from './context';
import { declarePages } from './declare';
import { forbidden } from '../domain/core/errors';

/** Lets the request through when the user can read at least one of `keys`; otherwise 403 `{detail}`. */
export function requirePage(...keys: PageKey[]): MiddlewareHandler<AppEnv> {
  return requirePageExcept([], ...keys);
}

/** A look-up's list (contract/lookups.ts): open to every page whose forms or filters pick from it. */
export function requireLookup(lookup: Lookup): MiddlewareHandler<AppEnv> {
  return requirePage(...lookupReaders(lookup));
}

/** requirePage that also refuses `roles` whatever pages they were given (e.g. teachers never see money). */
export function requirePageExcept(roles: readonly Role[], ...keys: PageKey[]): MiddlewareHandler<AppEnv> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const user = c.get('user');
    if (roles.includes(user.role) || !keys.some((key) => user.pages.has(key))) throw forbidden();
    await next();
  };
  return declarePages(middleware, keys, roles);
}
