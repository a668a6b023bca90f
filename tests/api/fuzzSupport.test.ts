// The fuzzer's own parts (tests/fuzz): the zod → fast-check converter, the error-shape and allowed-write rules,
// the endpoint schedule and the id-table guess. No database.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idParam, pageQuery, phoneSchema, queryIsoDate } from '../../contract/common';
import type { Endpoint } from '../../server/http/endpoints';
import { allowedWrites } from '../fuzz/allowedWrites';
import { errorShapeProblem } from '../fuzz/errorShape';
import { safeEncode } from '../fuzz/hostile';
import { tableForParam } from '../fuzz/idTables';
import { pathParams, toQueryPairs } from '../fuzz/requestPlan';
import { schedule } from '../fuzz/runner';
import { mutatedArbitrary, validArbitrary, zodArbitrary } from '../fuzz/zodArbitrary';

const SEED = 42;
const accepted = (schema: z.ZodType, arb: fc.Arbitrary<unknown>, n = 300) =>
  fc.sample(arb, { seed: SEED, numRuns: n }).filter((v) => schema.safeParse(v).success).length / n;

describe('zodArbitrary', () => {
  const body = z
    .object({
      name: z.string().trim().min(2).max(40),
      age: z.number().int().min(0).max(120),
      price: z.number().multipleOf(0.01).positive(),
      kind: z.enum(['a', 'b']),
      tag: z.literal('x').optional(),
      note: z.string().max(10).nullable(),
      when: z.iso.date(),
      at: z.iso.datetime({ offset: true }),
      ids: z.array(z.number().int().positive()).min(1).max(3),
      pair: z.tuple([z.string(), z.boolean()]),
      map: z.record(z.enum(['k1', 'k2']), z.number()),
      either: z.discriminatedUnion('t', [z.object({ t: z.literal('p'), p: z.number() }), z.object({ t: z.literal('q') })]),
      phone: phoneSchema,
      from: queryIsoDate,
      count: z.coerce.number().int().positive().default(1),
    })
    .strict();

  it('generates values the schema accepts, mostly (formats, money, records, unions, transforms)', () => {
    // Not always: a pipe sometimes gets what its input side takes (any string for the phone) and its output refuses.
    expect(accepted(body, validArbitrary(body))).toBeGreaterThan(0.75);
  });

  it('mutated values break the schema often but not always, so both handler and validator paths run', () => {
    const ratio = accepted(body, mutatedArbitrary(body));
    expect(ratio).toBeGreaterThan(0.02);
    expect(ratio).toBeLessThan(0.6);
  });

  it('mutations include wrong types, missing required keys and unknown keys', () => {
    const values = fc.sample(mutatedArbitrary(body), { seed: SEED, numRuns: 400 }) as Record<string, unknown>[];
    const objects = values.filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
    expect(objects.some((v) => !('name' in v))).toBe(true);
    expect(objects.some((v) => Object.keys(v).some((k) => !(k in body.shape)))).toBe(true);
    expect(objects.some((v) => typeof v.age === 'string')).toBe(true);
    expect(values.some((v) => typeof v !== 'object' || v === null || Array.isArray(v))).toBe(true);
  });

  it('path ids: valid ones in range, hostile ones out of it', () => {
    expect(accepted(idParam, validArbitrary(idParam).map((v) => ({ id: String((v as { id: unknown }).id) })))).toBe(1);
    const ids = fc.sample(zodArbitrary(idParam), { seed: SEED, numRuns: 500 }).map((v) => (v as { id?: unknown } | null)?.id);
    expect(ids.some((id) => typeof id === 'number' && (id <= 0 || !Number.isInteger(id) || id > 2 ** 31))).toBe(true);
  });

  it('query objects become encoded pairs, arrays repeating the key', () => {
    expect(toQueryPairs({ page: 2, ids: [1, 2], q: 'a b&c', none: undefined, n: null })).toEqual([
      ['page', '2'],
      ['ids', '1'],
      ['ids', '2'],
      ['q', 'a%20b%26c'],
      ['n', 'null'],
    ]);
    expect(accepted(pageQuery, validArbitrary(pageQuery))).toBe(1);
  });

  it('encodes lone surrogates instead of throwing', () => {
    expect(safeEncode('a\ud800')).toBe('a%ED%A0%80');
    expect(safeEncode('💥')).toBe(encodeURIComponent('💥'));
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
  const endpoints = Array.from({ length: 7 }, (_, i) => ({ method: 'GET', path: `/api/e${i}`, auth: true, guards: [], schemas: {}, answers: [] }) as Endpoint);
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
  it('reads names and digit-only patterns', () => {
    expect(pathParams('/api/groups/:id{[0-9]+}/schedule')).toEqual([{ name: 'id', digitsOnly: true }]);
    expect(pathParams('/api/add-group/secondary/update/:student')).toEqual([{ name: 'student', digitsOnly: false }]);
  });
  it('guesses the table from the words before the parameter', () => {
    expect(tableForParam('/api/finance/casher/:id/close', 'id', tables)).toBe('cashiers');
    expect(tableForParam('/api/api/v2/students/stats/:id', 'id', tables)).toBe('students');
    expect(tableForParam('/api/marketing/group/:id', 'id', tables)).toBe('marketing_groups');
    expect(tableForParam('/api/groups/:id{[0-9]+}', 'id', tables)).toBe('groups');
    expect(tableForParam('/api/subjects/level/:id', 'id', tables)).toBe('subject_levels');
    expect(tableForParam('/api/lid/:id', 'id', tables)).toBe('leads');
    expect(tableForParam('/api/unknown/:id', 'id', tables)).toBeNull();
  });
});
