import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonSchema, jsonSchemaArbitrary, resolveRef } from '../../fuzz/jsonSchemaArbitrary';
import { offlineDocument } from '../../fuzz/offlineDocument';

type Root = { components?: { schemas?: Record<string, JsonSchema> } };

/** A small validator for the keywords the converter handles: the test's independent oracle. */
function problem(value: unknown, schema: JsonSchema, root: Root, at = '$'): string | undefined {
  if (schema === true) return undefined;
  if (schema === false) return `${at}: false`;
  const s = schema;
  if (typeof s.$ref === 'string') return problem(value, resolveRef(root, s.$ref), root, at);
  if ('const' in s && JSON.stringify(value) !== JSON.stringify(s.const)) return `${at}: not const`;
  if (Array.isArray(s.enum) && !s.enum.includes(value)) return `${at}: not in enum`;
  if (Array.isArray(s.anyOf) && s.anyOf.every((sub) => problem(value, sub as JsonSchema, root, at))) return `${at}: no anyOf`;
  if (Array.isArray(s.allOf)) for (const sub of s.allOf) { const p = problem(value, sub as JsonSchema, root, at); if (p) return p; }
  const types = s.type === undefined ? undefined : ([] as unknown[]).concat(s.type);
  if (types) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
    if (!types.includes(kind) && !(kind === 'integer' && types.includes('number'))) return `${at}: ${kind} is not ${types}`;
  }
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && value.length < s.minLength) return `${at}: short`;
    if (typeof s.maxLength === 'number' && value.length > s.maxLength) return `${at}: long`;
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern).test(value)) return `${at}: pattern`;
    if (s.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${at}: date`;
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) return `${at}: below minimum`;
    if (typeof s.maximum === 'number' && value > s.maximum) return `${at}: above maximum`;
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) return `${at}: not above exclusiveMinimum`;
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) return `${at}: not below exclusiveMaximum`;
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) return `${at}: few items`;
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) return `${at}: many items`;
    if (s.items !== undefined) for (const [i, v] of value.entries()) { const p = problem(v, s.items as JsonSchema, root, `${at}[${i}]`); if (p) return p; }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    for (const k of (s.required ?? []) as string[]) if (!(k in o)) return `${at}.${k}: missing`;
    for (const [k, sub] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
      if (k in o) { const p = problem(o[k], sub, root, `${at}.${k}`); if (p) return p; }
    }
  }
  return undefined;
}

const root: Root = {
  components: { schemas: { Money: { type: 'integer', minimum: 0, maximum: 1_000_000 }, Named: { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 5 } }, required: ['name'] } } },
};

const samples: Record<string, JsonSchema> = {
  refs: { type: 'object', properties: { amount: { $ref: '#/components/schemas/Money' } }, required: ['amount'] },
  nullable: { type: ['string', 'null'], maxLength: 3 },
  enumAndConst: { type: 'object', properties: { kind: { enum: ['a', 'b'] }, v: { const: 1 } }, required: ['kind', 'v'] },
  strings: { type: 'object', properties: { day: { type: 'string', format: 'date' }, phone: { type: 'string', pattern: '^\\+998\\d{9}$' } }, required: ['day', 'phone'] },
  numbers: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 },
  integers: { type: 'integer', exclusiveMinimum: 0, maximum: 3 },
  arrays: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: 3 },
  unions: { anyOf: [{ type: 'boolean' }, { $ref: '#/components/schemas/Named' }] },
  oneOf: { oneOf: [{ type: 'null' }, { type: 'integer', minimum: 5 }] },
  allOf: { allOf: [{ $ref: '#/components/schemas/Named' }, { type: 'object', properties: { age: { type: 'integer', minimum: 0 } }, required: ['age'] }] },
};

describe('jsonSchemaArbitrary', () => {
  it.each(Object.entries(samples))('generates only values valid against the schema (%s)', (_name, schema) => {
    fc.assert(fc.property(jsonSchemaArbitrary(schema, root), (value) => problem(value, schema, root) === undefined), { seed: 16, numRuns: 200 });
  });

  it('covers optional properties both present and absent', () => {
    const values = fc.sample(jsonSchemaArbitrary({ type: 'object', properties: { note: { type: 'string' } } }), { seed: 16, numRuns: 100 });
    expect(values.some((v) => 'note' in (v as object))).toBe(true);
    expect(values.some((v) => !('note' in (v as object)))).toBe(true);
  });

  it('names a $ref it cannot resolve', () => {
    expect(() => jsonSchemaArbitrary({ $ref: '#/components/schemas/Nope' }, root)).toThrow('unresolved $ref #/components/schemas/Nope');
  });
});

type Operation = { parameters?: { name: string; in: string; schema?: JsonSchema }[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

/** Every request schema of the generated document (no request runs, so no database is opened). */
async function documentRequestSchemas(): Promise<{ root: Root; schemas: [string, JsonSchema][] }> {
  const doc = await offlineDocument();
  const schemas: [string, JsonSchema][] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item as Record<string, Operation>)) {
      for (const p of op.parameters ?? []) if (p.schema) schemas.push([`${method} ${path} ${p.in} ${p.name}`, p.schema]);
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) schemas.push([`${method} ${path} body`, body]);
    }
  }
  return { root: doc as Root, schemas };
}

describe('jsonSchemaArbitrary on the OpenAPI document', () => {
  it('generates valid values for every request schema the document declares', async () => {
    const { root: docRoot, schemas } = await documentRequestSchemas();
    expect(schemas.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const [name, schema] of schemas) {
      for (const value of fc.sample(jsonSchemaArbitrary(schema, docRoot), { seed: 16, numRuns: 20 })) {
        const p = problem(value, schema, docRoot);
        if (p) failures.push(`${name}: ${p} (${JSON.stringify(value)})`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  }, 60_000);
});
