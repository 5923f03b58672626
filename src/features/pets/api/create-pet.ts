import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.ts';
import type { PetstoreApi } from '../../../api/client.ts';
import { readPet, type NewPet, type Pet } from '../pet.ts';
import { petQueries } from './pet-queries.ts';

/** `POST /pets` (createPet). */
async function createPet(api: PetstoreApi, pet: NewPet): Promise<Pet> {
  return api.read(await api.pets.POST('/pets', { body: pet, parseAs: 'text' }), readPet);
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
