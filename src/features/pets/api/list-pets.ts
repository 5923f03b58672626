import { nextLink, type ApiResponse } from '../../../api/client.ts';
import type { PetstoreApi } from '../../../app/api-context.ts';
import type { PetListSearch } from '../list-search.ts';
import { readPets, type Pet, type PetStatus } from '../pet.ts';

export interface PetPage {
  pets: Pet[];
  /** The `cursor` of the service's `Link: rel="next"` target, when it offered one. */
  nextCursor: string | undefined;
}

export function listPetsUrl(api: PetstoreApi, { status, limit, cursor }: Partial<PetListSearch>): string {
  const params = new URLSearchParams();
  if (limit !== undefined) params.set('limit', String(limit));
  if (status) params.set('status', status);
  if (cursor) params.set('cursor', cursor);
  return `${api.environment.apiBaseUrl}/pets?${params}`;
}

/** `GET /pets` (listPets), one page. */
export async function listPets(api: PetstoreApi, search: PetListSearch, signal?: AbortSignal): Promise<PetPage> {
  const url = listPetsUrl(api, search);
  const { data, headers } = await api.client.request(url, { signal, read: readPets });
  const next = nextLink(headers, url);
  return { pets: data, nextCursor: next ? (new URL(next).searchParams.get('cursor') ?? undefined) : undefined };
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
    let url: string | undefined = listPetsUrl(api, { status, limit: 100 });
    const seen = new Set<string>();
    while (url && !seen.has(url) && seen.size < MAX_SCAN_PAGES) {
      seen.add(url);
      const response: ApiResponse<Pet[]> = await api.client.request(url, { signal, read: readPets });
      const pet = response.data.find((candidate) => candidate.id === id);
      if (pet) return pet;
      url = nextLink(response.headers, url);
    }
    return undefined;
  });
  for (const pet of await Promise.all(scans)) if (pet) return pet;
  return undefined;
}
