// The fuzzer's own parts (tests/fuzz): the request plan over the OpenAPI document (JSON Schema → fast-check, the
// hostile mutations, existing ids, the query strings), the error-shape and allowed-write rules, the operation
// schedule and the id-table guess. No database. The zod schemas here are only oracles: their JSON Schema goes in
// (z.toJSONSchema, as the document is generated) and safeParse judges what comes out.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageQuery, phoneSchema, queryIsoDate } from '../../contract/common';
import { allowedWrites } from '../fuzz/allowedWrites';
import { errorShapeProblem } from '../fuzz/errorShape';
import { safeEncode } from '../fuzz/hostile';
import { ExistingId, tableForParam } from '../fuzz/idTables';
import { type JsonSchema, mutatedRequestArbitrary, requestValueArbitrary, validRequestArbitrary } from '../fuzz/jsonSchemaArbitrary';
import { offlineDocument } from '../fuzz/offlineDocument';
import { type FuzzOperation, operationsOf } from '../fuzz/operations';
import { querySchema, requestPlanArbitrary, toQueryPairs } from '../fuzz/requestPlan';
import { schedule } from '../fuzz/runner';

const SEED = 42;
const asInput = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
/** An existing id as the runner would resolve it when the database has no such table: a small number. */
const resolved = (v: unknown): unknown => JSON.parse(JSON.stringify(v) ?? 'null');
const accepted = (schema: z.ZodType, arb: fc.Arbitrary<unknown>, n = 300) =>
  fc.sample(arb, { seed: SEED, numRuns: n }).filter((v) => schema.safeParse(resolved(v)).success).length / n;
/** What a browser makes of the pairs, read back as the server's query validator sees them. */
const readBack = (pairs: [string, string][]) => {
  const params = new URLSearchParams(pairs.map(([k, v]) => `${k}=${v}`).join('&'));
  return Object.fromEntries([...params.keys()].map((k) => [k, params.getAll(k).length > 1 ? params.getAll(k) : params.get(k)]));
};

