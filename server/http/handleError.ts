// The one place errors become responses (the app's only onError): the rules' DomainErrors by kind
// (http/errors.ts), Hono's own 4xx, an unreachable database; anything else is a bug (500).
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isConnectionError } from '../db/connectionErrors';
import { isNumericOverflow } from '../db/dataErrors';
import { describeError } from '../log/redact';
import { DomainError } from '../domain/core/errors';
import { domainErrorResponse } from './errors';
import { requestLang, translate } from './i18n';
import { MALFORMED_JSON } from './validate';

const DATABASE_UNAVAILABLE = 'errors.databaseUnavailable';
const NUMBER_TOO_LARGE = 'errors.numberTooLarge';

/** A message key in the request's language (the key itself before the config is on the context). */
function translated(c: Context, key: string, params: Record<string, unknown> = {}): string {
  const localesDir = (c.get('config') as { localesDir: string } | undefined)?.localesDir;
  return localesDir ? translate(localesDir, requestLang(c), key, params) : key;
}

export function handleError(err: Error, c: Context): Response {
  if (err instanceof DomainError) return domainErrorResponse(err, c);
  if (err instanceof HTTPException) {
    // Hono's own 4xx, e.g. from the JSON validator on a body that is not JSON.
    const detail = /malformed json/i.test(err.message) ? MALFORMED_JSON : err.message || 'Bad request';
    return c.json({ detail }, err.status);
  }
  if (isConnectionError(err)) {
    // The database is unreachable for now (refused, reset, terminated): not a bug, and worth retrying.
    return c.json({ detail: translated(c, DATABASE_UNAVAILABLE), code: DATABASE_UNAVAILABLE }, 503, { 'Retry-After': '5' });
  }
  if (isNumericOverflow(err)) {
    // A value the database cannot hold: the request's numbers are too large, not a bug to hide behind a 500. Still
    // logged, since the contract's limits should have stopped it before the database.
    console.warn(`${c.req.method} ${c.req.path} refused: ${describeError(err)}`);
    return c.json({ detail: translated(c, NUMBER_TOO_LARGE), code: NUMBER_TOO_LARGE }, 400);
  }
  console.error(`${c.req.method} ${c.req.path} failed: ${describeError(err)}`);
  return c.json({ detail: 'Internal server error' }, 500);
}
