// What a route's middlewares say about it (the schema a validator checks, the pages a guard asks for), kept on
// the middleware function itself so the endpoint catalogue is read from the routes as registered, never
// from a second list that could drift from them.
import type { z } from 'zod';
import type { PageKey, Role } from '../../contract/roles';

export type ValidatedTarget = 'json' | 'query' | 'param';

export type MiddlewareMeta = {
  validates?: { target: ValidatedTarget; schema: z.ZodType };
  pages?: readonly PageKey[];
  /** Roles refused whatever their pages (set with pages). */
  refusedRoles?: readonly Role[];
  /** Set on requireAuth: routes registered after it need a bearer token. */
  authGate?: true;
};

const META = Symbol.for('markaz.endpointMeta');

export function describeMiddleware<F extends object>(middleware: F, meta: MiddlewareMeta): F {
  Object.defineProperty(middleware, META, { value: meta, enumerable: false });
  return middleware;
}

// Hono wraps the handlers of a sub-app that has its own onError and keeps the original under this key.
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

export function middlewareMeta(handler: unknown): MiddlewareMeta | undefined {
  for (let h = handler; typeof h === 'function'; h = (h as unknown as Record<string, unknown>)[COMPOSED_HANDLER]) {
    const meta = (h as unknown as Record<symbol, MiddlewareMeta | undefined>)[META];
    if (meta) return meta;
  }
  return undefined;
}