describe('request values from JSON Schema', () => {
  const body = z
    .object({
      name: z.string().trim().min(2).max(40),
      age: z.number().int().min(0).max(120),
      kind: z.enum(['a', 'b']),
      tag: z.literal('x').optional(),
      note: z.string().max(10).nullable(),
      when: z.iso.date(),
      at: z.iso.datetime({ offset: true }),
      group: z.number().int().positive(),
      students: z.array(z.number().int().positive()).min(1).max(3),
      either: z.discriminatedUnion('t', [z.object({ t: z.literal('p'), p: z.number() }), z.object({ t: z.literal('q') })]),
      phone: phoneSchema,
      from: queryIsoDate,
    })
    .strict();
  const schema = asInput(body);

  it('valid values are accepted by the schema, mostly (formats, unions, a phone from its examples)', () => {
    // Not always: a refinement or a transform the JSON Schema cannot say (trim, the phone's digits) may refuse one.
    expect(accepted(body, validRequestArbitrary(schema))).toBeGreaterThan(0.75);
  });

  it('mutated values break the schema often but not always, so both handler and validator paths run', () => {
    const ratio = accepted(body, mutatedRequestArbitrary(schema));
    expect(ratio).toBeGreaterThan(0.02);
    expect(ratio).toBeLessThan(0.6);
  });

  it('mutations include wrong types, out-of-range numbers, too long strings, missing required keys and unknown keys', () => {
    const values = fc.sample(mutatedRequestArbitrary(schema), { seed: SEED, numRuns: 400 }) as Record<string, unknown>[];
    const objects = values.filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
    expect(objects.some((v) => !('name' in v))).toBe(true);
    expect(objects.some((v) => Object.keys(v).some((k) => !(k in body.shape)))).toBe(true);
    expect(objects.some((v) => typeof v.age === 'string')).toBe(true);
    expect(objects.some((v) => typeof v.age === 'number' && (v.age < 0 || v.age > 120))).toBe(true);
    expect(objects.some((v) => typeof v.name === 'string' && v.name.length > 40)).toBe(true);
    expect(objects.some((v) => Array.isArray(v.students) && v.students.length > 3)).toBe(true);
    expect(values.some((v) => typeof v !== 'object' || v === null || Array.isArray(v))).toBe(true);
    const all = fc.sample(requestValueArbitrary(schema), { seed: SEED, numRuns: 400 });
    expect(all.some((v) => typeof v !== 'object' || v === null)).toBe(true);
  });

  it('integers under a key that names a row are existing ids now and then, in arrays too; other keys never', () => {
    const values = fc.sample(validRequestArbitrary(schema), { seed: SEED, numRuns: 200 }) as Record<string, unknown>[];
    expect(values.filter((v) => v.group instanceof ExistingId).length).toBeGreaterThan(100);
    expect(values.some((v) => (v.students as unknown[]).some((s) => s instanceof ExistingId && s.key === 'students'))).toBe(true);
    expect(values.some((v) => v.age instanceof ExistingId)).toBe(false);
  });

  it('query values are generated as their JSON types and read back by the query schema from their strings', () => {
    const query = querySchema([
      { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
      { name: 'page_size', in: 'query', required: true, schema: { type: 'integer', minimum: 1, maximum: 100 } },
    ])!;
    const values = fc.sample(validRequestArbitrary(query), { seed: SEED, numRuns: 200 });
    expect(values.every((v) => typeof (v as { page_size: unknown }).page_size === 'number')).toBe(true);
    expect(values.filter((v) => !pageQuery.safeParse(readBack(toQueryPairs(v))).success)).toEqual([]);
  });

  it('query objects become encoded pairs, arrays repeating the key', () => {
    expect(toQueryPairs({ page: 2, ids: [1, 2], q: 'a b&c', none: undefined, n: null, yes: true })).toEqual([
      ['page', '2'],
      ['ids', '1'],
      ['ids', '2'],
      ['q', 'a%20b%26c'],
      ['n', 'null'],
      ['yes', 'true'],
    ]);
  });

  it('encodes lone surrogates instead of throwing', () => {
    expect(safeEncode('a\ud800')).toBe('a%ED%A0%80');
    expect(safeEncode('💥')).toBe(encodeURIComponent('💥'));
  });
});

describe('request plans over the OpenAPI document', () => {
  it('every operation of the document gets plans: its path ids, its query, its declared body', async () => {
    const doc = await offlineDocument();
    const operations = operationsOf(doc);
    expect(operations.length).toBe(Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0));
    for (const operation of operations) {
      const plans = fc.sample(requestPlanArbitrary(operation, doc), { seed: SEED, numRuns: 20 });
      for (const plan of plans) expect(Object.keys(plan.params).sort()).toEqual(operation.pathParams.map((p) => p.name).sort());
      if (operation.queryParams.length) expect(plans.some((p) => p.query.value !== undefined)).toBe(true);
    }
    const withBody = operations.filter((o) => o.body);
    expect(withBody.length).toBeGreaterThan(80);
    expect(withBody.every((o) => o.body!.media === 'application/json')).toBe(true);
  }, 60_000);

  it('a body follows its declared schema: existing ids at reference keys, the declared keys, hostile ones too', async () => {
    const doc = await offlineDocument();
    const create = operationsOf(doc).find((o) => o.method === 'POST' && o.path === '/api/students')!;
    const bodies = fc
      .sample(requestPlanArbitrary(create, doc), { seed: SEED, numRuns: 300 })
      .flatMap((p) => (p.body.kind === 'json' && typeof p.body.value === 'object' && p.body.value !== null ? [p.body.value as Record<string, unknown>] : []));
    expect(bodies.filter((b) => b.filial instanceof ExistingId).length).toBeGreaterThan(50);
    expect(bodies.some((b) => b.phone === '+998901234567')).toBe(true);
    expect(bodies.some((b) => typeof b.full_name === 'string' && b.full_name.length > 200)).toBe(true);
    expect(bodies.some((b) => !('full_name' in b))).toBe(true);
  });

  it('a key declared absent (`not: {}`) is left out of valid bodies and sent in mutated ones', async () => {
    const doc = await offlineDocument();
    const patch = operationsOf(doc).find((o) => o.method === 'PATCH' && o.path === '/api/lid/{id}')!;
    const sample = (arb: fc.Arbitrary<unknown>) => fc.sample(arb, { seed: SEED, numRuns: 300 }) as Record<string, unknown>[];
    expect(sample(validRequestArbitrary(patch.body!.schema, doc)).some((b) => 'group' in b)).toBe(false);
    expect(sample(mutatedRequestArbitrary(patch.body!.schema, doc)).some((b) => b && typeof b === 'object' && 'group' in b)).toBe(true);
  });

  it('path ids: existing rows mostly, raw segments out of range or not numbers at all', async () => {
    const doc = await offlineDocument();
    const group = operationsOf(doc).find((o) => o.method === 'GET' && o.path === '/api/groups/{id}')!;
    const choices = fc.sample(requestPlanArbitrary(group, doc), { seed: SEED, numRuns: 300 }).map((p) => p.params.id);
    expect(choices.filter((c) => c.kind === 'existing').length).toBeGreaterThan(120);
    const raw = choices.flatMap((c) => (c.kind === 'raw' ? [c.segment] : []));
    expect(raw.some((s) => /^\d+$/.test(s) && Number(s) > 2 ** 31)).toBe(true);
    expect(raw.some((s) => !/^\d+$/.test(s))).toBe(true);
  });
});

