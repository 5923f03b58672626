import { QueryClient, type Query } from '@tanstack/react-query';
import { isApiError } from '../api/api-error.ts';

const MAX_READ_RETRIES = 3;
const MAX_BACKGROUND_RETRY_MS = 30_000;

/**
 * While a read has failed for a reason that waiting can fix (no answer, a 5xx), it is tried again in
 * the background, 2 s, 4 s, 8 s… apart up to 30 s, and at once when the browser is back online or
 * the tab is shown again (React Query's own triggers). When the service answers, the data replaces
 * the error without anyone clicking.
 */
function backgroundRetryDelay(query: Query): number | false {
  const { status, error, fetchFailureCount } = query.state;
  if (status !== 'error' || !isApiError(error) || !error.isTransient) return false;
  return Math.min(1000 * 2 ** Math.max(fetchFailureCount - MAX_READ_RETRIES, 1), MAX_BACKGROUND_RETRY_MS);
}

// A 401 never reaches here unless the person gave up signing in again: the client asks for a new key
// and sends the request again (src/features/auth/reauth.ts).
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Reads are retried at once with backoff only when trying again soon can help: no connection,
        // or a 5xx. Not a 4xx (it would fail the same way), not a timeout (the wait was long already).
        retry: (failureCount, error) =>
          isApiError(error) && (error.kind === 'network' || error.status >= 500) && failureCount < MAX_READ_RETRIES,
        refetchInterval: backgroundRetryDelay,
      },
      // Writes are never repeated behind the user's back: a retried POST could add the pet twice.
      mutations: { retry: false },
    },
  });
}
