// The one error type of the rules: what went wrong (its kind), the message as a key with values or as plain text,
// and the fields a response carries besides. It knows nothing of HTTP: server/http/errors.ts answers it (status
// by kind, message in the request's language) in the one place errors become responses.

/** A message key ('namespace.key', nested allowed) and the values of its `{{placeholders}}`. */
export type Message = { key: string; params?: Record<string, unknown> };

export type DomainErrorKind = 'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'too_many';

export type DomainErrorInit = {
  /** A message key, answered in the request's language; a param that is itself a Message is translated too. */
  key?: string;
  params?: Record<string, unknown>;
  /** A message that is already text (not translated). */
  text?: string;
  /** Per-field messages (kind 'invalid'): answered as `{field: [messages]}` instead of a `detail`. */
  fields?: Record<string, Message[]>;
  /** A stable name of the error for clients, answered as `code`. */
  code?: string;
  /** More fields the answer carries beside `detail` (e.g. `conflict`, `available`). */
  extra?: Record<string, unknown>;
  /** Seconds after which trying again may succeed (kind 'too_many'). */
  retryAfter?: number;
};

export class DomainError extends Error {
  readonly key?: string;
  readonly params: Record<string, unknown>;
  readonly text?: string;
  readonly fields?: Record<string, Message[]>;
  readonly code?: string;
  readonly extra: Record<string, unknown>;
  readonly retryAfter?: number;

  constructor(
    readonly kind: DomainErrorKind,
    init: DomainErrorInit,
  ) {
    super(init.text ?? init.key ?? (init.fields ? `Invalid fields: ${Object.keys(init.fields).join(', ')}` : kind));
    this.name = 'DomainError';
    this.key = init.key;
    this.params = init.params ?? {};
    this.text = init.text;
    this.fields = init.fields;
    this.code = init.code;
    this.extra = init.extra ?? {};
    this.retryAfter = init.retryAfter;
  }
}

// Plain-text messages (the API's English details).
export const invalid = (text: string) => new DomainError('invalid', { text });
export const unauthorized = (text = 'Authentication credentials were not provided or are invalid') => new DomainError('unauthorized', { text });
export const forbidden = (text = 'You do not have permission to perform this action') => new DomainError('forbidden', { text });
export const notFound = (text = 'Not found') => new DomainError('not_found', { text });
/** The request clashes with the current state (e.g. a schedule clash); `extra` adds fields such as `conflict`. */
export const conflict = (text: string, extra: Record<string, unknown> = {}) => new DomainError('conflict', { text, extra });

/** A translated message whose key also travels as `code`, so a client can react to the kind rather than the text. */
export const keyedError = (kind: DomainErrorKind, key: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  new DomainError(kind, { key, params, extra, code: key });

/** A conflict with a translated detail: `conflictMessage('errors.cashierShort', {amount})`. */
export const conflictMessage = (key: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  keyedError('conflict', key, params, extra);

/** Invalid fields, each with its messages. */
export const fieldMessages = (fields: Record<string, Message[]>) => new DomainError('invalid', { fields });

/** One invalid field: `{[field]: [message key]}`, with values for the key's placeholders when it has any. */
export const fieldError = (field: string, key: string, params?: Record<string, unknown>) => fieldMessages({ [field]: [{ key, params }] });

/** Invalid fields whose messages are bare keys: `{field: ['validation.x']}`. */
export const fieldKeys = (fields: Record<string, string[]>) =>
  fieldMessages(Object.fromEntries(Object.entries(fields).map(([field, keys]) => [field, keys.map((key) => ({ key }))])));
