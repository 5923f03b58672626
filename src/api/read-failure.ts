import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from './api-error.ts';

/** Quick tries of a read that got no answer, a 5xx or a 429, before its screen says it failed. */
const QUICK_RETRIES = 3;

/** Whether waiting can fix a read's failure (no answer, a 5xx, a 429, a timeout): what screens keep trying. */
export const keepTrying = (_failures: number, error: unknown) => isApiError(error) && error.isTransient;

/**
 * The retry of a read started before a screen shows it (a loader, a prefetch): the quick tries, and
 * past them only while a screen shows the query, which then shares this very fetch. Without it a
 * read no one looks at would be tried for as long as the service is down.
 */
const retryWhileShown = (queryClient: QueryClient, queryKey: QueryKey) => (failures: number, error: unknown) =>
  keepTrying(failures, error) &&
  (failures < QUICK_RETRIES ||
    (queryClient.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0) > 0);

/** A read's options for starting it before a screen shows it: tried again as `retryWhileShown` says. */
export const beforeShown = <Options extends { queryKey: QueryKey }>(queryClient: QueryClient, options: Options) => ({
  ...options,
  retry: retryWhileShown(queryClient, options.queryKey),
});

/**
 * What a read's screen shows as its failure. A read that failed for a reason waiting can fix (no
 * answer, a 5xx, a 429, a timeout) is tried again until it succeeds (src/app/query-client.ts), and React
 * Query clears a query's error whenever it tries again: the screen shows the last failure instead,
 * steady through those tries, once the quick ones are spent (at once for a timeout: that wait was
 * long already). Any other failure is the query's error, tried again only when asked.
 */
export function readFailure(query: { error: unknown; failureReason: unknown; failureCount: number }): unknown {
  if (query.error) return query.error;
  const reason = query.failureReason;
  const quick = isApiError(reason) && reason.kind === 'timeout' ? 0 : QUICK_RETRIES;
  return query.failureCount > quick ? reason : null;
}

/** The parts of a read's query result that `useReadFailure` goes by. */
interface ShownRead {
  error: unknown;
  failureReason: unknown;
  failureCount: number;
  fetchStatus: 'fetching' | 'paused' | 'idle';
  refetch: () => Promise<unknown>;
}

/**
 * The person's try, while it has not failed: sent, or held by React Query until the device is back
 * online (it pauses reads while offline).
 */
export type PersonsTry = 'sent' | 'held offline';

/**
 * A read's failure as its screen shows it (`readFailure`), and the person's Try again.
 *
 * Try again asks at once: a read that keeps failing waits out its backoff between tries, and React
 * Query's `refetch` joins that wait rather than cutting it short when the query has no data yet, so
 * the wait is cancelled first. React Query clears the failure when it tries again, which would take
 * the notice, and the focused Try again button with it, off the screen until the quick tries fail
 * too: the failure stays shown from the click until the read succeeds or fails again, and
 * `retrying` says where the person's try is.
 */
export function useReadFailure(query: ShownRead, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  // The failure shown when the person asked, for this very query, until that try is over.
  const [asked, setAsked] = useState<{ key: string; failure: unknown }>();
  const key = hashKey(queryKey);
  const held = asked?.key === key ? asked.failure : null;
  const failure = readFailure(query) ?? (held && (query.failureReason ?? held));
  const personsTry: PersonsTry = query.fetchStatus === 'paused' ? 'held offline' : 'sent';
  return {
    failure,
    /** The person's try, until it fails. */
    retrying: held && query.failureCount === 0 ? personsTry : undefined,
    tryAgain: async () => {
      const ask = { key, failure };
      setAsked(ask);
      try {
        await queryClient.cancelQueries({ queryKey, exact: true });
        await query.refetch();
      } finally {
        // Unless the person has asked again since: cancelling this try ends it too.
        setAsked((current) => (current === ask ? undefined : current));
      }
    },
  };
}
