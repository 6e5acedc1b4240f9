import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

const MAX_RETRIES = 2;

/** A 4xx will not change on retry; network blips and 5xx get two more tries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

// core.md §8: a 403 is only logged; every other error is shown by the screen that made the call.
function logForbidden(error: unknown): void {
  if (isApiError(error) && error.status === 403) console.warn(`[api] ${error.code}: ${error.message}`);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logForbidden }),
    mutationCache: new MutationCache({ onError: logForbidden }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
