// The answers every operation shares: the error answers by `$ref` into components.responses, and the success
// answer of an operation that declares none (which the declarations test refuses: every route declares one).
import type { ErrorResponse } from './components';

/** Operations that refuse with 429 after repeated failures (sign-in throttling). */
const THROTTLED = new Set(['POST /api/auth/token']);

export const FALLBACK_SUCCESS = { 200: { description: 'Success (the route declares no answer).' } } as const;

const ERROR_CODES: Record<ErrorResponse, string> = {
  BadRequest: '400',
  Unauthorized: '401',
  Forbidden: '403',
  NotFound: '404',
  Conflict: '409',
  TooManyRequests: '429',
};

export type OperationFacts = { method: string; path: string; auth: boolean; hasInput: boolean };

/** The error answers an operation can give, as `{status: $ref}` into components.responses. */
export function errorResponses({ method, path, auth, hasInput }: OperationFacts): Record<string, { $ref: string }> {
  const hasParams = path.includes('{');
  const kinds: ErrorResponse[] = [];
  if (hasInput || method !== 'GET') kinds.push('BadRequest');
  if (auth || path.startsWith('/api/auth/')) kinds.push('Unauthorized');
  if (auth) kinds.push('Forbidden');
  if (auth || hasParams) kinds.push('NotFound');
  if (auth && method !== 'GET') kinds.push('Conflict');
  if (THROTTLED.has(`${method} ${path}`)) kinds.push('TooManyRequests');
  return Object.fromEntries(kinds.map((k) => [ERROR_CODES[k], { $ref: `#/components/responses/${k}` }]));
}
