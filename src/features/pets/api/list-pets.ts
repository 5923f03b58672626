import { nextCursor, type PetstoreApi } from '../../../api/client.ts';
import { readPets, type Pet, type PetStatus } from '../pet.ts';

export interface PetPage {
  pets: Pet[];
  /** The `cursor` of the service's `Link: rel="next"` target, when it offered one. */
  nextCursor: string | undefined;
  /**
   * The first rows of a longer page of the same list, shown while this page is read: the rows are
   * this page's, its next cursor is not known yet.
   */
  cutFromLonger?: true;
}

/** `GET /pets` (listPets), one page. */
export async function listPets(
  api: PetstoreApi,
  { status, limit, cursor }: { status?: PetStatus | undefined; limit?: number; cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<PetPage> {
  const answer = await api.pets.GET('/pets', { params: { query: { limit, status, cursor } }, signal });
  return { pets: api.read(answer, readPets), nextCursor: nextCursor(answer.response) };
}

const MAX_SCAN_PAGES = 200;

/**
 * Looks one pet up through `GET /pets` alone (status by status, 100 at a time, following `next`
 * links): what keeps the detail view working once the deprecated `getPet` is gone.
 */
export async function findPetInLists(
  api: PetstoreApi,
  id: bigint,
  statuses: readonly PetStatus[],
  signal?: AbortSignal,
) {
  const scans = statuses.map(async (status) => {
    let cursor: string | undefined;
    const seen = new Set<string>();
    for (let pages = 0; pages < MAX_SCAN_PAGES; pages++) {
      const page = await listPets(api, { status, limit: 100, cursor }, signal);
      const pet = page.pets.find((candidate) => candidate.id === id);
      if (pet) return pet;
      if (!page.nextCursor || seen.has(page.nextCursor)) return undefined;
      seen.add(page.nextCursor);
      cursor = page.nextCursor;
    }
    return undefined;
  });
  for (const pet of await Promise.all(scans)) if (pet) return pet;
  return undefined;
}
