import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useApi } from '../../../api/api-context.ts';
import { beforeShown, useReadFailure } from '../../../api/read-failure.ts';
import { whenIdle } from '../../../lib/idle.ts';
import { describeRefusedPageLink } from '../../../ui/error-messages.ts';
import { count } from '../../../ui/words.ts';
import { petQueries } from '../api/pet-queries.ts';
import type { CategoryNames } from '../categories.ts';
import { toSearchParams, type PetListSearch } from '../list-search.ts';
import { sortPets } from '../pet-order.ts';
import { PET_STATUSES } from '../pet.ts';
import { useOnline } from '../pet-queue.ts';
import { describeCategoryPage, describePage, listedPets } from './pets-summary.ts';
import type { PetsView } from './pets-view.ts';

/**
 * The page of the service's list that the address names (`search.trail`), narrowed to a category
 * among its rows. Read only while `enabled`.
 */
export function useListPage(
  search: PetListSearch,
  names: CategoryNames,
  categoryName: CategoryNames['nameOf'] | undefined,
  { enabled }: { enabled: boolean },
): PetsView {
  const api = useApi();
  const queryClient = useQueryClient();
  const { category } = search;
  const options = petQueries.list(api, search);
  const list = useQuery({ ...options, enabled });
  const online = useOnline();
  const failure = useReadFailure(list, options.queryKey);
  // Once this list is in and the browser idle, the other statuses' first pages are read too: a switch
  // then paints from the cache (and revalidates when stale).
  const listLoaded = list.isSuccess && !list.isPlaceholderData;
  useEffect(() => {
    if (!enabled || !listLoaded) return;
    return whenIdle(() => {
      for (const status of [undefined, ...PET_STATUSES]) {
        void queryClient.prefetchQuery(
          beforeShown(queryClient, petQueries.list(api, { ...search, status, trail: [] })),
        );
      }
    });
    // The list as it is (status, size) decides what to read; `search` is made anew each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, listLoaded, search.status, search.limit]);

  // Rows cut from a longer page of the same list (the page size went down) are this page's, shown as
  // such at once; only the link to the next page waits for the service.
  const loaded = list.data && (!list.isPlaceholderData || list.data.cutFromLonger);
  const pageRows = useMemo(
    () =>
      list.data &&
      sortPets(
        category === undefined ? list.data.pets : list.data.pets.filter((pet) => pet.categoryId === category),
        search.sort,
        categoryName,
      ),
    [list.data, search.sort, category, categoryName],
  );
  const error = failure.failure;
  const hasNext = Boolean(list.data?.nextLink);
  // Another status's rows, shown while this one was read, are not kept once it fails: only its own are.
  const rows = error && list.data?.ofAnotherStatus ? undefined : pageRows;
  const empty = rows?.length === 0 && loaded;

  return {
    rows,
    error,
    read: Boolean(error) || Boolean(loaded),
    summary:
      error && !loaded
        ? `The list could not be loaded.${rows?.length ? ` Below are the ${count(rows.length, 'pet')} shown before.` : ''}`
        : loaded
          ? category !== undefined
            ? describeCategoryPage(pageRows?.length ?? 0, list.data.pets.length, search, names, hasNext)
            : describePage(list.data.pets.length, search, hasNext, names.named)
          : `Loading ${listedPets(search.status).toLowerCase()}…`,
    pages: {
      number: search.trail.length + 1,
      ...(search.trail.length > 0 && { previous: toSearchParams({ ...search, trail: search.trail.slice(0, -1) }) }),
      ...(search.trail.length > 1 && { first: toSearchParams({ ...search, trail: [] }) }),
      ...(loaded &&
        list.data.nextLink && {
          next: toSearchParams({ ...search, trail: [...search.trail, list.data.nextLink] }),
        }),
    },
    busy: list.isFetching && !loaded,
    waiting: list.isFetching,
    waitingFor: list.failureReason,
    // A read held offline goes once back; rows in hand are as they were read (read again once back,
    // when they are stale by then).
    offlineNote:
      list.fetchStatus === 'paused'
        ? 'the list updates by itself when the connection is back'
        : !online && loaded
          ? 'this is the list as it was last read'
          : undefined,
    onRetry: () => void failure.tryAgain(),
    retrying: failure.retrying,
    empty: Boolean(empty),
    // A later page's link (from an earlier answer, or a bookmark) that the service no longer takes.
    refusedPage: search.trail.length > 0 ? describeRefusedPageLink(error) : undefined,
    // The page read has pets, none of this category: the way to the next page stays.
    noneOfCategory: Boolean(empty && category !== undefined && list.data!.pets.length > 0),
  };
}
