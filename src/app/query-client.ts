import { QueryClient } from '@tanstack/react-query';
import { retryDelay } from '../api/api-error.ts';
import { keepTrying } from '../api/read-failure.ts';

// A 401 never reaches here unless the person gave up signing in again: the client asks for a new key
// and sends the request again (src/features/auth/reauth.ts).
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A read that failed for a reason waiting can fix (no answer, a 5xx, a 429, a timeout) is tried
        // again until it succeeds: 1 s, 2 s, 4 s… apart up to 30 s (`retryDelay`), paused
        // while the browser is offline and resumed once it is back; when the screen showing it goes,
        // React Query stops. The screen says so meanwhile (src/api/read-failure.ts). A read started
        // where no screen shows it yet takes `beforeShown`. Never another 4xx (it would fail the same
        // way), nor an answer this app cannot read: those wait for the person's Try again.
        retry: keepTrying,
        retryDelay,
      },
      // Writes are never repeated behind the user's back: a retried POST could add the pet twice. Nor
      // held while the browser is offline: React Query would send such a write by itself once back,
      // perhaps after the person had left the page and sent it again. Each write sees to the offline
      // browser itself, before sending: a pet is kept in this tab (create-pet.ts), a message is
      // not sent (`offlineError`, send-message.ts). Sent anyway, it would fail as lost, "may have
      // arrived", which it cannot have.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
