// Errors that mean "the database cannot be reached right now" rather than "this request is wrong": the connection
// was refused, reset or timed out, the server terminated it (pg_terminate_backend, a restart) or does not accept
// connections. handleError answers them 503 so a client retries later; the pool opens new connections by itself
// once the database is back.

/** SQLSTATEs of a lost or refused connection: class 08 (connection exception), admin/crash shutdown, cannot connect now, too many connections. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Node socket errors. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** node-postgres messages that carry no code. */
const MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /is not currently accepting connections/i,
  /Cannot use a pool after calling end on the pool/i,
];

/** True when `err` (or an error in its `cause` chain, e.g. under drizzle's DrizzleQueryError) is a connection failure. */
export function isConnectionError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 10; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SQLSTATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}
