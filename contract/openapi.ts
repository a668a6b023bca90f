// GET /api/openapi.json: the parts of the OpenAPI document the API reference page shows, checked and typed.
import { z } from 'zod';

export const jsonSchemaObject = z.record(z.string(), z.unknown());

export const apiParameter = z.object({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  schema: jsonSchemaObject.optional(),
  description: z.string().optional(),
});

export const apiOperation = z.object({
  operationId: z.string(),
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).default([]),
  security: z.array(z.record(z.string(), z.array(z.string()))).default([]),
  'x-markaz-pages': z.array(z.object({ anyOf: z.array(z.string()), refusedRoles: z.array(z.string()) })).default([]),
  parameters: z.array(apiParameter).default([]),
  requestBody: z.object({ required: z.boolean().optional(), content: z.record(z.string(), z.object({ schema: jsonSchemaObject.optional() })) }).optional(),
  responses: z.record(z.string(), z.unknown()).default({}),
});

export const openApiDocument = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), jsonSchemaObject).default({}) }).default({ schemas: {} }),
});

export type OpenApiDoc = z.infer<typeof openApiDocument>;
export type ApiOperation = z.infer<typeof apiOperation>;
