// One error shape for every failed call: {status, detail?, fields?, retryAfter?} from the server's `{detail}` and
// `{field: [messages]}` bodies (design page, "The API contract"); 429 carries `retry_after`.

export class ApiError extends Error {
  readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no response arrived (network down, CORS, aborted). */
    readonly status: number,
    readonly detail?: string,
    readonly fields?: Record<string, string[]>,
    /** Seconds to wait before trying again (429). */
    readonly retryAfter?: number,
    /** The parsed response body as sent, for answers with more than messages (a 409's `conflict`). */
    readonly body?: unknown,
  ) {
    super(detail ?? (status === 0 ? 'Network error' : `HTTP ${status}`));
  }
}

/** Spec section 8: raised when the access token has expired and no valid refresh token exists. */
export class RefreshTokenExpiredError extends Error {
  readonly name = 'RefreshTokenExpiredError';
  constructor() {
    super('Refresh token expired');
  }
}

type RawResponse = { status: number; data?: unknown; headers?: Headers | Record<string, string> };

function isRawResponse(value: unknown): value is RawResponse {
  return typeof value === 'object' && value !== null && typeof (value as RawResponse).status === 'number';
}

function header(headers: RawResponse['headers'], name: string): string | null {
  if (!headers) return null;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  return (headers as Record<string, string>)[name] ?? null;
}

function seconds(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.ceil(n) : undefined;
}

/** Turns a redaxios rejection (the response itself) or a fetch TypeError into an ApiError; other errors pass. */
export function toApiError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (isRawResponse(error)) {
    const body = typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
    const detail = typeof body.detail === 'string' ? body.detail : undefined;
    const fields: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(body)) {
      if (key === 'detail' || key === 'retry_after') continue;
      if (Array.isArray(value) && value.every((m) => typeof m === 'string')) fields[key] = value;
      else if (typeof value === 'string') fields[key] = [value];
    }
    const retryAfter = seconds(body.retry_after) ?? seconds(header(error.headers, 'retry-after'));
    return new ApiError(error.status, detail, Object.keys(fields).length ? fields : undefined, retryAfter, error.data);
  }
  // fetch rejects with a TypeError when no response arrives at all.
  if (error instanceof TypeError) return new ApiError(0, undefined);
  return error;
}

/** The HTTP status of an error, or null when it is not an HTTP error. */
export function statusOf(error: unknown): number | null {
  if (error instanceof ApiError) return error.status;
  return isRawResponse(error) ? error.status : null;
}
