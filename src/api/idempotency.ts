// Idempotency of finance writes (brief "Idempotency"): one key per user action, created when the user first
// submits and reused for every retry of that same action, so a repeated request (a lost answer, a double click, a
// retry after a network error) replays the server's first answer instead of booking the money twice.
import { IDEMPOTENCY_HEADER } from '../../contract/finance';

/** A fresh key for one user action (a UUID v4). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The request header carrying the key: `{'Idempotency-Key': key}`. */
export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: key };
}