describe('errorShapeProblem', () => {
  const json = 'application/json';
  it('accepts {detail}, {detail, code, ...} and {field: [messages]}', () => {
    expect(errorShapeProblem(json, '{"detail":"Not found"}')).toBeNull();
    expect(errorShapeProblem(json, '{"detail":"x","code":"errors.y","conflict":{"id":1}}')).toBeNull();
    expect(errorShapeProblem(json, '{"name":["Required"],"items.0.id":["Bad","Worse"]}')).toBeNull();
  });
  it('refuses anything else', () => {
    expect(errorShapeProblem('text/plain', 'Not found')).toMatch(/not JSON/);
    expect(errorShapeProblem(json, 'oops')).toMatch(/not JSON/);
    expect(errorShapeProblem(json, '[]')).toMatch(/not a JSON object/);
    expect(errorShapeProblem(json, '{}')).toMatch(/empty/);
    expect(errorShapeProblem(json, '{"detail":{"a":1}}')).toMatch(/detail/);
    expect(errorShapeProblem(json, '{"name":"Required"}')).toMatch(/name/);
    expect(errorShapeProblem(json, '{"name":[]}')).toMatch(/name/);
  });
});

describe('allowedWrites', () => {
  it('a refused sign-in may count a failure and audit it; nothing else may write on a 4xx', () => {
    const signIn = allowedWrites({ method: 'POST', path: '/api/auth/token', status: 401, headers: {} });
    expect([...signIn.tables]).toEqual(['login_attempts']);
    expect([...signIn.auditActions]).toEqual(['auth.sign_in_failed']);
    const invalid = allowedWrites({ method: 'POST', path: '/api/auth/token', status: 400, headers: {} });
    expect(invalid.tables.size + invalid.auditActions.size).toBe(0);
    const other = allowedWrites({ method: 'POST', path: '/api/students', status: 400, headers: {} });
    expect(other.tables.size + other.auditActions.size).toBe(0);
  });
  it('a write with an Idempotency-Key may store its 4xx answer', () => {
    expect([...allowedWrites({ method: 'POST', path: '/api/finance', status: 400, headers: { 'Idempotency-Key': 'k' } }).tables]).toEqual(['idempotency_keys']);
  });
});

describe('schedule', () => {
  const endpoints = Array.from({ length: 7 }, (_, i): FuzzOperation => ({ method: 'GET', path: `/api/e${i}`, guards: [], pathParams: [], queryParams: [] }));
  it('gives every endpoint its share, round by round, in a seeded order', () => {
    const plan = schedule(endpoints, 20, SEED);
    expect(plan).toHaveLength(20);
    for (const e of endpoints) expect(plan.filter((p) => p.endpoint === e).length).toBeGreaterThanOrEqual(2);
    expect(new Set(plan.slice(0, 7).map((p) => p.endpoint)).size).toBe(7);
    expect(schedule(endpoints, 20, SEED).map((p) => p.endpoint.path)).toEqual(plan.map((p) => p.endpoint.path));
    expect(schedule(endpoints, 20, SEED + 1).map((p) => p.endpoint.path)).not.toEqual(plan.map((p) => p.endpoint.path));
  });
});

describe('path parameters', () => {
  const tables = new Set(['students', 'cashiers', 'marketing_groups', 'groups', 'subject_levels', 'leads']);
  it('guesses the table from the words before the parameter', () => {
    expect(tableForParam('/api/finance/casher/{id}/close', 'id', tables)).toBe('cashiers');
    expect(tableForParam('/api/api/v2/students/stats/{id}', 'id', tables)).toBe('students');
    expect(tableForParam('/api/marketing/group/{id}', 'id', tables)).toBe('marketing_groups');
    expect(tableForParam('/api/groups/{id}', 'id', tables)).toBe('groups');
    expect(tableForParam('/api/subjects/level/{id}', 'id', tables)).toBe('subject_levels');
    expect(tableForParam('/api/lid/{id}', 'id', tables)).toBe('leads');
    expect(tableForParam('/api/add-group/secondary/update/{student}', 'student', tables)).toBe('students');
    expect(tableForParam('/api/unknown/{id}', 'id', tables)).toBeNull();
  });
});
