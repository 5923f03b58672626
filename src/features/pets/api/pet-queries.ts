import { experimental_streamedQuery as streamedQuery, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PetstoreApi } from '../../../api/client.ts';
import { PET_STATUSES, type Pet, type PetStatus } from '../pet.ts';
import { getPet } from './get-pet.ts';
import { listPets, type PetPage } from './list-pets.ts';

/** One page of the service's list, as `GET /pets` takes it. */
export interface PetPageRequest {
  status: PetStatus | undefined;
  limit: number;
  cursor: string | undefined;
}

/** The page size a search reads the service's list with: its maximum. */
export const SCAN_PAGE_SIZE = 100;
/** How many pets a search reads at most before it says how far it got. */
export const SCAN_LIMIT = 10_000;

// Stopping a search ends its reading after the page in hand; what was read stays, a finished query.
const stoppedScans = new Set<string>();
export const scanControl = {
  stop: (queryKey: readonly unknown[]) => stoppedScans.add(queryKey.join()),
  resume: (queryKey: readonly unknown[]) => stoppedScans.delete(queryKey.join()),
};

/** A page read by a search, and which page of which status it was. */
export interface ScannedPage extends PetPage {
  status: PetStatus;
  index: number;
}

/**
 * Every pet the service lists, status by status, 100 at a time, following its `next` links, page
 * by page as they arrive; up to SCAN_LIMIT pets.
 */
async function* scanPets(api: PetstoreApi, status: PetStatus | undefined, signal: AbortSignal, stopped: () => boolean) {
  let read = 0;
  for (const each of status ? [status] : PET_STATUSES) {
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let index = 0; read < SCAN_LIMIT; index++) {
      const page = await listPets(api, { status: each, limit: SCAN_PAGE_SIZE, cursor }, signal);
      read += page.pets.length;
      yield { ...page, status: each, index } satisfies ScannedPage;
      if (stopped()) return;
      if (!page.nextCursor || seen.has(page.nextCursor)) break;
      seen.add((cursor = page.nextCursor));
    }
  }
}

// One cut per page shown and size asked for: the placeholder is asked for on every render, and the
// rows must stay the same array for the table to see that they have not changed.
const cuts = new WeakMap<PetPage, Map<number, PetPage>>();

/**
 * What a page shows while it is read: the rows that were on screen. When they are a longer page of
 * the same list from the same place (the page size went down), this page's rows are their first
 * ones: they are shown as this page's, and only the way to the next page waits for the service.
 */
function pagePlaceholder(
  request: PetPageRequest,
  previous: PetPage | undefined,
  previousKey: readonly unknown[] | undefined,
): PetPage | undefined {
  const before = previousKey?.at(-1) as PetPageRequest | undefined;
  const longer =
    previous &&
    before &&
    before.status === request.status &&
    before.cursor === request.cursor &&
    before.limit > request.limit &&
    (previous.pets.length >= request.limit || !previous.nextCursor);
  if (!longer) return previous;
  const byLimit = cuts.get(previous) ?? new Map<number, PetPage>();
  cuts.set(previous, byLimit);
  let cut = byLimit.get(request.limit);
  if (!cut) {
    cut = { pets: previous.pets.slice(0, request.limit), nextCursor: undefined, cutFromLonger: true };
    byLimit.set(request.limit, cut);
  }
  return cut;
}

// Keys hold the environment, since the fetchers read its address; ids are keyed as text because
// query keys are hashed as JSON, which has no bigint. Every key of a list starts with `lists`, so a
// new pet refreshes them all.
export const petQueries = {
  all: (api: PetstoreApi) => ['pets', api.environment.name] as const,
  lists: (api: PetstoreApi) => [...petQueries.all(api), 'list'] as const,
  page: (api: PetstoreApi, request: PetPageRequest) =>
    queryOptions({
      queryKey: [...petQueries.lists(api), 'page', request],
      queryFn: ({ signal }) => listPets(api, request, signal),
      // The previous rows stay on screen while the next filter or page loads (cut, when shorter).
      placeholderData: (previous: PetPage | undefined, previousQuery) =>
        pagePlaceholder(request, previous, previousQuery?.queryKey),
    }),
  /** What a search looks through: the pages read so far, kept while a refresh reads them again. */
  scan: (api: PetstoreApi, status: PetStatus | undefined) =>
    queryOptions({
      queryKey: [...petQueries.lists(api), 'scan', status ?? 'all'],
      queryFn: streamedQuery({
        streamFn: ({ signal, queryKey }) => scanPets(api, status, signal, () => stoppedScans.has(queryKey.join())),
        refetchMode: 'replace',
      }),
    }),
  detail: (api: PetstoreApi, id: bigint) =>
    queryOptions({
      queryKey: [...petQueries.all(api), 'detail', id.toString()],
      queryFn: ({ signal }) => getPet(api, id, signal),
    }),
};

/** A pet already on screen in some loaded list, to show at once while its detail loads. */
export function findCachedPet(queryClient: QueryClient, api: PetstoreApi, id: bigint): Pet | undefined {
  for (const [, data] of queryClient.getQueriesData<PetPage | PetPage[]>({ queryKey: petQueries.lists(api) })) {
    for (const page of Array.isArray(data) ? data : data ? [data] : []) {
      const pet = page.pets.find((candidate) => candidate.id === id);
      if (pet) return pet;
    }
  }
  return undefined;
}
