// zod 4 schema → fast-check arbitrary, for fuzzing the API with what its validators are meant to check.
// `validArbitrary` aims inside the schema (so requests reach the handlers); `mutatedArbitrary` replaces a node
// here and there with a hostile value of the wrong type, length, range or format, or drops and adds object keys;
// `zodArbitrary` mixes both with whole-value garbage. Transforms are generated for their input side: the value a
// client sends, not the parsed one. Kinds the converter does not know become a generic JSON value.
import fc from 'fast-check';
import type { z } from 'zod';
import { isReferenceKey } from './idTables';
import { EDGE_NUMBERS, NASTY_STRINGS, BAD_DATES, anyJson, hostileNumber, hostileString, hostileValue, hugeString } from './hostile';

/** The parts of zod's internal definition the converter reads (zod 4 keeps them on `schema._zod.def`). */
type Def = {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  getter?: () => z.ZodType;
};
type CheckDef = {
  check: string;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
};
type Internals = { def: Def; optin?: 'optional'; pattern?: RegExp };

const internals = (schema: z.ZodType) => (schema as unknown as { _zod: Internals })._zod;
const defOf = (schema: z.ZodType) => internals(schema).def;
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** Is the key allowed to be absent from an object (optional, default, prefault, ...)? */
export const isOptionalKey = (schema: z.ZodType) => internals(schema).optin === 'optional';

/**
 * The id of an existing row, to be chosen when the request is sent (the pick-th row of the table the field's
 * name points to), so bodies and queries name real groups, students and teachers and get past the lookups.
 */
export class ExistingId {
  constructor(
    readonly key: string,
    readonly pick: number,
  ) {}
  /** Serialised before resolution (inside a deliberately broken body): just a number. */
  toJSON(): number {
    return (this.pick % 60) + 1;
  }
}

/** `key`: the object key the value sits under (arrays and wrappers keep their parent's). */
type Ctx = { mutate: boolean; depth: number; key?: string };
const MAX_DEPTH = 6;
/** Chance of a hostile value at a node of a mutated value: about one in MUTATE_ODDS. */
const MUTATE_ODDS = 8;

/** Values a client would send and the schema should accept, give or take a refinement. */
export function validArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  return cached(schema, 'valid', () => build(schema, { mutate: false, depth: 0 }));
}

/** Mostly valid values with hostile nodes, missing keys and extra keys mixed in. */
export function mutatedArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  return cached(schema, 'mutated', () => build(schema, { mutate: true, depth: 0 }));
}

/** What the fuzzer sends for a schema: valid-ish, mutated, or garbage of any kind. */
export function zodArbitrary(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: validArbitrary(schema) },
    { weight: 5, arbitrary: mutatedArbitrary(schema) },
    { weight: 1, arbitrary: hostileValue },
  );
}

const cache = new WeakMap<z.ZodType, Map<string, fc.Arbitrary<unknown>>>();
function cached(schema: z.ZodType, key: string, make: () => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  let byKey = cache.get(schema);
  if (!byKey) cache.set(schema, (byKey = new Map()));
  let arb = byKey.get(key);
  if (!arb) byKey.set(key, (arb = make()));
  return arb;
}

function build(schema: z.ZodType, ctx: Ctx): fc.Arbitrary<unknown> {
  if (ctx.depth > MAX_DEPTH) return fc.constant(null);
  const def = defOf(schema);
  const inner = (s: z.ZodType, key = ctx.key) => build(s, { ...ctx, depth: ctx.depth + 1, key });
  let valid = buildValid(schema, def, ctx, inner);
  if (ctx.key && isReferenceKey(ctx.key) && def.type === 'number' && checksOf(def).some((c) => c.check === 'number_format')) {
    const key = ctx.key;
    valid = fc.oneof({ weight: 3, arbitrary: fc.nat().map((pick) => new ExistingId(key, pick)) }, { weight: 1, arbitrary: valid });
  }
  if (!ctx.mutate) return valid;
  return fc.oneof({ weight: MUTATE_ODDS - 1, arbitrary: valid }, { weight: 1, arbitrary: hostileFor(def) });
}

