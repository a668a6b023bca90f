// The parts every operation shares: the bearer scheme and the error bodies of the design page ("The API
// contract"): `{detail}` for every refusal, `{field: [messages]}` for invalid input.
import { BEARER } from '../http/declare';
export { BEARER };

export const ERROR_SCHEMAS = {
  ErrorDetail: {
    type: 'object',
    description: 'A refusal with one message, in the language of the Accept-Language header (uz by default).',
    properties: {
      detail: { type: 'string' },
      code: { type: 'string', description: 'A message key a client can react to, on errors that have one.' },
    },
    required: ['detail'],
  },
  FieldErrors: {
    type: 'object',
    description: 'Invalid input: each rejected field with its messages (`non_field_errors` for the body as a whole).',
    additionalProperties: { type: 'array', items: { type: 'string' } },
  },
  Throttled: {
    type: 'object',
    properties: { detail: { type: 'string' }, retry_after: { type: 'integer', description: 'Seconds to wait.' } },
    required: ['detail'],
  },
} as const;

const ref = (name: keyof typeof ERROR_SCHEMAS) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });

export const ERROR_RESPONSES = {
  BadRequest: {
    description: 'Invalid input: `{field: [messages]}` from validation, or `{detail}`.',
    content: json({ oneOf: [ref('FieldErrors'), ref('ErrorDetail')] }),
  },
  Unauthorized: { description: 'No bearer token, or an expired, invalid or signed-out one.', content: json(ref('ErrorDetail')) },
  Forbidden: { description: "The reader's role or pages do not allow this.", content: json(ref('ErrorDetail')) },
  NotFound: { description: "Unknown object, or one of another branch than the reader's.", content: json(ref('ErrorDetail')) },
  Conflict: { description: 'The request clashes with the current state (e.g. a schedule clash, a closed shift).', content: json(ref('ErrorDetail')) },
  TooManyRequests: {
    description: 'Too many failed sign-ins from this phone or address; the Retry-After header says how long to wait.',
    headers: { 'Retry-After': { schema: { type: 'integer' } } },
    content: json(ref('Throttled')),
  },
} as const;

export type ErrorResponse = keyof typeof ERROR_RESPONSES;

export const SECURITY_SCHEMES = {
  [BEARER]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token from POST /api/auth/token (or /api/auth/refresh), sent as `Authorization: Bearer <token>`.',
  },
} as const;
