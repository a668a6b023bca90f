// The OpenAPI 3.1 document of the API, built from the endpoint catalogue (the registered routes and the zod
// schemas their validators check), so it cannot list a route that does not exist or miss one that does.
import type { Endpoint, PageGuard } from '../http/endpoints';
import { openApiPath } from '../http/endpoints';
import { BEARER, ERROR_RESPONSES, ERROR_SCHEMAS, SECURITY_SCHEMES } from './components';
import { toJsonSchema, type JsonSchema, type SharedDefs } from './jsonSchema';
import { KNOWN_ANSWERS, SUCCESS_DESCRIPTIONS, errorResponses, successCodes } from './responses';

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  jsonSchemaDialect: string;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

export type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema; description?: string };

export type Operation = {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  'x-markaz-pages': { anyOf: readonly string[]; refusedRoles: readonly string[] }[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, unknown>;
};

/** The area an endpoint belongs to: its first path segment after `/api` (and the `api`, `v2` prefixes some keep). */
export function areaOf(path: string): string {
  const segments = path.split('/').filter(Boolean).slice(1);
  while (segments.length > 1 && (segments[0] === 'api' || /^v\d+$/.test(segments[0]))) segments.shift();
  return segments[0]?.replace(/[:{].*$/, '') || 'api';
}

function guardLine(guards: readonly PageGuard[]): string {
  if (guards.length === 0) return 'No page guard on the route (the handler may still refuse by role or branch).';
  return guards
    .map((g) => `Pages: any of ${g.pages.map((p) => `\`${p}\``).join(', ')}${g.refusedRoles.length ? ` (refused for ${g.refusedRoles.join(', ')})` : ''}.`)
    .join(' ');
}

function operationId(method: string, path: string, taken: Set<string>): string {
  const base = `${method.toLowerCase()}_${openApiPath(path).replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '')}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  taken.add(id);
  return id;
}

/** The Hono regex of a path parameter (`:id{[0-9]+}` → `[0-9]+`), if it has one. */
function honoPatterns(path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)(?:\{([^}]*)\})?/g)) if (m[2]) out.set(m[1], m[2]);
  return out;
}

function objectProperties(schema: JsonSchema | undefined): { props: Record<string, JsonSchema>; required: Set<string> } | undefined {
  if (schema?.type !== 'object' || typeof schema.properties !== 'object') return undefined;
  return { props: schema.properties as Record<string, JsonSchema>, required: new Set((schema.required as string[] | undefined) ?? []) };
}

function pathParameters(path: string, schema: JsonSchema | undefined): Parameter[] {
  const declared = objectProperties(schema);
  const patterns = honoPatterns(path);
  return [...openApiPath(path).matchAll(/\{([^}]+)\}/g)].map(([, name]) => {
    const pattern = patterns.get(name);
    const fromSchema = declared?.props[name];
    return { name, in: 'path' as const, required: true, schema: fromSchema ?? (pattern ? { type: 'string', pattern: `^(?:${pattern})$` } : { type: 'string' }) };
  });
}

function queryParameters(schema: JsonSchema | undefined): Parameter[] {
  if (!schema) return [];
  const declared = objectProperties(schema);
  // A query schema that is not a plain object (a union, a preprocess) is one form-style object parameter.
  if (!declared) return [{ name: 'query', in: 'query', required: false, schema, description: 'The query string as a whole (form style).' }];
  return Object.entries(declared.props).map(([name, s]) => {
    const { description, ...rest } = s;
    return { name, in: 'query' as const, required: declared.required.has(name), schema: rest, ...(typeof description === 'string' ? { description } : {}) };
  });
}

/** A body is required when its schema requires something; an empty body is read as `{}`. */
function bodyRequired(schema: JsonSchema): boolean {
  if (schema.type === 'object') return Array.isArray(schema.required) && schema.required.length > 0;
  return true;
}

function buildOperation(endpoint: Endpoint, id: string, shared: SharedDefs): Operation {
  const key = `${endpoint.method} ${endpoint.path}`;
  const param = endpoint.schemas.param && toJsonSchema(endpoint.schemas.param, 'input', `${id}_path`, shared);
  const query = endpoint.schemas.query && toJsonSchema(endpoint.schemas.query, 'input', `${id}_query`, shared);
  const body = endpoint.schemas.json && toJsonSchema(endpoint.schemas.json, 'input', `${id}_body`, shared);
  const parameters = [...pathParameters(endpoint.path, param), ...queryParameters(query)];
  const answer = KNOWN_ANSWERS[key];
  const answerSchema = answer ? toJsonSchema(answer, 'output', `${id}_answer`, shared) : {};

  const responses: Record<string, unknown> = {};
  for (const code of successCodes(endpoint.method)) {
    responses[code] =
      code === 204 ? { description: SUCCESS_DESCRIPTIONS[code] } : { description: SUCCESS_DESCRIPTIONS[code], content: { 'application/json': { schema: answerSchema } } };
  }
  Object.assign(responses, errorResponses(endpoint));

  return {
    operationId: id,
    summary: `${endpoint.method} ${openApiPath(endpoint.path)}`,
    description: `${endpoint.auth ? 'Needs a bearer access token.' : 'Public: no token.'} ${guardLine(endpoint.guards)}`,
    tags: [areaOf(endpoint.path)],
    security: endpoint.auth ? [{ [BEARER]: [] }] : [],
    'x-markaz-pages': endpoint.guards.map((g) => ({ anyOf: g.pages, refusedRoles: g.refusedRoles })),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: { required: bodyRequired(body), content: { 'application/json': { schema: body } } } } : {}),
    responses,
  };
}

export function buildOpenApiDocument(endpoints: readonly Endpoint[], info: { version: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const shared: SharedDefs = {};
  const taken = new Set<string>();
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.path);
    const method = endpoint.method.toLowerCase();
    paths[path] ??= {};
    // Two Hono patterns can meet at one OpenAPI path (`:id` and `:id{[0-9]+}`); the first registered answers.
    if (paths[path][method]) continue;
    paths[path][method] = buildOperation(endpoint, operationId(endpoint.method, endpoint.path, taken), shared);
  }
  const tags = [...new Set(endpoints.map((e) => areaOf(e.path)))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Markaz API',
      version: info.version,
      description:
        'The staff back-office API of a Markaz learning centre. Generated from the registered routes and the zod schemas ' +
        'their validators check. `x-markaz-pages` lists the page guards of an operation: the reader needs any page of ' +
        'each entry and a role outside its `refusedRoles`. Paths answer with or without a trailing slash.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      schemas: { ...ERROR_SCHEMAS, ...shared },
      responses: ERROR_RESPONSES,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
