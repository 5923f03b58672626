import {
  experimental_streamedQuery as streamedQuery,
  queryOptions,
  type Query,
  type QueryClient,
  type QueryFunction,
  type QueryFunctionContext,
} from '@tanstack/react-query';
import { isApiError } from '../../../api/api-error.ts';
import type { PetstoreApi } from '../../../api/client.ts';
import { currentLink, type PetListSearch } from '../list-search.ts';
import type { NewPet, Pet, PetStatus } from '../pet.ts';
import { getPet } from './get-pet.ts';
import {
  listPets,
  lookForPet,
  readEveryPet,
  type EveryPetPage,
  type PagesRead,
  type PetPage,
  type PetPageRequest,
} from './list-pets.ts';

// One cut per page shown and size asked for, one mark per page of another list: the placeholder is
// asked for on every render, and the rows must stay the same array for the table to see that they
// have not changed.
const cuts = new WeakMap<PetPage, Map<number, PetPage>>();
const others = new WeakMap<PetPage, PetPage>();

/**
 * What a page shows while it is read: the rows that were on screen. When they are a longer page of
 * the same list from the same place (the page size went down), this page's rows are their first
 * ones: they are shown as this page's, and only the way to the next page waits for the service.
 * Rows of another status are marked so: should this page fail, they are not its rows to keep on
 * screen. (Another page of the same list keeps its rows and its pager, where the focus may be.)
 */
function pagePlaceholder(
  request: PetPageRequest,
  previous: PetPage | undefined,
  previousKey: readonly unknown[] | undefined,
): PetPage | undefined {
  const before = previousKey?.at(-1) as PetPageRequest | undefined;
  if (!previous || !before) return previous;
  if (before.status !== request.status) {
    let other = others.get(previous);
    if (!other) others.set(previous, (other = { ...previous, ofAnotherStatus: true }));
    return other;
  }
  const longer =
    before.link === request.link &&
    before.limit > request.limit &&
    (previous.pets.length >= request.limit || !previous.nextLink);
  if (!longer) return previous;
  const byLimit = cuts.get(previous) ?? new Map<number, PetPage>();
  cuts.set(previous, byLimit);
  let cut = byLimit.get(request.limit);
  if (!cut) {
    cut = { pets: previous.pets.slice(0, request.limit), nextLink: undefined, cutFromLonger: true };
    byLimit.set(request.limit, cut);
  }
  return cut;
}

/** A search's reading that has not reached its end: the pages read, and whether they are on screen. */
interface UnfinishedScan {
  pages: PagesRead;
  /** Its pages went to the cache as they came (the search's first reading), not only at its end. */
  shown: boolean;
}
// By the search's query (React Query's `Query`, whose type differs with what it holds).
const unfinishedScans = new WeakMap<object, UnfinishedScan>();

/**
 * What a search reads: every pet (`readEveryPet`), with the pages read kept until the reading reaches
 * its end. Tried again after a failure (a 429 part of the way through, a 5xx), by itself or by Try
 * again, after Stop by Search the rest, or on the list's return to the screen, a search goes on from
 * the page it had reached: reading from the first page again, it would be turned away at the same
 * page each time by a service that allows fewer requests a minute than the list has pages. Where no
 * page was on screen when it began (a search's first reading), each page is added as it comes; a
 * refresh writes its pages when it ends, and the pages of before are searched meanwhile. A search
 * read to its end, failed for a reason waiting cannot fix, or made stale by a new pet (`forgetScans`)
 * reads every page anew.
 */