type Inner = (s: z.ZodType, key?: string) => fc.Arbitrary<unknown>;

function buildValid(schema: z.ZodType, def: Def, ctx: Ctx, inner: Inner): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'string':
      return withCoercion(def, stringArbitrary(def));
    case 'number':
      return withCoercion(def, numberArbitrary(def));
    case 'int':
      return withCoercion(def, numberArbitrary({ ...def, checks: def.checks }, true));
    case 'boolean':
      return withCoercion(def, fc.boolean());
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
    case 'date':
      return fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2100-01-01') }).map((d) => d.toISOString());
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'nan':
      return fc.constant('NaN');
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]).map((v) => (typeof v === 'bigint' ? String(v) : v)));
    case 'template_literal': {
      const pattern = internals(schema).pattern;
      return pattern ? fc.stringMatching(pattern) : fc.string();
    }
    case 'object':
      return objectArbitrary(def, ctx, inner);
    case 'array':
    case 'set':
      return arrayArbitrary(def, inner);
    case 'tuple': {
      const items = fc.tuple(...(def.items ?? []).map((item) => inner(item)));
      if (!def.rest) return items;
      return fc.tuple(items, fc.array(inner(def.rest), { maxLength: 3 })).map(([a, b]) => [...a, ...b]);
    }
    case 'record':
    case 'map':
      // A record keyed by an enum needs every key.
      if (def.keyType && defOf(def.keyType).type === 'enum' && def.valueType) {
        const value = inner(def.valueType);
        return fc.record(Object.fromEntries(Object.values(defOf(def.keyType).entries ?? {}).map((k) => [String(k), value])));
      }
      return fc
        .dictionary(keyArbitrary(def.keyType), def.valueType ? inner(def.valueType) : anyJson, { maxKeys: 4, noNullPrototype: true })
        .map((o) => o as unknown);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => inner(option)));
    case 'intersection':
      return fc.tuple(inner(def.left!), inner(def.right!)).map(([a, b]) => merge(a, b));
    case 'pipe':
      // preprocess(fn, schema) is pipe(transform, schema): the client sends what `schema` expects, loosely.
      // Otherwise what `in` accepts, but transforms mostly normalise (trim, phone digits), so what `out`
      // accepts is usually a valid input too, and often the only way to pass `out`'s checks.
      if (defOf(def.in!).type === 'transform') return inner(def.out!);
      if (defOf(def.out!).type === 'transform') return inner(def.in!);
      return fc.oneof({ weight: 5, arbitrary: inner(def.out!) }, { weight: 1, arbitrary: inner(def.in!) });
    case 'optional':
      return fc.option(inner(def.innerType!), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType!), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(inner(def.innerType!), { nil: undefined, freq: 3 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return inner(def.innerType!);
    case 'lazy':
      return inner(def.getter!());
    default:
      // transform, any, unknown, custom, file, function, promise, never...: anything goes in.
      return anyJson;
  }
}

/** A coercing schema also takes the value as a string (as it arrives in a query or a path). */
function withCoercion(def: Def, arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return def.coerce ? fc.oneof(arb, arb.map((v) => String(v))) : arb;
}

