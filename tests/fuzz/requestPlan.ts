// What the fuzzer generates for one operation of the OpenAPI document: a request plan. Parts that depend on the
// database (an existing id, a signed-in role that passes the page guards) are left as choices and resolved when the
// request is sent, so generation stays a pure function of the seed.
import fc from 'fast-check';
import type { Parameter } from '../../server/openapi/finish';
import { hostileIdSegment, hostileString, NASTY_STRINGS, safeEncode, anyJson } from './hostile';
import { type JsonSchema, type Root, requestValueArbitrary } from './jsonSchemaArbitrary';
import { type FuzzOperation, pathTemplateParams } from './operations';

export type ActorChoice =
  /** A role that passes the operation's page guards (or any role when none does). */
  | { kind: 'passing'; pick: number }
  /** A role that fails them (or any role when all pass). */
  | { kind: 'failing'; pick: number }
  | { kind: 'anonymous' }
  | { kind: 'bad-token'; token: string };

/** A path parameter: the id of an existing row of the matching table, or a raw (already encoded) segment. */
export type ParamChoice = { kind: 'existing'; pick: number } | { kind: 'raw'; segment: string };

export type BodyChoice =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType: string | null }
  | { kind: 'raw'; text: string; contentType: string | null };

export type RequestPlan = {
  operation: FuzzOperation;
  params: Record<string, ParamChoice>;
  query: QueryChoice;
  body: BodyChoice;
  actor: ActorChoice;
  headers: Record<string, string>;
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const actorArbitrary: fc.Arbitrary<ActorChoice> = fc.oneof(
  { weight: 14, arbitrary: fc.nat().map((pick) => ({ kind: 'passing' as const, pick })) },
  { weight: 3, arbitrary: fc.nat().map((pick) => ({ kind: 'failing' as const, pick })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'anonymous' as const }) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.constantFrom(
          'x',
          'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
          'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwiZXhwIjoxfQ.c2lnbmF0dXJl',
          'Bearer',
          'a b',
        ),
        fc.base64String({ minLength: 4, maxLength: 300 }),
      )
      .map((token) => ({ kind: 'bad-token' as const, token })),
  },
);

/**
 * A path parameter: an existing row's id when it is declared an integer, or a raw segment: out of range,
 * negative, fractional, garbage, bad percent-escapes (on a route that matches digits only, `/api/groups/:id{[0-9]+}`,
 * the router answers those 404).
 */
function paramArbitrary(schema: JsonSchema | undefined): fc.Arbitrary<ParamChoice> {
  const integer = typeof schema === 'object' && schema.type === 'integer';
  return fc.oneof(
    { weight: integer ? 3 : 0, arbitrary: fc.nat().map((pick) => ({ kind: 'existing' as const, pick })) },
    { weight: 2, arbitrary: hostileIdSegment.map((segment) => ({ kind: 'raw' as const, segment })) },
  );
}

/** Stringifies a generated query value the way a browser's URLSearchParams would put it in a URL. */
function queryValue(v: unknown): string {
  if (v === null) return 'null';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Generated query object → encoded pairs; arrays repeat the key, as `?a=1&a=2`. */
export function toQueryPairs(value: unknown): [string, string][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return value === undefined ? [] : [['q', safeEncode(queryValue(value))]];
  }
  const pairs: [string, string][] = [];
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v]) pairs.push([safeEncode(k), safeEncode(queryValue(item))]);
  }
  return pairs;
}

/** Query strings that no URL builder makes: bad escapes, empty keys, stray separators. */
const rawQueryPairs: fc.Arbitrary<[string, string][]> = fc.constantFrom<[string, string][]>(
  [['%ZZ', '1']],
  [['page', '%']],
  [['page', '%00']],
  [['', '']],
  [['page_size', '1'], ['page_size', '2']],
  [['filial', '%E2%80%AE']],
  [['search', '%F0%9F%92%A5%00']],
  [['__proto__', 'x']],
  [['a[b]', '1']],
);

/** A generated query: the schema's value (ids in it resolved when sent) and raw pairs added after it. */
export type QueryChoice = { value?: unknown; extra: [string, string][] };

/**
 * The query parameters as one object schema, so they are generated (and mutated: a required one dropped, unknown
 * ones added) together, as their JSON types; toQueryPairs writes them as strings.
 */
