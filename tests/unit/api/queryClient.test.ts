import { describe, expect, it } from 'vitest';
import { ApiError, RefreshTokenExpiredError, statusOf, toApiError } from '../../../src/api/errors';
import { STALE_TIME_MS, createQueryClient, shouldRetry } from '../../../src/api/queryClient';

describe('query client', () => {
  it('keeps data fresh for 30 s and never retries mutations', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(STALE_TIME_MS).toBe(30_000);
    expect(defaults.queries?.staleTime).toBe(30_000);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('does not retry client errors or a lost session', () => {
    expect(shouldRetry(0, new ApiError(404))).toBe(false);
    expect(shouldRetry(0, new ApiError(401))).toBe(false);
    expect(shouldRetry(0, new RefreshTokenExpiredError())).toBe(false);
  });

  it('retries network and server errors twice', () => {
    expect(shouldRetry(0, new ApiError(0))).toBe(true);
    expect(shouldRetry(1, new ApiError(503))).toBe(true);
    expect(shouldRetry(2, new ApiError(503))).toBe(false);
  });
});

describe('errors', () => {
  it('passes other errors through and knows statuses', () => {
    const plain = new Error('x');
    expect(toApiError(plain)).toBe(plain);
    expect(statusOf(plain)).toBeNull();
    expect(statusOf({ status: 403, data: {} })).toBe(403);
    expect(statusOf(new ApiError(409))).toBe(409);
    expect(new ApiError(500).message).toBe('HTTP 500');
  });
});
