// A valid value for an endpoint's zod schema (query, param or JSON body), so the access matrix's requests get past
// validation and reach the branch check. Built from the schema's input JSON Schema, with field-name hints for the
// fields whose format the JSON Schema cannot say (phones, times); `overrides` then puts the matrix's object ids in.
import { z } from 'zod';

type Json = Record<string, any>;

/** A day `days` from today, `YYYY-MM-DD` (future dates, so no "in the past" rule answers before the branch check). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Values by field name, used when the generic walk would not produce a valid one. */
const HINTS: Record<string, unknown> = {
  phone: '+998901112233',
  extra_phone: '+998901112234',
  parent_phone: '+998901112235',
  phone_number: '+998901112233',
  start_time: '10:00',
  end_time: '11:30',
  work_start: '09:00',
  work_end: '18:00',
  preferred_time: '10:00',
  month: day(0).slice(0, 7),
  start_date: day(7),
  end_date: day(30),
  from_date: day(7),
  to_date: day(14),
  date: day(8),
  day: day(0),
  first_lesson_date: day(8),
  joined_on: day(7),
  ended_on: day(20),
  birth_date: '2010-05-05',
  due_at: `${day(10)}T10:00:00+05:00`,
  arrived_at: `${day(0)}T09:00:00+05:00`,
  left_at: `${day(0)}T18:00:00+05:00`,
  password: 'matrix-pass-123',
  full_name: 'Matrix Person',
  reason: 'access matrix',
  comment: 'access matrix',
  counted: '0',
  price: '150000',
  amount: '10000',
  days: [1, 3, 5],
};

function sample(schema: Json, name: string, defs: Json): unknown {
  if (schema.$ref) return sample(defs[schema.$ref.replace('#/$defs/', '')] ?? {}, name, defs);
  if (name in HINTS && !schema.enum && schema.const === undefined) return HINTS[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const nonNull = options.filter((o: Json) => o.type !== 'null');
    return sample(nonNull[0] ?? options[0], name, defs);
  }
  if (schema.allOf) return sample(schema.allOf[0], name, defs);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Json = {};
      for (const key of schema.required ?? []) out[key] = sample(schema.properties?.[key] ?? {}, key, defs);
      return out;
    }
    case 'array': {
      const n = schema.minItems ?? 0;
      return Array.from({ length: n }, (_, i) => {
        const item = sample(schema.items ?? {}, name, defs);
        return typeof item === 'number' ? item + i : item;
      });
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
      return Math.max(min, 1) <= (schema.maximum ?? Infinity) ? Math.max(min, 1) : min;
    }
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'date') return day(8);
      if (schema.format === 'date-time') return `${day(8)}T10:00:00+05:00`;
      if (schema.pattern && /\\d|\[0-9\]/.test(schema.pattern)) return '1';
      return 'matrix'.padEnd(schema.minLength ?? 0, 'x');
    }
    default:
      return 'matrix';
  }
}

/** A value meant to pass `schema`, with `overrides` set on top (for objects). */
export function sampleFor(schema: z.ZodType, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Json;
  const base = sample(json, '', json.$defs ?? {});
  const value = (base && typeof base === 'object' && !Array.isArray(base) ? base : {}) as Record<string, unknown>;
  return { ...value, ...overrides };
}

/** Field names of an object schema (its input JSON Schema's properties), with their JSON Schema. */
export function fieldsOf(schema: z.ZodType): Record<string, Json> {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as Json;
  return json.properties ?? {};
}
