// What the server writes to its logs never carries a secret: passwords, tokens, the signing secret, the
// database password, or a statement's parameters (they hold password hashes, token ids, personal data).
// Errors are logged through describeError; anything else that could hold such text through redactSecrets.

const MASK = '[redacted]';

const PATTERNS: [RegExp, string][] = [
  // scheme://user:password@host → scheme://user:[redacted]@host (DATABASE_URL and the like)
  [/\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*):[^\s@/]*@/gi, `$1:${MASK}@`],
  // Authorization: Bearer <token>
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, `$1 ${MASK}`],
  // a JWT anywhere (three base64url parts, the first a JSON header)
  [/\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, MASK],
  // password hashes as stored (scrypt$N$r$p$salt$hash)
  [/\bscrypt\$[^\s,'")\]]+/g, MASK],
  // "password": "…", password=…, refresh_token: …, secret=… in JSON, query strings or prose
  [/(["']?(?:[a-z_]*password[a-z_]*|[a-z_]*token|[a-z_]*secret|authorization)["']?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s,;&}]+)/gi, `$1${MASK}`],
];

/** Masks secrets in free text. */
export function redactSecrets(text: string): string {
  return PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

type QueryError = Error & { query: string; params: unknown[] };

const isQueryError = (err: unknown): err is QueryError =>
  err instanceof Error && typeof (err as Partial<QueryError>).query === 'string' && Array.isArray((err as Partial<QueryError>).params);

/** The message of an error without what it must not log: a failed statement keeps its SQL, never its parameters. */
function safeMessage(err: Error): string {
  const message = isQueryError(err) ? `Failed query: ${err.query}\nparams: [${err.params.length} hidden]` : err.message;
  return redactSecrets(message);
}

/**
 * An error for the log, with its stack and causes, minus statement parameters and anything that looks like a
 * secret. Non-errors are stringified and masked.
 */
export function describeError(err: unknown, depth = 0): string {
  if (!(err instanceof Error)) return redactSecrets(typeof err === 'string' ? err : safeJson(err));
  const message = safeMessage(err);
  const stack = err.stack ? redactSecrets(err.stack.replace(err.message, message)) : `${err.name}: ${message}`;
  const cause = err.cause !== undefined && depth < 4 ? `\nCaused by: ${describeError(err.cause, depth + 1)}` : '';
  return `${stack}${cause}`;
}

/** Only the message, for one-line logs (jobs, the pool). */
export function describeErrorBriefly(err: unknown): string {
  return err instanceof Error ? safeMessage(err) : describeError(err);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
