// The endpoint catalogue: every method and path the API answers, with what its middlewares declare for the OpenAPI
// document (declare.ts, hono-openapi's format): the request schemas, the page guards, the token gate and the
// success answers. The access matrix, the fuzzing suite and the API tests' answer check start here; the document
// is generated from the same declarations (server/openapi/document.ts), so none of them can miss a route.
import type { Hono } from 'hono';
import type { resolver } from 'hono-openapi';
import { findTargetHandler } from 'hono/utils/handler';
import type { z } from 'zod';
import type { PageKey, Role } from '../../contract/roles';
import { declarationOf, PAGES_KEY, type PagesEntry, type SpecDeclaration, type ValidatedTarget } from './declare';

/** One page check: the user needs any of `pages` and a role outside `refusedRoles`. */
export type PageGuard = { pages: readonly PageKey[]; refusedRoles: readonly Role[] };

/** A declared success answer: its status, media type and, for JSON, the check of its body. */
export type Answer = { status: number; media?: string; validate?: ReturnType<typeof resolver>['validate'] };

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Hono's pattern, e.g. `/api/groups/room/:id` or `/api/groups/:id{[0-9]+}`. */
  path: string;
  /** Needs a bearer access token (registered behind requireAuth). */
  auth: boolean;
  /** Every guard must pass; empty when the route checks no page (or checks one inside its handler). */
  guards: PageGuard[];
  schemas: Partial<Record<ValidatedTarget, z.ZodType>>;
  /** The success answers the route declares (answers.ts); empty when it declares none. */
  answers: Answer[];
};

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Does a `use()` pattern such as `/api/tests/*` cover `path`? */
function covers(pattern: string, path: string): boolean {
  if (pattern === path || pattern === '*' || pattern === '/*') return true;
  if (!pattern.endsWith('/*')) return false;
  const base = pattern.slice(0, -2);
  return path === base || path.startsWith(`${base}/`);
}

type RouteFacts = { auth: boolean; guards: PageGuard[]; answers: Answer[] };

/** What an operation fragment says: the token gate, page guards, success answers. */
function factsOf({ spec }: SpecDeclaration): RouteFacts {
  const pages = ((spec as Record<string, unknown>)[PAGES_KEY] ?? []) as PagesEntry[];
  const answers: Answer[] = [];
  for (const [code, response] of Object.entries(spec.responses ?? {})) {
    const content = 'content' in response ? response.content : undefined;
    const [media, type] = Object.entries(content ?? {})[0] ?? [];
    const schema = type?.schema;
    answers.push({ status: Number(code), media, validate: schema && 'validate' in schema ? schema.validate : undefined });
  }
  return { auth: Boolean(spec.security?.length), guards: pages.map((p) => ({ pages: p.anyOf, refusedRoles: p.refusedRoles })), answers };
}

// Hono's `routes` holds one entry per middleware and handler in registration order, and a request runs every
// matching entry in that order: a `use()` declaration applies to the routes registered after it that it covers.
// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env, schema and base path
export function listEndpoints(app: Hono<any, any, any>, prefix = '/api/'): Endpoint[] {
  const found = new Map<string, Endpoint>();
  const uses: { pattern: string; facts: RouteFacts }[] = [];
  for (const route of app.routes) {
    const declared = declarationOf(findTargetHandler(route.handler));
    const facts = declared && 'spec' in declared ? factsOf(declared) : undefined;
    if (route.method === 'ALL') {
      if (facts) uses.push({ pattern: route.path, facts });
      continue;
    }
    if (!METHODS.has(route.method) || !route.path.startsWith(prefix)) continue;
    const key = `${route.method} ${route.path}`;
    let endpoint = found.get(key);
    if (!endpoint) {
      endpoint = { method: route.method as Endpoint['method'], path: route.path, auth: false, guards: [], schemas: {}, answers: [] };
      found.set(key, endpoint);
      // A path registered before the token gate is public, also when a route behind the gate answers it too (an
      // employee's photo: with its key, or with a token); declarePublic says so in the document.
      const inherited = uses.filter((u) => covers(u.pattern, route.path)).map((u) => u.facts);
      endpoint.auth = inherited.some((f) => f.auth);
      endpoint.guards.push(...inherited.flatMap((f) => f.guards));
    }
    if (facts) {
      endpoint.guards.push(...facts.guards);
      endpoint.answers.push(...facts.answers);
    }
    if (declared && 'target' in declared) endpoint.schemas[declared.target] ??= declared.schema;
  }
  return [...found.values()];
}

/** Would a user with this role and these readable pages pass every page guard of the endpoint? */
export function passesGuards(endpoint: Pick<Endpoint, 'guards'>, role: Role, pages: ReadonlySet<PageKey>): boolean {
  return endpoint.guards.every((g) => !g.refusedRoles.includes(role) && g.pages.some((p) => pages.has(p)));
}

/** `/api/groups/:id{[0-9]+}` → `/api/groups/{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)(\{[^}]*\})?/g, '{$1}');
