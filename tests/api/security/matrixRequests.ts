// The requests of the access matrix: an endpoint's path filled with a foreign object's id, or its query/body
// fields that name branch-owned objects filled with a foreign branch's ids, every other field a valid sample.
// Each request is checked against the endpoint's own validators first, so a refusal proves the branch check,
// not a 400 from the validator.
import type { Endpoint } from '../../../server/http/endpoints';
import { call, type CallResult, type TestApp } from '../harness';
import type { Branch, MatrixWorld } from './branchFixtures';
import { fieldKind, fillPath, pathIdKind, type BranchKind, type Kind } from './objectKinds';
import { fieldsOf, sampleFor } from './sampleInput';

export type MatrixRequest = {
  endpoint: Endpoint;
  url: string;
  body?: unknown;
  /** Sent as multipart/form-data instead of `body`. */
  form?: boolean;
  /** Why the request's own validators would refuse it (a bug of the matrix, reported as such). */
  invalid?: string;
};

const toQuery = (value: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)])).toString();

function finish(endpoint: Endpoint, path: string, params: Record<string, unknown>, query: Record<string, unknown>, body?: unknown): MatrixRequest {
  const problems: string[] = [];
  const check = (target: 'param' | 'query' | 'json', value: unknown) => {
    const schema = endpoint.schemas[target];
    if (!schema) return;
    const parsed = schema.safeParse(value);
    if (!parsed.success) problems.push(`${target}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  };
  const queryText = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]));
  check('param', Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));
  check('query', queryText);
  check('json', body);
  const qs = toQuery(query);
  return { endpoint, url: qs ? `${path}?${qs}` : path, body, invalid: problems.length ? problems.join(' | ') : undefined };
}

const QUESTION = {
  text: 'Q',
  points: 1,
  options: [
    { text: 'a', is_correct: true },
    { text: 'b', is_correct: false },
  ],
};

/** Bodies whose refinements the generic sample misses, by `METHOD path`. */
const BODY_OVERRIDES: Record<string, Record<string, unknown>> = {
  'PATCH /api/lessons/:id': { status: 'cancelled' },
  'PUT /api/tests/:id': { questions: [QUESTION] },
  'POST /api/tests': { questions: [QUESTION] },
};

/** The Monday of next week, for the week schedule's `start_date`. */
const nextMonday = () => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7));
  return d.toISOString().slice(0, 10);
};
const QUERY_OVERRIDES: Record<string, Record<string, unknown>> = { 'GET /api/schedule/week': { start_date: nextMonday() } };

/** Endpoints that take a multipart form instead of JSON: a tiny PNG as `file`. */
const FORMS = new Set(['POST /api/api/employees/:id/photo']);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

const needsBody = (e: Endpoint) => (e.method !== 'GET' && e.method !== 'DELETE' ? true : Boolean(e.schemas.json));

/** The endpoint with its path id set to `id` and valid samples elsewhere. */
export function pathIdRequest(endpoint: Endpoint, id: number, fixedQuery?: Record<string, string>): MatrixRequest {
  const row = { query: fixedQuery ?? pathIdKind(endpoint.path)?.query };
  // Every path parameter takes the id (the first names the object; a second, like a student's chat, is then unknown).
  const params = Object.fromEntries([...endpoint.path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => [m[1], id]));
  const query = endpoint.schemas.query ? sampleFor(endpoint.schemas.query, row?.query) : { ...row?.query };
  const key = `${endpoint.method} ${endpoint.path}`;
  const body = endpoint.schemas.json ? sampleFor(endpoint.schemas.json, BODY_OVERRIDES[key]) : needsBody(endpoint) ? {} : undefined;
  const request = finish(endpoint, fillPath(endpoint.path, id), params, query, FORMS.has(key) ? undefined : body);
  return FORMS.has(key) ? { ...request, form: true } : request;
}

/** Query/body fields of the endpoint that name a branch-owned object. */
export function branchFields(endpoint: Endpoint): { target: 'query' | 'json'; field: string; kind: BranchKind; list: boolean }[] {
  const out: { target: 'query' | 'json'; field: string; kind: BranchKind; list: boolean }[] = [];
  for (const target of ['query', 'json'] as const) {
    const schema = endpoint.schemas[target];
    if (!schema) continue;
    for (const [field, json] of Object.entries(fieldsOf(schema))) {
      const kind = fieldKind(endpoint.path, field);
      if (kind) out.push({ target, field, kind, list: json.type === 'array' });
    }
  }
  return out;
}

/** Fields that must name a different object than their sibling of the same kind: they get the branch's second one. */
const SECOND_OBJECT_FIELDS = new Set(['new_group_id', 'to_casher']);

/** Fields the body takes one of at a time (refinements): one request per group, the other fields left out. */
const ONE_OF: Record<string, string[]> = { 'POST /api/comments': ['student', 'lead'] };

/** The endpoint with every branch-object field set to branch `b`'s object of that kind (one request per ONE_OF choice). */
export function fieldRequests(endpoint: Endpoint, world: MatrixWorld, b: Branch): MatrixRequest[] {
  const key = `${endpoint.method} ${endpoint.path}`;
  const choices = ONE_OF[key] ?? [undefined];
  return choices.map((chosen) => {
    const overrides: Record<'query' | 'json', Record<string, unknown>> = { query: {}, json: {} };
    for (const f of branchFields(endpoint)) {
      if (chosen && ONE_OF[key].includes(f.field) && f.field !== chosen) continue;
      const id = (SECOND_OBJECT_FIELDS.has(f.field) ? world.secondObjects : world.objects)[b][f.kind];
      if (id === undefined) throw new Error(`branch ${b} has no ${f.kind} for ${key} ${f.field}`);
      overrides[f.target][f.field] = f.list ? [id] : id;
    }
    const query = endpoint.schemas.query ? sampleFor(endpoint.schemas.query, { ...QUERY_OVERRIDES[key], ...overrides.query }) : {};
    const body = endpoint.schemas.json
      ? sampleFor(endpoint.schemas.json, { ...BODY_OVERRIDES[key], ...overrides.json })
      : needsBody(endpoint)
        ? {}
        : undefined;
    return finish(endpoint, endpoint.path, {}, query, body);
  });
}

export async function send(t: TestApp, request: MatrixRequest, token: string): Promise<CallResult> {
  if (request.form) {
    const form = new FormData();
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'photo.png');
    const res = await t.app.request(request.url, { method: request.endpoint.method, headers: { authorization: `Bearer ${token}` }, body: form });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: undefined };
  }
  return call(t.app, request.endpoint.method, request.url, { token, body: request.body });
}

export const kindOfPath = (endpoint: Endpoint): Kind | undefined => pathIdKind(endpoint.path)?.kind;
