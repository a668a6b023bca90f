// The API reference as the page lists it: one row per operation of the OpenAPI document, with its parameters,
// body fields and page guards in plain terms, grouped by tag and filtered by a search.
import { apiOperation, type OpenApiDoc } from '../../../api/apiDocs';

type Schema = Record<string, unknown>;

export type ApiField = { name: string; type: string; required: boolean; where: 'path' | 'query' | 'body' };
export type PageGuardRow = { anyOf: string[]; refusedRoles: string[] };

export type ApiEndpoint = {
  id: string;
  method: string;
  path: string;
  tag: string;
  auth: boolean;
  guards: PageGuardRow[];
  params: ApiField[];
  body: ApiField[];
  /** The body as a whole when it is not an object (e.g. an array). */
  bodyType: string | null;
  statuses: string[];
};

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];

/** Follows `#/components/schemas/...` references (once per level; cycles end as their name). */
function resolve(schema: unknown, doc: OpenApiDoc, seen: ReadonlySet<string> = new Set()): Schema {
  if (!schema || typeof schema !== 'object') return {};
  const ref = (schema as Schema).$ref;
  if (typeof ref !== 'string') return schema as Schema;
  const name = ref.replace('#/components/schemas/', '');
  if (seen.has(name)) return { title: name };
  return resolve(doc.components.schemas[name], doc, new Set([...seen, name]));
}

/** A short type for a JSON Schema: `integer`, `string (date)`, `"a" | "b"`, `array<integer>`, `string | null`. */
export function typeOf(raw: unknown, doc: OpenApiDoc, depth = 0): string {
  const schema = resolve(raw, doc);
  if (depth > 3) return 'object';
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if ('const' in schema) return JSON.stringify(schema.const);
  const union = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) return [...new Set(union.map((s) => typeOf(s, doc, depth + 1)))].join(' | ');
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (type === 'array') return `array<${typeOf(schema.items, doc, depth + 1)}>`;
  if (typeof type === 'string') return typeof schema.format === 'string' ? `${type} (${schema.format})` : type;
  if (typeof schema.title === 'string') return schema.title;
  return 'any';
}

function bodyOf(op: ReturnType<typeof apiOperation.parse>, doc: OpenApiDoc): { fields: ApiField[]; type: string | null } {
  const content = op.requestBody?.content?.['application/json'];
  if (!content) return { fields: [], type: null };
  const schema = resolve(content.schema, doc);
  const props = schema.properties as Record<string, unknown> | undefined;
  if (schema.type !== 'object' || !props) return { fields: [], type: typeOf(schema, doc) };
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return { fields: Object.entries(props).map(([name, s]) => ({ name, type: typeOf(s, doc), required: required.has(name), where: 'body' })), type: null };
}

/** Every operation of the document, in path order and then method order. */
export function endpointsOf(doc: OpenApiDoc): ApiEndpoint[] {
  const rows: ApiEndpoint[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHOD_ORDER.includes(method)) continue;
      const parsed = apiOperation.safeParse(raw);
      if (!parsed.success) continue;
      const op = parsed.data;
      const body = bodyOf(op, doc);
      rows.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        tag: op.tags[0] ?? 'api',
        auth: op.security.length > 0,
        guards: op['x-markaz-pages'],
        params: op.parameters
          .filter((p) => p.in === 'path' || p.in === 'query')
          .map((p) => ({ name: p.name, type: typeOf(p.schema, doc), required: p.required === true, where: p.in as 'path' | 'query' })),
        body: body.fields,
        bodyType: body.type,
        statuses: Object.keys(op.responses).sort(),
      });
    }
  }
  return rows.sort((a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method.toLowerCase()) - METHOD_ORDER.indexOf(b.method.toLowerCase()));
}

/** Does the endpoint match every word of the search (in its method, path, tag, page keys or field names)? */
export function matchesSearch(endpoint: ApiEndpoint, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [
    endpoint.method,
    endpoint.path,
    endpoint.tag,
    ...endpoint.guards.flatMap((g) => g.anyOf),
    ...endpoint.params.map((p) => p.name),
    ...endpoint.body.map((f) => f.name),
  ]
    .join(' ')
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** Endpoints grouped by tag, tags in alphabetical order, empty groups left out. */
export function groupByTag(endpoints: readonly ApiEndpoint[]): { tag: string; endpoints: ApiEndpoint[] }[] {
  const groups = new Map<string, ApiEndpoint[]>();
  for (const e of endpoints) groups.set(e.tag, [...(groups.get(e.tag) ?? []), e]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tag, list]) => ({ tag, endpoints: list }));
}
