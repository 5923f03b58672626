import { useMemo } from 'react';
import { usePetSearch } from '../api/use-pet-search.ts';
import type { CategoryNames } from '../categories.ts';
import { toSearchParams, type PetListSearch } from '../list-search.ts';
import { listMatcher, sortPets } from '../pet-order.ts';
import { describeSearch } from './pets-summary.ts';
import type { PetsView } from './pets-view.ts';

/**
 * A search's matches for `q` among every pet of the status, paged by `search.page`. With no `q`,
 * nothing is read.
 */
export function useSearchMatches(
  q: string,
  search: PetListSearch,
  names: CategoryNames,
  categoryName: CategoryNames['nameOf'] | undefined,
): PetsView {
  const searching = q !== '';
  const { category } = search;
  const scan = usePetSearch(q, search.status);

  const matches = useMemo(() => {
    if (!searching) return [];
    const matches = listMatcher(q, category);
    return sortPets(
      scan.candidates.filter(({ pet, key }) => matches(pet, key)).map(({ pet }) => pet),
      search.sort,
      categoryName,
    );
  }, [searching, q, scan.candidates, search.sort, category, categoryName]);

  const matchPages = Math.max(1, Math.ceil(matches.length / search.limit));
  // A later page asked for (a reload, a link) fills as the search reads on: it is not cut to the
  // matches found so far, to jump from page 1 to it as they come. Once everything is read, a page
  // past the last shows the last.
  const matchPage = scan.searching ? search.page : Math.min(search.page, matchPages);
  // The same list stays the same array between renders (each keystroke renders the page): the table
  // compares it with the rows it drew only when it really changes.
  const rows = useMemo(
    () => matches.slice((matchPage - 1) * search.limit, matchPage * search.limit),
    [matches, matchPage, search.limit],
  );
  const error = scan.error;

  return {
    rows,
    error,
    read: Boolean(error) || !scan.searching,
    summary:
      scan.candidates.length || !error
        ? describeSearch(matches.length, { ...search, q }, scan, names)
        : 'The search could not start.',
    pages: {
      number: matchPage,
      of: scan.searching ? undefined : matchPages,
      ...(matchPage > 1 && { previous: toSearchParams({ ...search, q, page: matchPage - 1 }) }),
      ...(matchPage < matchPages && { next: toSearchParams({ ...search, q, page: matchPage + 1 }) }),
    },
    busy: scan.searching,
    waiting: scan.searching && !scan.offline,
    waitingFor: undefined,
    offlineNote: scan.offline ? 'the search goes on by itself when the connection is back' : undefined,
    onRetry: scan.resume,
    retrying: scan.retrying,
    // A search that failed, or waits to go on, has not looked everywhere: it found nothing yet, not nothing.
    empty: rows.length === 0 && !scan.searching && !error,
    searchAction:
      searching && (scan.searching || scan.stopped)
        ? { stopped: scan.stopped, onClick: scan.stopped ? scan.resume : scan.stop }
        : undefined,
  };
}