function lengthBounds(def: Def): { min: number; max: number } {
  let min = 0;
  let max = Infinity;
  for (const c of checksOf(def)) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum ?? 0);
    if (c.check === 'max_length') max = Math.min(max, c.maximum ?? Infinity);
    if (c.check === 'length_equals') min = max = c.length ?? 0;
  }
  return { min, max };
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = fc.date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2035-12-31') });
const FORMATS: Record<string, () => fc.Arbitrary<string>> = {
  date: () => isoDate.map((d) => d.toISOString().slice(0, 10)),
  datetime: () =>
    fc
      .tuple(isoDate, fc.constantFrom('Z', '+05:00', '-03:30', '+00:00'))
      .map(([d, zone]) => d.toISOString().replace('Z', zone === 'Z' ? 'Z' : zone)),
  time: () => fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`),
  email: () => fc.emailAddress(),
  uuid: () => fc.uuid(),
  guid: () => fc.uuid(),
  url: () => fc.webUrl(),
};

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  const { min, max } = lengthBounds(def);
  const format = def.format ?? checksOf(def).find((c) => c.check === 'string_format')?.format;
  const pattern = def.pattern ?? checksOf(def).find((c) => c.check === 'string_format' && c.pattern)?.pattern;
  if (format && FORMATS[format]) return FORMATS[format]();
  if (pattern) {
    try {
      return fc.stringMatching(pattern).map((s) => (s.length > max ? s.slice(0, max) : s));
    } catch {
      // A pattern fast-check cannot generate from (lookarounds, back-references): fall through to plain text.
    }
  }
  const maxLength = Math.min(max, min + 24);
  const words = ['Ali', 'Dilnoza Karimova', 'Toshkent, Chilonzor 5', 'Ўзбекистон', 'Test'].filter((w) => w.length >= min && w.length <= max);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength, unit: 'grapheme-ascii' }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength, unit: 'grapheme-composite' }) },
    ...(words.length ? [{ weight: 1, arbitrary: fc.constantFrom(...words) }] : []),
  );
}

function numberBounds(def: Def): { min: number; max: number; int: boolean; step?: number; minExcluded: boolean; maxExcluded: boolean } {
  let min = -Infinity;
  let max = Infinity;
  let minExcluded = false;
  let maxExcluded = false;
  let int = false;
  let step: number | undefined;
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than' && c.value !== undefined && c.value >= min) {
      min = c.value;
      minExcluded = !c.inclusive;
    }
    if (c.check === 'less_than' && c.value !== undefined && c.value <= max) {
      max = c.value;
      maxExcluded = !c.inclusive;
    }
    if (c.check === 'number_format' && /int/.test(c.format ?? '')) int = true;
    if (c.check === 'multiple_of' && c.value) step = c.value;
  }
  return { min, max, int, step, minExcluded, maxExcluded };
}

function numberArbitrary(def: Def, forceInt = false): fc.Arbitrary<number> {
  const b = numberBounds(def);
  if (b.int || forceInt || (b.step !== undefined && Number.isInteger(b.step))) {
    const lo = Math.max(Number.MIN_SAFE_INTEGER, b.minExcluded ? Math.floor(b.min) + 1 : Math.ceil(b.min));
    const hi = Math.min(Number.MAX_SAFE_INTEGER, b.maxExcluded ? Math.ceil(b.max) - 1 : Math.floor(b.max));
    if (lo > hi) return fc.constant(lo);
    // Small values most of the time: they are the ones that match rows and make sense to the rules.
    const small = fc.integer({ min: Math.max(lo, Math.min(hi, -5)), max: Math.min(hi, Math.max(lo, 200)) });
    return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.integer({ min: lo, max: hi }) });
  }
  if (b.step !== undefined) {
    const scale = Math.round(1 / b.step);
    const lo = Number.isFinite(b.min) ? Math.ceil(b.min * scale) + (b.minExcluded && Number.isInteger(b.min * scale) ? 1 : 0) : -1e9;
    const hi = Number.isFinite(b.max) ? Math.floor(b.max * scale) - (b.maxExcluded && Number.isInteger(b.max * scale) ? 1 : 0) : 1e9;
    return fc.integer({ min: Math.min(lo, hi), max: hi }).map((n) => n / scale);
  }
  const min = Number.isFinite(b.min) ? b.min : -1e6;
  const max = Number.isFinite(b.max) ? b.max : 1e6;
  return fc.double({ min, max, minExcluded: b.minExcluded, maxExcluded: b.maxExcluded, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(def: Def, ctx: Ctx, inner: Inner): fc.Arbitrary<unknown> {
  const shape = def.shape ?? {};
  const keys = Object.keys(shape);
  const model = Object.fromEntries(keys.map((k) => [k, inner(shape[k], k)]));
  const requiredKeys = keys.filter((k) => !isOptionalKey(shape[k]));
  const record = fc.record(model, { requiredKeys }).map((o) => dropUndefined(o as Record<string, unknown>));
  const catchall = def.catchall && defOf(def.catchall).type !== 'never' ? def.catchall : undefined;
  if (!catchall && !ctx.mutate) return record;
  // Extra keys: what a catch-all admits, or (mutating) keys the schema does not know.
  const extraValue = catchall ? inner(catchall) : hostileValue;
  const extras = fc.dictionary(fc.constantFrom('extra', 'id', '__proto__', 'constructor', 'filial', 'is_archived', ''), extraValue, {
    maxKeys: 2,
    noNullPrototype: true,
  });
  const maybeExtras = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: extras });
  return fc.tuple(record, maybeExtras).map(([o, e]) => (e ? { ...e, ...o } : o));
}

function arrayArbitrary(def: Def, inner: Inner): fc.Arbitrary<unknown[]> {
  const { min, max } = lengthBounds(def);
  return fc.array(def.element ? inner(def.element) : anyJson, { minLength: min, maxLength: Math.min(max, min + 4) });
}

function keyArbitrary(keyType: z.ZodType | undefined): fc.Arbitrary<string> {
  if (!keyType) return fc.string({ maxLength: 8 });
  const def = defOf(keyType);
  if (def.type === 'enum') return fc.constantFrom(...Object.values(def.entries ?? {}).map(String));
  return stringArbitrary(def).filter((k) => k !== '__proto__');
}

function dropUndefined(o: Record<string, unknown>): Record<string, unknown> {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

function merge(a: unknown, b: unknown): unknown {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  return isObj(a) && isObj(b) ? { ...a, ...b } : b;
}

/** A hostile value aimed at one node: wrong types, edges of its range or length, near misses. */
function hostileFor(def: Def): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'string': {
      const { min, max } = lengthBounds(def);
      const edges = [min > 0 ? 'x'.repeat(min - 1) : '', Number.isFinite(max) ? 'x'.repeat(max + 1) : 'x'.repeat(5000)];
      return fc.oneof(
        { weight: 4, arbitrary: hostileString },
        { weight: 2, arbitrary: fc.constantFrom(...edges) },
        { weight: 1, arbitrary: hostileNumber },
        { weight: 1, arbitrary: fc.constantFrom(null, true, [], {}, ['x']) },
      );
    }
    case 'number':
    case 'int':
    case 'bigint': {
      const b = numberBounds(def);
      const edges = [b.min, b.max, b.min - 1, b.max + 1, b.min + 0.5, b.max - 0.5].filter(Number.isFinite);
      return fc.oneof(
        { weight: 3, arbitrary: hostileNumber },
        { weight: 2, arbitrary: edges.length ? fc.constantFrom(...edges) : hostileNumber },
        { weight: 2, arbitrary: fc.constantFrom('12', '1e3', ' 7 ', '0x10', '', 'NaN', '1,5', '١٢', '99999999999999999999') },
        { weight: 1, arbitrary: fc.constantFrom(null, true, [], {}, [1]) },
      );
    }
    case 'enum':
    case 'literal': {
      const values = (def.type === 'enum' ? Object.values(def.entries ?? {}) : (def.values ?? [])).map(String);
      const near = values.flatMap((v) => [v.toUpperCase(), v.toLowerCase(), ` ${v}`, `${v}\u0000`]);
      return fc.oneof({ weight: 2, arbitrary: near.length ? fc.constantFrom(...near) : hostileString }, { weight: 1, arbitrary: hostileValue });
    }
    case 'object':
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(null, [], 'x', 0, [{}]) },
        { weight: 2, arbitrary: fc.dictionary(fc.constantFrom('a', ...Object.keys(def.shape ?? {})), hostileValue, { maxKeys: 3, noNullPrototype: true }) },
        { weight: 1, arbitrary: hostileValue },
      );
    case 'array':
    case 'set':
    case 'tuple':
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom({}, null, 'x', [[]], [null]) },
        { weight: 1, arbitrary: fc.tuple(fc.constantFrom(1, 'x', null, {}), fc.integer({ min: 200, max: 5000 })).map(([v, n]) => Array(n).fill(v)) },
        { weight: 2, arbitrary: fc.array(hostileValue, { maxLength: 4 }) },
      );
    case 'date':
      return fc.constantFrom(...BAD_DATES);
    default:
      return fc.oneof(hostileValue, fc.constantFrom(...NASTY_STRINGS), fc.constantFrom(...EDGE_NUMBERS), hugeString);
  }
}
