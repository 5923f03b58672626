import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';
import { sessionStore } from '../lib/session.ts';

const MAX_READ_RETRIES = 3;

/** The one place that reacts to 401: the key is dropped and the guard sends the user to sign in. */
function expireSessionOn401(error: unknown) {
  if (isApiError(error) && error.status === 401) sessionStore.expire();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: expireSessionOn401 }),
    mutationCache: new MutationCache({ onError: expireSessionOn401 }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Reads are retried with backoff only when trying again soon can help: no connection, or a
        // 5xx. Not a 4xx (it would fail the same way), not a timeout (the wait was long already).
        retry: (failureCount, error) =>
          isApiError(error) && (error.kind === 'network' || error.status >= 500) && failureCount < MAX_READ_RETRIES,
      },
      // Writes are never repeated behind the user's back: a retried POST could add the pet twice.
      mutations: { retry: false },
    },
  });
}
