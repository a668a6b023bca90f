// The operations the fuzzer sends requests to, read from the API's OpenAPI document (GET /api/openapi.json, generated
// from what the routes declare): method, path, page guards, and the JSON Schema of the path and query parameters
// and of the body.
import { PAGES_KEY } from '../../server/http/declare';
import type { PageGuard } from '../../server/http/endpoints';
import type { OpenApiDocument, Operation, Parameter } from '../../server/openapi/finish';
import type { JsonSchema } from './jsonSchemaArbitrary';

export type FuzzOperation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The document's path, e.g. `/api/groups/{id}/schedule`. */
  path: string;
  guards: PageGuard[];
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The declared body's media type and schema; none when the operation declares no body. */
  body?: { media: string; schema: JsonSchema };
};

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

export function operationsOf(doc: OpenApiDocument): FuzzOperation[] {
  const out: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item) as [string, Operation][]) {
      const upper = method.toUpperCase();
      if (!METHODS.has(upper)) continue;
      const [media, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      out.push({
        method: upper as FuzzOperation['method'],
        path,
        guards: (op[PAGES_KEY] ?? []).map((g) => ({ pages: g.anyOf, refusedRoles: g.refusedRoles }) as PageGuard),
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path'),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query'),
        ...(media && content ? { body: { media, schema: content.schema } } : {}),
      });
    }
  }
  return out;
}

/** `/api/groups/{id}/schedule` → ['id']: the path's parameters, declared or not. */
export const pathTemplateParams = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
