// JSON Schema (as found in the generated OpenAPI document) → fast-check arbitrary of values that satisfy it.
// The fuzzer is meant to read requests from the document rather than from zod internals, which a zod upgrade
// can break; this is the first step: the converter, resolving `$ref`s into the document's components.
import fc from 'fast-check';

export type JsonSchema = boolean | { [key: string]: unknown };

type Root = { components?: { schemas?: Record<string, JsonSchema> } };

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  date: fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  'date-time': fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }).map((d) => d.toISOString()),
  email: fc.emailAddress(),
  uuid: fc.uuid(),
};

/** `#/components/schemas/Name` → the schema it points to. */
export function resolveRef(root: Root, ref: string): JsonSchema {
  const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
  const target = name === undefined ? undefined : root.components?.schemas?.[decodeURIComponent(name)];
  if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
  return target;
}

function stringArbitrary(s: Record<string, unknown>): fc.Arbitrary<string> {
  if (typeof s.format === 'string' && FORMATS[s.format]) return FORMATS[s.format];
  if (typeof s.pattern === 'string') return fc.stringMatching(new RegExp(s.pattern));
  return fc.string({ minLength: (s.minLength as number) ?? 0, maxLength: (s.maxLength as number) ?? 40 });
}

function numberArbitrary(s: Record<string, unknown>, integer: boolean): fc.Arbitrary<number> {
  const exMin = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined;
  const exMax = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined;
  if (integer) {
    const min = exMin !== undefined ? Math.floor(exMin) + 1 : ((s.minimum as number) ?? -1_000_000);
    const max = exMax !== undefined ? Math.ceil(exMax) - 1 : ((s.maximum as number) ?? 1_000_000);
    return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
  }
  return fc.double({
    min: exMin ?? (s.minimum as number) ?? -1e9,
    max: exMax ?? (s.maximum as number) ?? 1e9,
    minExcluded: exMin !== undefined,
    maxExcluded: exMax !== undefined,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** Values that satisfy `schema`; `root` is the document whose components `$ref`s point into. */
export function jsonSchemaArbitrary(schema: JsonSchema, root: Root = {}, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true) return fc.jsonValue({ maxDepth: 2 });
  if (schema === false) throw new Error('no value satisfies `false`');
  const s = schema;
  const next = (sub: JsonSchema) => jsonSchemaArbitrary(sub, root, depth + 1);
  if (typeof s.$ref === 'string') return next(resolveRef(root, s.$ref));
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.anyOf)) return fc.oneof(...(s.anyOf as JsonSchema[]).map(next));
  if (Array.isArray(s.oneOf)) return fc.oneof(...(s.oneOf as JsonSchema[]).map(next));
  if (Array.isArray(s.allOf)) return next(mergeAll(s.allOf as JsonSchema[], root));
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((type) => next({ ...s, type })));
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(s);
    case 'integer':
    case 'number':
      return numberArbitrary(s, s.type === 'integer');
    case 'array': {
      const items = s.items === undefined ? true : (s.items as JsonSchema);
      const maxLength = (s.maxItems as number) ?? Math.max((s.minItems as number) ?? 0, depth > 3 ? 0 : 4);
      return fc.array(next(items), { minLength: (s.minItems as number) ?? 0, maxLength });
    }
    case 'object':
      return objectArbitrary(s, next);
    default:
      return s.properties ? objectArbitrary(s, next) : fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(s: Record<string, unknown>, next: (sub: JsonSchema) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((s.required ?? []) as string[]);
  const model = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, next(v)]));
  return fc.record(model, { requiredKeys: [...required].filter((k) => k in properties) });
}

/** `allOf` of object schemas → one object schema (the document only combines objects this way). */
function mergeAll(parts: JsonSchema[], root: Root): JsonSchema {
  const merged: Record<string, unknown> = { type: 'object', properties: {}, required: [] };
  for (const raw of parts) {
    const part = typeof raw === 'object' && typeof raw.$ref === 'string' ? resolveRef(root, raw.$ref) : raw;
    if (typeof part !== 'object') continue;
    Object.assign(merged.properties as object, part.properties ?? {});
    (merged.required as string[]).push(...((part.required ?? []) as string[]));
  }
  return merged;
}
