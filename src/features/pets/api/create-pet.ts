import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, type PetstoreApi } from '../../../app/api-context.ts';
import { readPet, type NewPet, type Pet } from '../pet.ts';
import { petQueries } from './pet-queries.ts';

/** `POST /pets` (createPet). */
export async function createPet(api: PetstoreApi, pet: NewPet): Promise<Pet> {
  const { data } = await api.client.request(`${api.environment.apiBaseUrl}/pets`, {
    method: 'POST',
    body: pet,
    read: readPet,
  });
  return data;
}

export function useCreatePet() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pet: NewPet) => createPet(api, pet),
    onSuccess: async (pet) => {
      queryClient.setQueryData(petQueries.detail(api, pet.id).queryKey, pet);
      await queryClient.invalidateQueries({ queryKey: petQueries.lists(api) });
    },
  });
}
