import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../../../api/api-context.ts';
import { useReadFailure } from '../../../api/read-failure.ts';
import { searchKey } from '../pet-order.ts';
import type { Pet, PetStatus } from '../pet.ts';
import { READ_LIMIT, type EveryPetPage } from './list-pets.ts';
import { petQueries } from './pet-queries.ts';

type Candidate = { pet: Pet; key: string };

// Names are prepared for matching once per page read, not once per keystroke.
const prepared = new WeakMap<EveryPetPage, Candidate[]>();
function candidatesOf(page: EveryPetPage): Candidate[] {
  let candidates = prepared.get(page);
  if (!candidates) {
    candidates = page.pets.map((pet) => ({ pet, key: searchKey(pet.name) }));
    prepared.set(page, candidates);
  }
  return candidates;
}

/**
 * What a search for `q` looks through: every pet the service lists (of one status, or all), read
 * into the query cache page by page, refreshed in the background like any query; it can be stopped.
 */
export function usePetSearch(q: string, status: PetStatus | undefined) {
  const enabled = q !== '';
  const api = useApi();
  // Stopped, the reading ends at once (`stop`), and nothing reads again until resumed.
  const [stoppedAt, setStoppedAt] = useState<PetStatus | 'all'>();
  const stopping = stoppedAt === (status ?? 'all');
  const options = petQueries.scan(api, status);
  const scan = useQuery({ ...options, enabled: enabled && !stopping });
  const { failure, retrying, tryAgain } = useReadFailure(scan, options.queryKey);
  // A search typed once what was read has gone stale reads the list again: React Query would only
  // on a mount or a reconnect, and pets added since, here or by others, would not be found.
  // The pets read stay searched meanwhile (refetchMode 'replace'), and a read on its way is joined.
  // Not after a failure waiting cannot fix: that is tried again only when asked.
  const { isStale, status: readStatus, refetch } = scan;
  useEffect(() => {
    if (enabled && !stopping && isStale && readStatus === 'success') void refetch({ cancelRefetch: false });
    // On what is typed: the rest only says whether a read is due.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  const queryClient = useQueryClient();
  const stopped = stopping && scan.fetchStatus === 'idle';
  const pages = scan.data;
  const candidates = useMemo(() => (pages ?? []).flatMap(candidatesOf), [pages]);
  // React Query keeps a failure through the pages of the try that follows it. Failures before the
  // first page: once a page has come since, the search is going again, and the failure is no longer
  // news. (A try after pets came writes its pages only when it ends, which also ends the failure.)
  const [failedAt, setFailedAt] = useState<{ failure: unknown; pages: number }>();
  const pageCount = pages?.length ?? 0;
  if (failure && failedAt?.failure !== failure) setFailedAt({ failure, pages: pageCount });
  const goingAgain = failedAt !== undefined && failedAt.failure === failure && pageCount > failedAt.pages;
  // Offline, the reading waits (React Query pauses it) and goes on once the browser is back online.
  const offline = enabled && scan.fetchStatus === 'paused';
  const reading = (enabled && scan.fetchStatus === 'fetching') || offline;
  return {
    candidates,
    lookedThrough: candidates.length,
    /** Still reading, or waiting to: what it found so far is not all there is. */
    searching: reading,
    offline,
    stopped,
    capped: candidates.length >= READ_LIMIT,
    /** Only the first pages of the service's lists were read: it offers no way past them. */
    firstPagesOnly: (pages ?? []).some((page) => page.firstPagesOnly),
    // Stopped, nothing is tried again: a failure before the pets came is no longer news.
    error: stopped || goingAgain ? null : failure,
    retrying,
    stop: () => {
      setStoppedAt(status ?? 'all');
      // At once, the pets read so far kept (the page on its way is dropped), whether the reading
      // is waiting for a page or to be tried again.
      void queryClient.cancelQueries({ queryKey: options.queryKey, exact: true });
    },
    resume: () => {
      setStoppedAt(undefined);
      void tryAgain();
    },
  };
}

export type PetSearch = ReturnType<typeof usePetSearch>;
