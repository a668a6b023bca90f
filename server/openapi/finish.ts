// The last step of the OpenAPI document: what hono-openapi leaves to its user. Operation ids in our form
// (`get_api_lid_id`), a summary, the area's tag, the token and guard line, the shared error answers by `$ref`, and
// the duplicates the library's merge leaves (a `use('*')` declaration is merged once per middleware of a route).
import { BEARER, PAGES_KEY } from '../http/declare';
import { errorResponses, FALLBACK_SUCCESS } from './responses';

export type JsonSchema = Record<string, unknown>;

export type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema; description?: string };

export type PagesEntry = { anyOf: readonly string[]; refusedRoles: readonly string[] };

export type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  [PAGES_KEY]: PagesEntry[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  jsonSchemaDialect?: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

/** The area an operation belongs to: its first path segment after `/api` (and the `api`, `v2` prefixes some keep). */
export function areaOf(path: string): string {
  const segments = path.split('/').filter(Boolean).slice(1);
  while (segments.length > 1 && (segments[0] === 'api' || /^v\d+$/.test(segments[0]))) segments.shift();
  return segments[0]?.replace(/[:{].*$/, '') || 'api';
}

function guardLine(guards: readonly PagesEntry[]): string {
  if (guards.length === 0) return 'No page guard on the route (the handler may still refuse by role or branch).';
  return guards
    .map((g) => `Pages: any of ${g.anyOf.map((p) => `\`${p}\``).join(', ')}${g.refusedRoles.length ? ` (refused for ${g.refusedRoles.join(', ')})` : ''}.`)
    .join(' ');
}

function operationId(method: string, path: string, taken: Set<string>): string {
  const base = `${method}_${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}

const unique = <T>(items: readonly T[] | undefined): T[] => {
  const seen = new Map<string, T>();
  for (const item of items ?? []) seen.set(JSON.stringify(item), item);
  return [...seen.values()];
};

/** A body is required when its schema requires something; an empty body is read as `{}`. */
function bodyRequired(schema: JsonSchema | undefined): boolean {
  if (schema?.type === 'object') return Array.isArray(schema.required) && schema.required.length > 0;
  return true;
}

function finishOperation(method: string, path: string, op: Operation, taken: Set<string>): Operation {
  // `{}` among the requirements: the token is optional (declarePublic), and the operation is listed as public.
  const open = (op.security ?? []).some((s) => Object.keys(s).length === 0);
  const security = open ? [] : unique(op.security);
  const guards = unique(op[PAGES_KEY]);
  const auth = security.some((s) => BEARER in s);
  const declared = Object.keys(op.responses ?? {}).filter((code) => /^2\d\d$/.test(code) && Object.keys(op.responses[code] as object).length > 0);
  const success = declared.length ? Object.fromEntries(declared.map((code) => [code, op.responses[code]])) : FALLBACK_SUCCESS;
  const body = op.requestBody && Object.values(op.requestBody.content)[0]?.schema;
  const hasInput = Boolean(op.requestBody || op.parameters?.length);
  return {
    ...op,
    operationId: operationId(method, path, taken),
    summary: `${method.toUpperCase()} ${path}`,
    description: `${auth ? 'Needs a bearer access token.' : 'Public: no token.'} ${guardLine(guards)}`,
    tags: [areaOf(path)],
    security,
    [PAGES_KEY]: guards,
    ...(op.requestBody ? { requestBody: { ...op.requestBody, required: bodyRequired(body) } } : {}),
    responses: { ...success, ...errorResponses({ method: method.toUpperCase(), path, auth, hasInput }) },
  };
}

export function finishDocument(doc: OpenApiDocument): OpenApiDocument {
  const taken = new Set<string>();
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    paths[path] = {};
    for (const [method, op] of Object.entries(item)) paths[path][method] = finishOperation(method, path, op, taken);
  }
  const tags = [...new Set(Object.keys(paths).map(areaOf))].sort().map((name) => ({ name }));
  return { ...doc, jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema', tags, paths };
}
