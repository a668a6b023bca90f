// JSON Schema (as found in the generated OpenAPI document) → fast-check arbitraries, for fuzzing the API with what
// its validators are meant to check. `jsonSchemaArbitrary` aims inside the schema; `requestValueArbitrary` is what
// the fuzzer sends: valid values (integers under a key that names a row replaced by an existing row's id, chosen
// when sent), mutated ones (a hostile node here and there, a required key dropped, unknown keys added: see
// jsonSchemaHostile.ts), or garbage of any kind. `$ref`s resolve into the document's components.
import fc from 'fast-check';
import { hostileValue } from './hostile';
import { ExistingId, isReferenceKey } from './idTables';
import { itemBounds, lengthBounds, numberBounds } from './jsonSchemaBounds';
import { hostileFor, withExtraKeys, withMissingKey } from './jsonSchemaHostile';

export type JsonSchema = boolean | { [key: string]: unknown };
type Node = Record<string, unknown>;

export type Root = { components?: { schemas?: Record<string, JsonSchema> } };

/** `ids`: integers under a reference key may be existing ids; `mutate`: hostile nodes mixed in; `key`: the
 * object key the value sits under (array items and union branches keep their parent's). */
type Ctx = { root: Root; ids: boolean; mutate: boolean; depth: number; key?: string };
const MAX_DEPTH = 6;
/** Chance of a hostile value at a node of a mutated value: about one in MUTATE_ODDS. */
const MUTATE_ODDS = 8;

const isoDay = fc.date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true });
const pad = (n: number) => String(n).padStart(2, '0');
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  date: isoDay.map((d) => d.toISOString().slice(0, 10)),
  'date-time': fc
    .tuple(isoDay, fc.constantFrom('Z', '+05:00', '-03:30', '+00:00'))
    .map(([d, zone]) => d.toISOString().replace('Z', zone)),
  time: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`),
  email: fc.emailAddress(),
  uuid: fc.uuid(),
  uri: fc.webUrl(),
};

/** `#/components/schemas/Name` → the schema it points to. */
export function resolveRef(root: Root, ref: string): JsonSchema {
  const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
  const target = name === undefined ? undefined : root.components?.schemas?.[decodeURIComponent(name)];
  if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
  return target;
}

/** Values that satisfy `schema`; `root` is the document whose components `$ref`s point into. */
export function jsonSchemaArbitrary(schema: JsonSchema, root: Root = {}): fc.Arbitrary<unknown> {
  return build(schema, { root, ids: false, mutate: false, depth: 0 });
}

/** Valid values with existing ids at reference keys (ExistingId, resolved when the request is sent). */
export function validRequestArbitrary(schema: JsonSchema, root: Root = {}): fc.Arbitrary<unknown> {
  return build(schema, { root, ids: true, mutate: false, depth: 0 });
}

/** Mostly valid values with hostile nodes, missing required keys and unknown keys mixed in. */
export function mutatedRequestArbitrary(schema: JsonSchema, root: Root = {}): fc.Arbitrary<unknown> {
  return build(schema, { root, ids: true, mutate: true, depth: 0 });
}

/** What the fuzzer sends for a schema: valid, mutated, or garbage of any kind. */
export function requestValueArbitrary(schema: JsonSchema, root: Root = {}): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: validRequestArbitrary(schema, root) },
    { weight: 5, arbitrary: mutatedRequestArbitrary(schema, root) },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** `{not: {}}` (or `false`): the key must be absent. */
const isNever = (s: JsonSchema) => s === false || (typeof s === 'object' && typeof s.not === 'object' && s.not !== null && Object.keys(s.not).length === 0);

const deref = (s: JsonSchema, root: Root): JsonSchema => (typeof s === 'object' && typeof s.$ref === 'string' ? deref(resolveRef(root, s.$ref), root) : s);

function build(schema: JsonSchema, ctx: Ctx): fc.Arbitrary<unknown> {
  if (ctx.depth > MAX_DEPTH) return fc.constant(null);
  const s = deref(schema, ctx.root);
  if (s === true) return fc.jsonValue({ maxDepth: 2 });
  if (s === false) throw new Error('no value satisfies `false`');
  let valid = buildValid(s, ctx);
  if (ctx.ids && ctx.key && isReferenceKey(ctx.key) && s.type === 'integer') {
    const key = ctx.key;
    valid = fc.oneof({ weight: 3, arbitrary: fc.nat().map((pick) => new ExistingId(key, pick)) }, { weight: 1, arbitrary: valid });
  }
  // Unions mutate in their branches, so the hostile value fits one of them.
  if (!ctx.mutate || Array.isArray(s.anyOf) || Array.isArray(s.oneOf) || Array.isArray(s.type)) return valid;
  return fc.oneof({ weight: MUTATE_ODDS - 1, arbitrary: valid }, { weight: 1, arbitrary: hostileFor(s) });
}

