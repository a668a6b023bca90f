// The rules the access matrix holds answers to (docs/access-control.md); each returns what is wrong, or undefined.
import type { Endpoint } from '../../../server/http/endpoints';
import { marker } from './branchFixtures';
import { branchFields } from './matrixRequests';

/** The rule a refused answer is held to: 403 when a page guard fails, else 403 or 404, never foreign data. */
export function pathIdBreach(passes: boolean, status: number, text: string): string | undefined {
  if (text.includes(marker('B')) || text.includes(marker('C'))) return `${status}: answer carries the foreign branch's data`;
  if (!passes) return status === 403 ? undefined : `${status}, expected 403 (page guard)`;
  return status === 403 || status === 404 ? undefined : `${status}`;
}

/** The rule an answer is held to; undefined when it keeps to it. */
export function fieldBreach(endpoint: Endpoint, passes: boolean, status: number, text: string): string | undefined {
  if (text.includes(marker('B'))) return `${status}: answer carries branch B's data`;
  if (!passes) return status === 403 ? undefined : `${status}, expected 403 (page guard)`;
  if (status >= 500) return `${status}`;
  if (endpoint.method !== 'GET') return [400, 403, 404].includes(status) ? undefined : `${status}`;
  if (branchFields(endpoint).some((f) => f.kind === 'filial')) return [403, 404].includes(status) ? undefined : `${status}`;
  return [200, 400, 403, 404].includes(status) ? undefined : `${status}`;
}
