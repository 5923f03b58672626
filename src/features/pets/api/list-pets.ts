import { PAGE_SIZE_MAX } from '../../../../contract/limits.ts';
import { readBody, type PetstoreApi } from '../../../api/client.ts';
import { nextLink } from '../../../api/links.ts';
import { PET_STATUSES, readPets, type NewPet, type Pet, type PetStatus } from '../pet.ts';

export interface PetPage {
  pets: Pet[];
  /** The service's `Link: rel="next"` target, relative to the API's base, when it offered one. */
  nextLink: string | undefined;
  /**
   * The first rows of a longer page of the same list, shown while this page is read: the rows are
   * this page's, its next link is not known yet.
   */
  cutFromLonger?: true;
  /** The rows of another status's list, shown while this page is read. */
  ofAnotherStatus?: true;
}

/** Which page of `GET /pets`: the first of a status and size, or the one a `next` link leads to. */
export interface PetPageRequest {
  status: PetStatus | undefined;
  limit: number;
  /** The `next` link that leads to this page (it holds status and size as the service wrote them). */
  link: string | undefined;
}

/** `GET /pets` (listPets), one page. */
export async function listPets(
  api: PetstoreApi,
  { status, limit, link }: PetPageRequest,
  signal?: AbortSignal,
): Promise<PetPage> {
  const answer = link
    ? await api.follow(link, { signal })
    : await api.pets.GET('/pets', { params: { query: { limit, status } }, signal, parseAs: 'text' });
  return { pets: readBody(answer, readPets), nextLink: nextLink(answer.response, api.environment.apiBaseUrl) };
}

/** What keeps the service from answering a read now (the cheapest, `GET /pets?limit=1`): none once it answers. */
export const readFailure = (api: PetstoreApi): Promise<{ error: unknown } | undefined> =>
  api.pets.GET('/pets', { params: { query: { limit: 1 } }, parseAs: 'text' }).then(
    () => undefined,
    (error: unknown) => ({ error }),
  );

/** Whether the service answers a read now. */
export const answersReads = async (api: PetstoreApi): Promise<boolean> => (await readFailure(api)) === undefined;

/**
 * Every page of a list, following the service's `next` links, until there are no more or the caller
 * stops reading; a link seen twice ends it (a service going round in circles).
 */
async function* walkPets(
  api: PetstoreApi,
  first: Omit<PetPageRequest, 'link'>,
  signal?: AbortSignal,
  readPage = (request: PetPageRequest) => listPets(api, request, signal),
): AsyncGenerator<PetPage & { index: number }> {
  const seen = new Set<string>();
  let link: string | undefined;
  for (let index = 0; ; index++) {
    const page = await readPage({ ...first, link });
    yield { ...page, index };
    if (!page.nextLink || seen.has(page.nextLink)) return;
    seen.add((link = page.nextLink));
  }
}

const MAX_SCAN_PAGES = 200;
/**
 * Where a pet may be listed: the whole list (the only one with a pet that has no status), and each
 * status, which reaches further into a service that offers no next links.
 */
const LISTS = [undefined, ...PET_STATUSES];

/** A page of `readEveryPet`: the pets an earlier page had are left out. */
export interface EveryPetPage extends PetPage {
  /**
   * What is read is only the first pages of the service's lists, which offer no way past them: this
   * page is a full first page with no `next` link, or holds pets of a status that the whole list's
   * first page, read to its end, did not have.
   */
  firstPagesOnly: boolean;
}

/** How many pets the search and the export read at most, before they say how far they got. */
export const READ_LIMIT = 10_000;

/**
 * The service's pages a reading of every pet has read, by request: given to a reading that goes on
 * after a failure, which takes them from here instead of asking for them again.
 */
export type PagesRead = Map<string, PetPage>;

/**
 * Every pet the service lists, page by page as they arrive, as many at a time as the spec allows,
 * following its `next` links, up to READ_LIMIT pets or for as long as the caller reads on. Without a
 * status, the whole list (the only one with the pets that have no status); where it ends on its
 * first page, with no way past it, each status's pages after it: `limit` is only a maximum, and a
 * service that lists fewer pets than asked may still list the rest by status. What the search and
 * the export read. Pages in `pagesRead` are not asked for; those asked for are put there.
 */