function buildValid(s: Node, ctx: Ctx): fc.Arbitrary<unknown> {
  const next = (sub: JsonSchema, key = ctx.key) => build(sub, { ...ctx, depth: ctx.depth + 1, key });
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  const union = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  // A nullable field is null now and then, not half the time.
  if (Array.isArray(union)) return fc.oneof(...union.map((sub) => ({ weight: isNull(sub) ? 1 : 4, arbitrary: next(sub) })));
  if (Array.isArray(s.allOf)) return next(mergeAll(s.allOf as JsonSchema[], ctx.root));
  if (Array.isArray(s.type)) {
    return fc.oneof(...(s.type as string[]).map((type) => ({ weight: type === 'null' ? 1 : 4, arbitrary: build({ ...s, type }, ctx) })));
  }
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return integerArbitrary(s);
    case 'number':
      return numberArbitrary(s);
    case 'array': {
      const items = s.items === undefined ? true : (s.items as JsonSchema);
      const { min, max } = itemBounds(s);
      return fc.array(next(items), { minLength: min, maxLength: Math.min(max, min + (ctx.depth > 3 ? 0 : 4)) });
    }
    case 'object':
      return objectArbitrary(s, ctx, next);
    default:
      return s.properties ? objectArbitrary(s, ctx, next) : fc.jsonValue({ maxDepth: 2 });
  }
}

const isNull = (s: JsonSchema) => typeof s === 'object' && s.type === 'null';

const WORDS = ['Ali', 'Dilnoza Karimova', 'Toshkent, Chilonzor 5', 'Ўзбекистон', 'Test'];

function stringArbitrary(s: Node): fc.Arbitrary<string> {
  const { min, max } = lengthBounds(s);
  // What the schema cannot say of its input (a phone's digits before they are normalised) its examples show.
  const examples = Array.isArray(s.examples) ? s.examples.filter((e): e is string => typeof e === 'string') : [];
  let text: fc.Arbitrary<string>;
  if (typeof s.format === 'string' && FORMATS[s.format]) text = FORMATS[s.format];
  else if (typeof s.pattern === 'string') text = fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max);
  else {
    const words = WORDS.filter((w) => w.length >= min && w.length <= max);
    const maxLength = Math.min(max, min + 24);
    text = fc.oneof(
      { weight: 3, arbitrary: fc.string({ minLength: min, maxLength, unit: 'grapheme-ascii' }) },
      // Lengths count UTF-16 units, as the validators do; a grapheme may take several.
      { weight: 1, arbitrary: fc.string({ minLength: min, maxLength, unit: 'grapheme-composite' }).filter((v) => v.length <= max) },
      ...(words.length ? [{ weight: 1, arbitrary: fc.constantFrom(...words) }] : []),
    );
  }
  return examples.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...examples) }, { weight: 1, arbitrary: text }) : text;
}

function integerArbitrary(s: Node): fc.Arbitrary<number> {
  const b = numberBounds(s);
  const lo = Math.max(Number.MIN_SAFE_INTEGER, b.minExcluded ? Math.floor(b.min) + 1 : Math.ceil(b.min));
  const hi = Math.min(Number.MAX_SAFE_INTEGER, b.maxExcluded ? Math.ceil(b.max) - 1 : Math.floor(b.max));
  if (lo > hi) return fc.constant(lo);
  // Small values most of the time: they are the ones that match rows and make sense to the rules.
  const small = fc.integer({ min: Math.max(lo, Math.min(hi, -5)), max: Math.min(hi, Math.max(lo, 200)) });
  return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) });
}

function numberArbitrary(s: Node): fc.Arbitrary<number> {
  const b = numberBounds(s);
  return fc.double({
    min: Number.isFinite(b.min) ? b.min : -1e6,
    max: Number.isFinite(b.max) ? b.max : 1e6,
    minExcluded: b.minExcluded,
    maxExcluded: b.maxExcluded,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function objectArbitrary(s: Node, ctx: Ctx, next: (sub: JsonSchema, key?: string) => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const all = Object.entries((s.properties ?? {}) as Record<string, JsonSchema>);
  const properties = all.filter(([, sub]) => !isNever(sub));
  const required = new Set((s.required ?? []) as string[]);
  // Optional keys are present most of the time (more fields reach the handler), keys with a default a bit less.
  const model = Object.fromEntries(
    properties.map(([k, sub]) => {
      const value = next(sub, k);
      const freq = typeof sub === 'object' && 'default' in sub ? 3 : 4;
      return [k, required.has(k) ? value : fc.option(value, { nil: undefined, freq })];
    }),
  );
  const record = fc.record(model).map(dropUndefined);
  if (!ctx.mutate) return record;
  const keys = properties.map(([k]) => k);
  // Keys declared absent (`not: {}`: set elsewhere) are sent now and then, with the other unknown keys.
  const forbidden = all.filter(([, sub]) => isNever(sub)).map(([k]) => k);
  return withExtraKeys(withMissingKey(record, [...required].filter((k) => keys.includes(k)), MUTATE_ODDS), forbidden);
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

/** `allOf` of object schemas → one object schema (the document only combines objects this way). */
function mergeAll(parts: JsonSchema[], root: Root): JsonSchema {
  const merged: Record<string, unknown> = { type: 'object', properties: {}, required: [] };
  for (const raw of parts) {
    const part = deref(raw, root);
    if (typeof part !== 'object') continue;
    Object.assign(merged.properties as object, part.properties ?? {});
    (merged.required as string[]).push(...((part.required ?? []) as string[]));
  }
  return merged;
}
