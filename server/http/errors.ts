// Errors that end a request with a JSON body; app.ts turns them into responses.
import type { ErrorDetail, FieldErrors } from '../../contract/common';

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429,
    readonly body: ErrorDetail | FieldErrors | (ErrorDetail & Record<string, unknown>),
    readonly headers: Record<string, string> = {},
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : `HTTP ${status}`);
  }
}

export const badRequest = (detail: string) => new ApiError(400, { detail });
export const unauthorized = (detail = 'Authentication credentials were not provided or are invalid') =>
  new ApiError(401, { detail });
export const forbidden = (detail = 'You do not have permission to perform this action') =>
  new ApiError(403, { detail });
export const notFound = (detail = 'Not found') => new ApiError(404, { detail });
/** 409: the request clashes with the current state (e.g. a schedule clash); `extra` adds fields such as `conflict`. */
export const conflict = (detail: string, extra: Record<string, unknown> = {}) => new ApiError(409, { ...extra, detail });

/**
 * An error whose `detail` is a message key (namespace "errors" or any other) with values for its placeholders;
 * handleError answers it in the request's language. The key also travels in the body as `code`
 * so a client can react to the kind of error rather than to its text.
 */
export class KeyedError extends ApiError {
  constructor(
    status: 400 | 403 | 404 | 409,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    extra: Record<string, unknown> = {},
  ) {
    super(status, { ...extra, detail: key, code: key });
  }
}

/** 409 with a translated detail: `conflictMessage('errors.cashierShort', {amount})`. */
export const conflictMessage = (key: string, params: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  new KeyedError(409, key, params, extra);