export async function* readEveryPet(
  api: PetstoreApi,
  status: PetStatus | undefined,
  signal: AbortSignal,
  pagesRead?: PagesRead,
): AsyncGenerator<EveryPetPage> {
  const readPage = async (request: PetPageRequest) => {
    const key = JSON.stringify([request.status, request.limit, request.link]);
    const page = pagesRead?.get(key) ?? (await listPets(api, request, signal));
    pagesRead?.set(key, page);
    return page;
  };
  const seen = new Set<bigint>();
  for (const list of status ? [status] : LISTS) {
    let firstPageOnly = false;
    for await (const page of walkPets(api, { status: list, limit: PAGE_SIZE_MAX }, signal, readPage)) {
      firstPageOnly = page.index === 0 && !page.nextLink;
      const pets = page.pets.filter((pet) => !seen.has(pet.id));
      for (const pet of pets) seen.add(pet.id);
      const full = firstPageOnly && page.pets.length === PAGE_SIZE_MAX;
      // After the whole list, a status's pets it did not have: it was cut short.
      const beyondWhole = status === undefined && list !== undefined && pets.length > 0;
      yield { pets, nextLink: page.nextLink, firstPagesOnly: full || beyondWhole };
      if (seen.size >= READ_LIMIT) return;
    }
    // The whole list read to its end, or empty, had every pet; its first page alone may not have.
    if (list === undefined && (!firstPageOnly || seen.size === 0)) return;
  }
}

/** What a look through the lists for one pet found. */
export interface ListedPet {
  pet: Pet | undefined;
  /**
   * The whole list was read to its end (its next links followed, or nothing in it): a pet it did not
   * have is not in the store. A first page with no way past it may be all the service lists, or not.
   */
  everyPet: boolean;
}

/**
 * Looks one pet up through `GET /pets` alone (every list at once, PAGE_SIZE_MAX at a time, following `next`
 * links): what keeps the detail view working once the deprecated `getPet` is gone. Stops reading the
 * other lists as soon as one has the pet.
 */
export async function findPetInLists(api: PetstoreApi, id: bigint, signal?: AbortSignal): Promise<ListedPet> {
  const found = new AbortController();
  const scanSignal = signal ? AbortSignal.any([signal, found.signal]) : found.signal;
  let everyPet = false;
  const scan = async (status: PetStatus | undefined) => {
    for await (const page of walkPets(api, { status, limit: PAGE_SIZE_MAX }, scanSignal)) {
      const pet = page.pets.find((candidate) => candidate.id === id);
      if (pet) found.abort();
      if (status === undefined && !page.nextLink) everyPet = page.index > 0 || page.pets.length === 0;
      if (pet || page.index + 1 >= MAX_SCAN_PAGES) return pet;
    }
    return undefined;
  };
  const scans = await Promise.allSettled(LISTS.map(scan));
  for (const scan of scans) if (scan.status === 'fulfilled' && scan.value) return { pet: scan.value, everyPet: true };
  signal?.throwIfAborted();
  // The whole list read to its end answers alone: a status's list that failed has nothing more.
  if (!everyPet) for (const scan of scans) if (scan.status === 'rejected') throw scan.reason;
  return { pet: undefined, everyPet };
}

/** How many pets a look for one pet reads at most. */
export const LOOKUP_LIMIT = 1000;

/** What looking for one pet found: the pets like it, and how far the look got. */
export interface Lookup {
  matches: Pet[];
  lookedThrough: number;
  /** Every pet of the list was looked at: no match means the pet is not there. */
  complete: boolean;
}

/**
 * Whether the service pages its lists: the whole list's first page points further on. Then a list's
 * first page with no `next` link is all of that list; elsewhere it may be all the service lists, as
 * `limit` is only a maximum. An empty whole list is an empty store. False when it cannot be read.
 */
async function listsEndWhereTheySay(api: PetstoreApi, signal?: AbortSignal): Promise<boolean> {
  try {
    const page = await listPets(api, { status: undefined, limit: PAGE_SIZE_MAX, link: undefined }, signal);
    return page.nextLink !== undefined || page.pets.length === 0;
  } catch {
    // Not known, so not taken for the whole list: the look says the pet may be further on.
    return false;
  }
}

/**
 * The pets of `pet`'s status with its very name and category: after a create whose answer was lost,
 * whether it was added. Reads the list as the service pages it, up to LOOKUP_LIMIT pets.
 */
export async function lookForPet(api: PetstoreApi, pet: NewPet, signal?: AbortSignal): Promise<Lookup> {
  const matches: Pet[] = [];
  let lookedThrough = 0;
  for await (const page of walkPets(api, { status: pet.status, limit: PAGE_SIZE_MAX }, signal)) {
    lookedThrough += page.pets.length;
    matches.push(
      ...page.pets.filter((candidate) => candidate.name === pet.name && candidate.categoryId === pet.categoryId),
    );
    if (page.nextLink && lookedThrough >= LOOKUP_LIMIT) return { matches, lookedThrough, complete: false };
    if (page.nextLink) continue;
    // The end of the next links followed is the end of the list, and a match answers the look already.
    // A first page with no way past it is its list's whole when the lists end where they say (see
    // listsEndWhereTheySay), unless it is full: a service may cut a status's list at `limit`.
    const complete =
      page.index > 0 ||
      matches.length > 0 ||
      (page.pets.length < PAGE_SIZE_MAX &&
        (pet.status === undefined ? page.pets.length === 0 : await listsEndWhereTheySay(api, signal)));
    return { matches, lookedThrough, complete };
  }
  return { matches, lookedThrough, complete: false };
}
