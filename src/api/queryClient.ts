// The TanStack Query client: data is fresh for 30 s; client errors (4xx) and a lost session are final, so only
// network failures and server errors are retried, twice.
import { QueryClient } from '@tanstack/react-query';
import { ApiError, RefreshTokenExpiredError } from './errors';

export const STALE_TIME_MS = 30_000;
const MAX_RETRIES = 2;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof RefreshTokenExpiredError) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME_MS, retry: shouldRetry },
      // A mutation repeated behind the user's back could charge or archive twice.
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