export function querySchema(params: readonly Parameter[]): JsonSchema | undefined {
  if (!params.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

function queryArbitrary(operation: FuzzOperation, root: Root): fc.Arbitrary<QueryChoice> {
  const schema = querySchema(operation.queryParams);
  const junk: fc.Arbitrary<[string, string][]> = fc.array(
    fc.tuple(fc.constantFrom<string>('x', 'page', 'filial', 'id', 'search', '__proto__'), hostileString.map(safeEncode)),
    { maxLength: 2 },
  );
  const none: fc.Arbitrary<[string, string][]> = fc.constant([]);
  const extra = fc.oneof({ weight: 8, arbitrary: none }, { weight: 1, arbitrary: junk }, { weight: 1, arbitrary: rawQueryPairs });
  if (!schema) return extra.map((pairs) => ({ extra: pairs }));
  return fc.tuple(requestValueArbitrary(schema, root), extra).map(([value, pairs]) => ({ value, extra: pairs }));
}

const ODD_CONTENT_TYPES = [
  'text/plain',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/vnd.api+json',
  'application/json; charset=latin1',
  '',
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,]',
  'nul',
  "{'a': 1}",
  '{"a":1}garbage',
  '\u0000',
  '1e999',
  '-',
  'NaN',
  '\ufeff{}',
  '{"__proto__": {"polluted": true}}',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  '"just a string"',
  '[]',
  '[{}]',
  'null',
  '0',
  'true',
  '[' .repeat(3000) + ']'.repeat(3000),
  '{"a":'.repeat(1000) + '1' + '}'.repeat(1000),
  '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="x.xlsx"\r\n\r\nnot a workbook\r\n--fuzz--\r\n',
];

function bodyArbitrary(operation: FuzzOperation, root: Root): fc.Arbitrary<BodyChoice> {
  if (!WRITES.has(operation.method)) return fc.constant({ kind: 'none' });
  const value = operation.body ? requestValueArbitrary(operation.body.schema, root) : anyJson;
  const json = (contentType: fc.Arbitrary<string | null>) =>
    fc.tuple(value, contentType).map(([v, ct]): BodyChoice => ({ kind: 'json', value: v, contentType: ct }));
  const truncated = value
    .map((v) => JSON.stringify(v) ?? '')
    .filter((s) => s.length > 1)
    .chain((s) => fc.nat({ max: s.length - 1 }).map((cut) => s.slice(0, cut)));
  const raw = fc.oneof(fc.constantFrom(...MALFORMED_JSON), truncated, fc.constantFrom(...NASTY_STRINGS));
  return fc.oneof(
    { weight: 14, arbitrary: json(fc.constant('application/json')) },
    { weight: 1, arbitrary: json(fc.constant(null)) },
    { weight: 1, arbitrary: json(fc.constantFrom(...ODD_CONTENT_TYPES)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(raw, fc.constantFrom<string | null>('application/json', null, 'text/plain', 'multipart/form-data; boundary=fuzz'))
        .map(([text, contentType]): BodyChoice => ({ kind: 'raw', text, contentType })),
    },
    { weight: 1, arbitrary: fc.constantFrom<BodyChoice>({ kind: 'none' }, { kind: 'raw', text: '', contentType: 'application/json' }) },
  );
}

const headerArbitrary = (operation: FuzzOperation): fc.Arbitrary<Record<string, string>> =>
  fc
    .tuple(
      fc.option(fc.constantFrom('uz', 'en', 'ru', 'en-US,en;q=0.9', '*', 'xx;q=abc', 'uz-Cyrl'), { freq: 2 }),
      fc.oneof(
        { weight: 8, arbitrary: fc.ipV4() },
        { weight: 1, arbitrary: fc.constantFrom(',', 'unknown', '::1', '999.999.1.1', "'; drop table login_attempts; --", 'x'.repeat(500)) },
      ),
      WRITES.has(operation.method)
        ? fc.oneof(
            { weight: 9, arbitrary: fc.constant(null) },
            { weight: 1, arbitrary: fc.oneof(fc.uuid(), fc.constantFrom('short', 'k'.repeat(101), ' '.repeat(10), 'fuzz-key-0001')) },
          )
        : fc.constant(null),
    )
    .map(([lang, address, key]) => ({
      'x-forwarded-for': address,
      ...(lang === null ? {} : { 'accept-language': lang }),
      ...(key === null ? {} : { 'idempotency-key': key }),
    }));

/** The arbitrary of request plans for one operation; `root` is the document its `$ref`s point into. */
export function requestPlanArbitrary(operation: FuzzOperation, root: Root): fc.Arbitrary<RequestPlan> {
  const declared = new Map(operation.pathParams.map((p) => [p.name, p.schema]));
  const paramModel = Object.fromEntries(pathTemplateParams(operation.path).map((name) => [name, paramArbitrary(declared.get(name))]));
  return fc
    .record({
      params: fc.record(paramModel),
      query: queryArbitrary(operation, root),
      body: bodyArbitrary(operation, root),
      actor: actorArbitrary,
      headers: headerArbitrary(operation),
    })
    .map((r) => ({ operation, ...(r as Omit<RequestPlan, 'operation'>) }));
}
