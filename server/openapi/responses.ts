// Success and error responses of an operation. The success body is described generically: a route's answer
// is not declared on the route, so the few contract schemas that are the answer of a known endpoint are
// named here (the rest say "JSON" rather than guess).
import type { z } from 'zod';
import { me, tokenPair } from '../../contract/auth';
import type { Endpoint } from '../http/endpoints';
import type { ErrorResponse } from './components';

/** Answer bodies that the contract defines for an endpoint (method + Hono path). */
export const KNOWN_ANSWERS: Record<string, z.ZodType> = {
  'POST /api/auth/token': tokenPair,
  'POST /api/auth/refresh': tokenPair,
  'GET /api/auth/me': me,
};

/** Endpoints that refuse with 429 after repeated failures (sign-in throttling). */
const THROTTLED = new Set(['POST /api/auth/token']);

export const SUCCESS_DESCRIPTIONS = {
  200: 'Success: a JSON body, or a file (xlsx, docx, image) for download endpoints.',
  201: 'Created: the new object (or the record of the action).',
  204: 'Done; no body.',
} as const;

/** Success codes a method answers with: creating POSTs answer 201, actions 200; deletions 204 or 200. */
export function successCodes(method: Endpoint['method']): (keyof typeof SUCCESS_DESCRIPTIONS)[] {
  if (method === 'POST') return [201, 200];
  if (method === 'DELETE') return [204, 200];
  return [200];
}

const ERROR_CODES: Record<ErrorResponse, string> = {
  BadRequest: '400',
  Unauthorized: '401',
  Forbidden: '403',
  NotFound: '404',
  Conflict: '409',
  TooManyRequests: '429',
};

/** The error answers an endpoint can give, as `{status: $ref}` into components.responses. */
export function errorResponses(endpoint: Endpoint): Record<string, { $ref: string }> {
  const key = `${endpoint.method} ${endpoint.path}`;
  const hasParams = /:[A-Za-z_]/.test(endpoint.path);
  const kinds: ErrorResponse[] = [];
  if (Object.keys(endpoint.schemas).length > 0 || endpoint.method !== 'GET') kinds.push('BadRequest');
  if (endpoint.auth || endpoint.path.startsWith('/api/auth/')) kinds.push('Unauthorized');
  if (endpoint.auth) kinds.push('Forbidden');
  if (endpoint.auth || hasParams) kinds.push('NotFound');
  if (endpoint.auth && endpoint.method !== 'GET') kinds.push('Conflict');
  if (THROTTLED.has(key)) kinds.push('TooManyRequests');
  return Object.fromEntries(kinds.map((k) => [ERROR_CODES[k], { $ref: `#/components/responses/${k}` }]));
}
