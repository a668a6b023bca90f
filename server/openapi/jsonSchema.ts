// Zod 4 schemas → JSON Schema draft 2020-12 (the dialect of OpenAPI 3.1) with zod's own converter. Requests are
// described by what a client sends (`io: 'input'`): a coerced id is an integer, a preprocessed filter is what
// the preprocess accepts. A schema with no JSON Schema form (a transform's output, a custom check) becomes `{}`
// rather than failing the whole document.
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/** Definitions a schema shares (`$defs`), hoisted into `components.schemas` under a unique prefix. */
export type SharedDefs = Record<string, JsonSchema>;

function rewriteRefs(node: unknown, from: string, to: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, from, to));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = key === '$ref' && typeof value === 'string' && value.startsWith(from) ? to + value.slice(from.length) : rewriteRefs(value, from, to);
  }
  return out;
}

/**
 * The JSON Schema of a zod schema, without `$schema`; its `$defs` (recursive or reused parts) move into `shared`
 * as `<prefix>_<name>` with their `$ref`s pointing at `#/components/schemas/...`, since a `#/$defs/...` reference
 * inside an OpenAPI document would resolve against the document root.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output', prefix: string, shared: SharedDefs): JsonSchema {
  const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  if (!$defs || typeof $defs !== 'object') return rest;
  const to = `#/components/schemas/${prefix}_`;
  for (const [name, def] of Object.entries($defs as Record<string, JsonSchema>)) {
    shared[`${prefix}_${name}`] = rewriteRefs(def, '#/$defs/', to) as JsonSchema;
  }
  return rewriteRefs(rest, '#/$defs/', to) as JsonSchema;
}
