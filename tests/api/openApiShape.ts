// The OpenAPI 3.1 rules the generated document must keep, written as zod schemas after the specification's
// own schema (spec.openapis.org/oas/3.1/schema): required fields, allowed keys of each object, parameter
// locations, response codes, `$ref` or inline objects. Schema Objects are JSON Schema 2020-12 and are checked
// for their structural keywords only.
import { z } from 'zod';

const ref = z.strictObject({ $ref: z.string().startsWith('#/'), summary: z.string().optional(), description: z.string().optional() });
const extensions = (shape: z.ZodRawShape) => z.looseObject(shape).refine((o) => Object.keys(o).every((k) => k in shape || k.startsWith('x-')), 'unknown key');

const TYPES = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'] as const;
export const jsonSchema: z.ZodType = z.lazy(() =>
  z.union([
    z.boolean(),
    z.looseObject({
      type: z.union([z.enum(TYPES), z.array(z.enum(TYPES)).min(1)]).optional(),
      properties: z.record(z.string(), jsonSchema).optional(),
      required: z.array(z.string()).optional(),
      items: jsonSchema.optional(),
      prefixItems: z.array(jsonSchema).optional(),
      additionalProperties: jsonSchema.optional(),
      anyOf: z.array(jsonSchema).min(1).optional(),
      oneOf: z.array(jsonSchema).min(1).optional(),
      allOf: z.array(jsonSchema).min(1).optional(),
      not: jsonSchema.optional(),
      enum: z.array(z.unknown()).min(1).optional(),
      $ref: z.string().optional(),
      $defs: z.never().optional(),
      pattern: z.string().optional(),
      format: z.string().optional(),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      exclusiveMinimum: z.number().optional(),
      exclusiveMaximum: z.number().optional(),
      minLength: z.int().min(0).optional(),
      maxLength: z.int().min(0).optional(),
      minItems: z.int().min(0).optional(),
      maxItems: z.int().min(0).optional(),
    }),
  ]),
);

const mediaType = extensions({ schema: jsonSchema.optional(), example: z.unknown().optional(), examples: z.unknown().optional(), encoding: z.unknown().optional() });
const content = z.record(z.string().regex(/^[\w.+-]+\/[\w.+*-]+$/), mediaType);
const header = z.union([ref, extensions({ description: z.string().optional(), required: z.boolean().optional(), schema: jsonSchema })]);

const parameter = extensions({
  name: z.string().min(1),
  in: z.enum(['query', 'header', 'path', 'cookie']),
  description: z.string().optional(),
  required: z.boolean().optional(),
  deprecated: z.boolean().optional(),
  style: z.string().optional(),
  explode: z.boolean().optional(),
  schema: jsonSchema,
}).refine((p) => p.in !== 'path' || p.required === true, 'path parameters are required');

const response = extensions({ description: z.string(), headers: z.record(z.string(), header).optional(), content: content.optional() });
const responses = z
  .record(z.string().regex(/^(default|[1-5](\d\d|XX))$/), z.union([ref, response]))
  .refine((r) => Object.keys(r).length > 0, 'at least one response');

const operation = extensions({
  tags: z.array(z.string()).optional(),
  summary: z.string().optional(),
  description: z.string().optional(),
  operationId: z.string().optional(),
  parameters: z.array(z.union([ref, parameter])).optional(),
  requestBody: z.union([ref, extensions({ description: z.string().optional(), required: z.boolean().optional(), content })]).optional(),
  responses,
  deprecated: z.boolean().optional(),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
});

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const pathItem = extensions({
  summary: z.string().optional(),
  description: z.string().optional(),
  parameters: z.array(z.union([ref, parameter])).optional(),
  ...Object.fromEntries(METHODS.map((m) => [m, operation.optional()])),
});

const securityScheme = z.union([
  extensions({ type: z.literal('http'), scheme: z.string(), bearerFormat: z.string().optional(), description: z.string().optional() }),
  extensions({ type: z.literal('apiKey'), name: z.string(), in: z.enum(['query', 'header', 'cookie']), description: z.string().optional() }),
]);

export const openApi31 = extensions({
  openapi: z.string().regex(/^3\.1\.\d+(-.+)?$/),
  info: extensions({ title: z.string(), version: z.string(), description: z.string().optional(), summary: z.string().optional() }),
  jsonSchemaDialect: z.url().optional(),
  servers: z.array(extensions({ url: z.string(), description: z.string().optional() })).optional(),
  tags: z.array(extensions({ name: z.string(), description: z.string().optional() })).optional(),
  paths: z.record(z.string().startsWith('/'), pathItem),
  components: extensions({
    schemas: z.record(z.string().regex(/^[a-zA-Z0-9._-]+$/), jsonSchema).optional(),
    responses: z.record(z.string().regex(/^[a-zA-Z0-9._-]+$/), z.union([ref, response])).optional(),
    securitySchemes: z.record(z.string().regex(/^[a-zA-Z0-9._-]+$/), securityScheme).optional(),
  }).optional(),
});

/** Every `$ref` value anywhere in the document. */
export function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) collectRefs(n, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else collectRefs(v, out);
    }
  }
  return out;
}

/** Follows a local JSON pointer (`#/components/schemas/X`), or undefined when it leads nowhere. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of pointer.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
