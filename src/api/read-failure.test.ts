import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { beforeShown, keepTrying, readFailure } from './read-failure.ts';

const down = new ApiError('network', 0, 'network', 'No answer.');
const refused = new ApiError('http', 400, 'invalid_query', 'Bad limit.');

/** A query whose every try fails with `error`, counting the tries. */
function failing(error: Error) {
  const tries = { count: 0 };
  return { tries, queryFn: () => Promise.reject(error).finally(() => tries.count++) };
}

/** Lets the fake clock run on long enough for many tries 1 ms apart. */
const settle = () => vi.advanceTimersByTimeAsync(50);

/** A prefetch, as a loader or the list starts one: before any screen shows the query. */
const prefetch = (client: QueryClient, queryKey: string[], queryFn: () => Promise<never>) =>
  client.prefetchQuery({ ...beforeShown(client, { queryKey, queryFn }), retryDelay: 1 });

describe('beforeShown: a read started before a screen shows it', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stops after the quick tries while no screen shows it', async () => {
    const client = new QueryClient();
    const queryKey = ['pets', 'prefetched'];
    const { tries, queryFn } = failing(down);
    const prefetched = prefetch(client, queryKey, queryFn);
    await settle();
    await prefetched;
    expect(tries.count).toBe(4);
    await settle();
    expect(tries.count).toBe(4);
  });

  it('keeps trying while a screen shows it, sharing the same fetch, and stops once it is gone', async () => {
    const client = new QueryClient();
    const queryKey = ['pets', 'shown'];
    const { tries, queryFn } = failing(down);
    const prefetched = prefetch(client, queryKey, queryFn);
    const screen = new QueryObserver(client, { queryKey, queryFn, retry: keepTrying, retryDelay: 1 });
    const unsubscribe = screen.subscribe(() => {});
    await settle();
    expect(tries.count).toBeGreaterThan(4);
    unsubscribe();
    await settle();
    await prefetched;
    const after = tries.count;
    await settle();
    expect(tries.count).toBe(after);
  });

  it('never tries again a failure that waiting cannot fix', async () => {
    const client = new QueryClient();
    const queryKey = ['pets', 'refused'];
    const { tries, queryFn } = failing(refused);
    const prefetched = prefetch(client, queryKey, queryFn);
    await settle();
    await prefetched;
    expect(tries.count).toBe(1);
  });
});

describe('readFailure: what a screen shows while a read keeps failing', () => {
  it('the last failure once the quick tries are spent, at once for a timeout, and any error', () => {
    const timeout = new ApiError('timeout', 0, 'timeout', 'No answer in time.');
    expect(readFailure({ error: null, failureReason: down, failureCount: 3 })).toBeNull();
    expect(readFailure({ error: null, failureReason: down, failureCount: 4 })).toBe(down);
    expect(readFailure({ error: null, failureReason: timeout, failureCount: 1 })).toBe(timeout);
    expect(readFailure({ error: refused, failureReason: refused, failureCount: 1 })).toBe(refused);
    expect(readFailure({ error: null, failureReason: null, failureCount: 0 })).toBeNull();
  });
});
