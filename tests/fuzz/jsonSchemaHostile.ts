// Hostile values aimed at one node of a JSON Schema (wrong types, the edges of its range or length, near misses),
// and the object mutations: a required key dropped, keys the schema does not know added.
import fc from 'fast-check';
import { BAD_DATES, EDGE_NUMBERS, NASTY_STRINGS, hostileNumber, hostileString, hostileValue, hugeString } from './hostile';
import { itemBounds, lengthBounds, numberBounds } from './jsonSchemaBounds';

type Node = Record<string, unknown>;

const WRONG_KINDS = [null, true, [], {}, ['x']];
const NUMERIC_STRINGS = ['12', '1e3', ' 7 ', '0x10', '', 'NaN', '1,5', '١٢', '99999999999999999999'];

/** Days and times: a date format, or a pattern made of digits, dashes and colons. */
const isDayOrTime = (s: Node) => s.format === 'date' || s.format === 'date-time' || (typeof s.pattern === 'string' && /\\d.*[-:]/.test(s.pattern));

function hostileString_(s: Node): fc.Arbitrary<unknown> {
  const { min, max } = lengthBounds(s);
  const edges = [min > 0 ? 'x'.repeat(min - 1) : '', Number.isFinite(max) ? 'x'.repeat(max + 1) : 'x'.repeat(5000)];
  return fc.oneof(
    { weight: 4, arbitrary: hostileString },
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
    { weight: isDayOrTime(s) ? 2 : 0, arbitrary: fc.constantFrom(...BAD_DATES) },
    { weight: 1, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom(...WRONG_KINDS) },
  );
}

function hostileNumber_(s: Node): fc.Arbitrary<unknown> {
  const b = numberBounds(s);
  const edges = [b.min, b.max, b.min - 1, b.max + 1, b.min + 0.5, b.max - 0.5].filter(Number.isFinite);
  return fc.oneof(
    { weight: 3, arbitrary: hostileNumber },
    { weight: 2, arbitrary: edges.length ? fc.constantFrom(...edges) : hostileNumber },
    { weight: 2, arbitrary: fc.constantFrom(...NUMERIC_STRINGS) },
    { weight: 1, arbitrary: fc.constantFrom(null, true, [], {}, [1]) },
  );
}

/** A hostile value for the node `s` (a `$ref` already resolved). */
export function hostileFor(s: Node): fc.Arbitrary<unknown> {
  if ('const' in s || Array.isArray(s.enum)) {
    const values = ('const' in s ? [s.const] : (s.enum as unknown[])).map(String);
    const near = values.flatMap((v) => [v.toUpperCase(), v.toLowerCase(), ` ${v}`, `${v}\u0000`]);
    return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...near) }, { weight: 1, arbitrary: hostileValue });
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return hostileString_(s);
    case 'integer':
    case 'number':
      return hostileNumber_(s);
    case 'object':
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(null, [], 'x', 0, [{}]) },
        { weight: 2, arbitrary: fc.dictionary(fc.constantFrom('a', ...Object.keys(s.properties ?? {})), hostileValue, { maxKeys: 3, noNullPrototype: true }) },
        { weight: 1, arbitrary: hostileValue },
      );
    case 'array': {
      const { max } = itemBounds(s);
      const tooMany = Number.isFinite(max) ? max + 1 : 200;
      return fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom({}, null, 'x', [[]], [null]) },
        {
          weight: 1,
          arbitrary: fc.tuple(fc.constantFrom(1, 'x', null, {}), fc.integer({ min: tooMany, max: Math.max(tooMany, 5000) })).map(([v, n]) => Array(n).fill(v)),
        },
        { weight: 2, arbitrary: fc.array(hostileValue, { maxLength: 4 }) },
      );
    }
    default:
      return fc.oneof(hostileValue, fc.constantFrom(...NASTY_STRINGS), fc.constantFrom(...EDGE_NUMBERS), hugeString);
  }
}

/** About one object in `odds` loses one of its required keys. */
export function withMissingKey(record: fc.Arbitrary<Record<string, unknown>>, required: string[], odds: number): fc.Arbitrary<Record<string, unknown>> {
  if (!required.length) return record;
  const drop = fc.oneof({ weight: odds - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...required) });
  return fc.tuple(record, drop).map(([o, key]) => {
    if (key === undefined) return o;
    const { [key]: _dropped, ...rest } = o;
    return rest;
  });
}

/** Now and then keys the schema does not know (or that name what the client may not set), with hostile values. */
export function withExtraKeys(record: fc.Arbitrary<Record<string, unknown>>, forbidden: string[] = []): fc.Arbitrary<Record<string, unknown>> {
  // A known key among them stands for a hostile value of that key when the record left it out.
  const extras = fc.dictionary(fc.constantFrom(...forbidden, 'extra', 'id', '__proto__', 'constructor', 'filial', 'is_archived', ''), hostileValue, {
    maxKeys: 2,
    noNullPrototype: true,
  });
  const maybeExtras = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: extras });
  return fc.tuple(record, maybeExtras).map(([o, e]) => (e ? { ...e, ...o } : o));
}
