// A route's success answer, declared in one line before its handler: `answers(groupRow)`, `answers(lead, {status:
// 201})`, `answersFile('xlsx')`, `answersNothing()`. The OpenAPI document shows it, and the API tests check every
// JSON answer against it (tests/api/answerCheck.ts).
import type { MiddlewareHandler } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import type { z } from 'zod';

export type SuccessStatus = 200 | 201;

const DESCRIPTIONS: Record<SuccessStatus | 204, string> = {
  200: 'Success.',
  201: 'Created: the new object (or the record of the action).',
  204: 'Done; no body.',
};

export const FILE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  image: 'image/*',
  pdf: 'application/pdf',
} as const;

/** The JSON body a route answers with on success (described as the schema's output: what the server sends). */
export function answers(schema: z.ZodType, { status = 200, description }: { status?: SuccessStatus; description?: string } = {}): MiddlewareHandler {
  const content = { 'application/json': { schema: resolver(schema, { options: { io: 'output' } }) } };
  return describeRoute({ responses: { [status]: { description: description ?? DESCRIPTIONS[status], content } } });
}

/** A download: the file's media type, any bytes. */
export function answersFile(kind: keyof typeof FILE_TYPES, description = 'The file, as an attachment.'): MiddlewareHandler {
  const content = { [FILE_TYPES[kind]]: { schema: { type: 'string' as const, format: 'binary' } } };
  return describeRoute({ responses: { 200: { description, content } } });
}

/** 204 with no body. */
export function answersNothing(): MiddlewareHandler {
  return describeRoute({ responses: { 204: { description: DESCRIPTIONS[204] } } });
}
