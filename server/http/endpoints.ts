// The endpoint catalogue: every method and path the API answers, with the zod schemas its validators check and
// the page guards it passes, read from the Hono app's registered routes. The OpenAPI document, the fuzzing
// suite and the access matrix all start here, so none of them can miss a route that exists.
import type { Hono } from 'hono';
import type { z } from 'zod';
import type { PageKey, Role } from '../../contract/roles';
import { middlewareMeta, type ValidatedTarget } from './endpointMeta';

/** One page check: the user needs any of `pages` and a role outside `refusedRoles`. */
export type PageGuard = { pages: readonly PageKey[]; refusedRoles: readonly Role[] };

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Hono's pattern, e.g. `/api/groups/room/:id` or `/api/groups/:id{[0-9]+}`. */
  path: string;
  /** Needs a bearer access token (registered behind requireAuth). */
  auth: boolean;
  /** Every guard must pass; empty when the route checks no page (or checks one inside its handler). */
  guards: PageGuard[];
  schemas: Partial<Record<ValidatedTarget, z.ZodType>>;
};

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Does a `use()` pattern such as `/api/tests/*` cover `path`? */
function covers(pattern: string, path: string): boolean {
  if (pattern === path) return true;
  if (!pattern.endsWith('/*')) return false;
  const base = pattern.slice(0, -2);
  return path === base || path.startsWith(`${base}/`);
}

// Hono's `routes` holds one entry per middleware and handler in registration order, and a request runs every
// matching entry in that order: a `use()` guard applies to the routes registered after it whose path it covers.
// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env, schema and base path
export function listEndpoints(app: Hono<any, any, any>, prefix = '/api/'): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const useGuards: { pattern: string; guard: PageGuard }[] = [];
  let behindAuth = false;
  for (const route of app.routes) {
    const meta = middlewareMeta(route.handler);
    if (meta?.authGate) behindAuth = true;
    const guard = meta?.pages ? { pages: meta.pages, refusedRoles: meta.refusedRoles ?? [] } : undefined;
    if (route.method === 'ALL') {
      if (guard) useGuards.push({ pattern: route.path, guard });
      continue;
    }
    if (!METHODS.has(route.method) || !route.path.startsWith(prefix)) continue;
    const key = `${route.method} ${route.path}`;
    let endpoint = found.get(key);
    if (!endpoint) {
      const inherited = useGuards.filter((u) => covers(u.pattern, route.path)).map((u) => u.guard);
      endpoint = { method: route.method as Endpoint['method'], path: route.path, auth: behindAuth, guards: inherited, schemas: {} };
      found.set(key, endpoint);
    }
    if (guard) endpoint.guards.push(guard);
    if (meta?.validates) endpoint.schemas[meta.validates.target] ??= meta.validates.schema;
  }
  return [...found.values()];
}

/** Would a user with this role and these readable pages pass every page guard of the endpoint? */
export function passesGuards(endpoint: Endpoint, role: Role, pages: ReadonlySet<PageKey>): boolean {
  return endpoint.guards.every((g) => !g.refusedRoles.includes(role) && g.pages.some((p) => pages.has(p)));
}

/** `/api/groups/:id{[0-9]+}` → `/api/groups/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, '{$1}');