function scanQueryFn(api: PetstoreApi, status: PetStatus | undefined): QueryFunction<EveryPetPage[]> {
  const read = (query: Query | undefined, scan: UnfinishedScan, shownPages: number) =>
    async function* ({ signal }: QueryFunctionContext) {
      // This reading's pages, not those of one begun since.
      const forget = () => query && unfinishedScans.get(query) === scan && unfinishedScans.delete(query);
      let index = 0;
      try {
        for await (const page of readEveryPet(api, status, signal, scan.pages)) if (index++ >= shownPages) yield page;
      } catch (error) {
        // Tried again only when asked, and then from the first page.
        if (!signal.aborted && !(isApiError(error) && error.isTransient)) forget();
        throw error;
      }
      forget();
    };
  return (context) => {
    const query = context.client.getQueryCache().find({ queryKey: context.queryKey, exact: true });
    let scan = query && unfinishedScans.get(query);
    if (!scan) {
      scan = { pages: new Map(), shown: query?.state.data === undefined };
      if (query) unfinishedScans.set(query, scan);
    }
    const shownPages = scan.shown ? ((query?.state.data as EveryPetPage[] | undefined)?.length ?? 0) : 0;
    return streamedQuery({ streamFn: read(query, scan, shownPages), refetchMode: scan.shown ? 'append' : 'replace' })(
      context,
    );
  };
}

/** The lists are to be read anew: a search not read to its end starts again from the first page. */
function forgetScans(queryClient: QueryClient, api: PetstoreApi, { exceptUnderWay = false } = {}) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: petQueries.lists(api) }))
    if (!exceptUnderWay || query.state.fetchStatus === 'idle') unfinishedScans.delete(query);
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
  /** The page a list's address names: what the list's route loads and its screen shows. */
  list: (api: PetstoreApi, search: PetListSearch) =>
    petQueries.page(api, { status: search.status, limit: search.limit, link: currentLink(search) }),
  /** What a search looks through: the pages read so far, kept while a refresh reads them again (`scanQueryFn`). */
  scan: (api: PetstoreApi, status: PetStatus | undefined) =>
    queryOptions({
      queryKey: [...petQueries.lists(api), 'scan', status ?? 'all'],
      queryFn: scanQueryFn(api, status),
      // Every page again, up to 10,000 pets, each time the window comes back: a search typed reads
      // anew instead, once what was read is stale (use-pet-search.ts).
      refetchOnWindowFocus: false,
      // A search left before its end (its screen gone, React Query called it off) goes on when the
      // list is back, fresh or not: what it read so far is not all there is.
      refetchOnMount: (query) => (unfinishedScans.has(query) ? 'always' : true),
    }),
  /** Pets of a status with this very name and category: was a pet whose answer was lost added after all? */
  lookFor: (api: PetstoreApi, { name, categoryId, status }: NewPet) =>
    queryOptions({
      queryKey: [...petQueries.all(api), 'look-for', status ?? 'all', name, categoryId.toString()],
      queryFn: ({ signal }) => lookForPet(api, { name, categoryId, status }, signal),
      // Always read anew: the answer is about now.
      staleTime: 0,
      gcTime: 0,
    }),
  detail: (api: PetstoreApi, id: bigint) =>
    queryOptions({
      queryKey: [...petQueries.all(api), 'detail', id.toString()],
      queryFn: ({ signal }) => getPet(api, id, signal),
    }),
};

/**
 * A pet the service has just added: its page shows it at once, and every list is read anew. The
 * lists are not awaited: while they cannot be read their refetch keeps trying, and nothing need wait.
 * A read under way may have left before the pet was added (back online, the list's read and the
 * kept pet's send go at once). The invalidation starts again one whose list has rows already, but
 * waits for one with none yet, and would show it without the pet: such a read is called off first.
 */
export function petAdded(queryClient: QueryClient, api: PetstoreApi, pet: Pet) {
  queryClient.setQueryData(petQueries.detail(api, pet.id).queryKey, pet);
  const lists = { queryKey: petQueries.lists(api) };
  forgetScans(queryClient, api);
  void queryClient
    .cancelQueries({ ...lists, predicate: (query) => query.state.data === undefined })
    .then(() => queryClient.invalidateQueries(lists));
}

/**
 * A pet whose answer was lost, found in the service by a look: the lists on screen were most likely
 * read before it was added, and are read anew. A read under way goes on: it began later, most likely.
 */
export function petFound(queryClient: QueryClient, api: PetstoreApi) {
  forgetScans(queryClient, api, { exceptUnderWay: true });
  void queryClient.invalidateQueries({ queryKey: petQueries.lists(api) }, { cancelRefetch: false });
}

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
