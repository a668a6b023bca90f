// A middleware's part of the contract, declared on the middleware itself in hono-openapi's format (its exported
// `uniqueSymbol`, documented for custom middlewares): generateSpecs(app) reads it back from the registered routes
// and writes the OpenAPI document, and the endpoint catalogue (endpoints.ts) reads the same declarations.
import { type DescribeRouteOptions, resolver, uniqueSymbol } from 'hono-openapi';
import type { z } from 'zod';
import type { PageKey, Role } from '../../contract/roles';

export type ValidatedTarget = 'json' | 'query' | 'param';

/** What `validate()` declares: the library's validator entry, plus the zod schema for the tests' catalogue. */
export type ValidatorDeclaration = ReturnType<typeof resolver> & { target: ValidatedTarget; schema: z.ZodType };

export type SpecDeclaration = { spec: DescribeRouteOptions };

export type Declaration = ValidatorDeclaration | SpecDeclaration;

/** Puts an operation fragment (responses, security, page guards) on a middleware, beside what it already declares. */
export function declareSpec<F extends object>(middleware: F, spec: DescribeRouteOptions): F {
  const before = declarationOf(middleware);
  const merged = before && 'spec' in before ? { ...before.spec, ...spec } : spec;
  return Object.assign(middleware, { [uniqueSymbol]: { spec: merged } satisfies SpecDeclaration });
}

/** Puts a request schema on a validating middleware: a body, the query parameters or the path parameters. */
export function declareValidator<F extends object>(middleware: F, target: ValidatedTarget, schema: z.ZodType): F {
  return Object.assign(middleware, { [uniqueSymbol]: { target, schema, ...resolver(schema) } satisfies ValidatorDeclaration });
}

/** The declaration on a registered handler, if any. */
export function declarationOf(handler: unknown): Declaration | undefined {
  return (handler as Record<symbol, Declaration | undefined> | undefined)?.[uniqueSymbol];
}

export const BEARER = 'bearerAuth';

/** The requireAuth gate: the routes registered after it need a bearer token. */
export function declareAuthGate<F extends object>(middleware: F): F {
  return declareSpec(middleware, { security: [{ [BEARER]: [] }] });
}

/**
 * A route registered before the token gate on a path that a route behind it answers too (an employee's photo with
 * its key): the document says the token is optional there (`security: [{}]`).
 */
export function declarePublic<F extends object>(middleware: F): F {
  return declareSpec(middleware, { security: [{}] });
}

export const PAGES_KEY = 'x-markaz-pages';

/** One page check: the user needs any of `anyOf` and a role outside `refusedRoles`. */
export type PagesEntry = { anyOf: readonly PageKey[]; refusedRoles: readonly Role[] };

/** A page guard: the reader needs one of `pages` and a role outside `refusedRoles`. */
export function declarePages<F extends object>(middleware: F, pages: readonly PageKey[], refusedRoles: readonly Role[]): F {
  const entry: PagesEntry = { anyOf: pages, refusedRoles };
  return declareSpec(middleware, { [PAGES_KEY]: [entry] } as DescribeRouteOptions);
}
