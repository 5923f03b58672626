import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { PetstoreApi } from '../../../api/client.ts';
import type { PetListSearch } from '../list-search.ts';
import type { Pet } from '../pet.ts';
import { getPet } from './get-pet.ts';
import { listPets, type PetPage } from './list-pets.ts';

// Keys hold the environment, since the fetchers read its address; ids are keyed as text because
// query keys are hashed as JSON, which has no bigint.
export const petQueries = {
  all: (api: PetstoreApi) => ['pets', api.environment.name] as const,
  lists: (api: PetstoreApi) => [...petQueries.all(api), 'list'] as const,
  list: (api: PetstoreApi, search: PetListSearch) =>
    queryOptions({
      queryKey: [...petQueries.lists(api), search],
      queryFn: ({ signal }) => listPets(api, search, signal),
      // The previous rows stay on screen while the next filter or page loads.
      placeholderData: keepPreviousData,
    }),
  detail: (api: PetstoreApi, id: bigint) =>
    queryOptions({
      queryKey: [...petQueries.all(api), 'detail', id.toString()],
      queryFn: ({ signal }) => getPet(api, id, signal),
    }),
};

/** A pet already on screen in some loaded list, to show at once while its detail loads. */
export function findCachedPet(queryClient: QueryClient, api: PetstoreApi, id: bigint): Pet | undefined {
  for (const [, page] of queryClient.getQueriesData<PetPage>({ queryKey: petQueries.lists(api) })) {
    const pet = page?.pets.find((candidate) => candidate.id === id);
    if (pet) return pet;
  }
  return undefined;
}
