// GET /api/openapi.json for the API reference page: only the parts the page shows are checked and typed.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './http';

const jsonSchema = z.record(z.string(), z.unknown());

const parameter = z.object({ name: z.string(), in: z.string(), required: z.boolean().optional(), schema: jsonSchema.optional(), description: z.string().optional() });

const operation = z.object({
  operationId: z.string(),
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).default([]),
  security: z.array(z.record(z.string(), z.array(z.string()))).default([]),
  'x-markaz-pages': z.array(z.object({ anyOf: z.array(z.string()), refusedRoles: z.array(z.string()) })).default([]),
  parameters: z.array(parameter).default([]),
  requestBody: z.object({ required: z.boolean().optional(), content: z.record(z.string(), z.object({ schema: jsonSchema.optional() })) }).optional(),
  responses: z.record(z.string(), z.unknown()).default({}),
});

export const openApiDoc = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), jsonSchema).default({}) }).default({ schemas: {} }),
});

export type OpenApiDoc = z.infer<typeof openApiDoc>;
export type ApiOperation = z.infer<typeof operation>;
export const apiOperation = operation;

export const OPENAPI_URL = '/api/openapi.json';

/** The document changes only with a new server version: fetched once per visit. */
export function useOpenApiDoc() {
  return useQuery({ queryKey: ['openapi'], queryFn: () => api.get('/openapi.json', { schema: openApiDoc }), staleTime: Infinity });
}
