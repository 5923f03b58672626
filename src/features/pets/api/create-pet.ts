import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/api-context.ts';
import { isApiError } from '../../../api/api-error.ts';
import { readBody, type PetstoreApi } from '../../../api/client.ts';
import { offers } from '../../../config/config.ts';
import { readPet, type NewPet, type Pet } from '../pet.ts';
import { answersReads } from './list-pets.ts';
import { petQueries } from './pet-queries.ts';

/**
 * `POST /pets` (createPet). Where the environment offers idempotency keys, the transport sends one
 * (src/api/client.ts), and sending the same pet again can never add it twice.
 */
async function createPet(api: PetstoreApi, pet: NewPet): Promise<Pet> {
  return readBody(await api.pets.POST('/pets', { body: pet, parseAs: 'text' }), readPet);
}

/** Creates whose answer never came, in a row, and whether the service answered a read meanwhile. */
export interface LostAnswers {
  inARow: number;
  /** The same service answered a read right after the last one: it is up, and reads get through. */
  readsAnswer: boolean;
}

export function useCreatePet() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [lostAnswers, setLostAnswers] = useState<LostAnswers>();
  const mutation = useMutation({
    mutationFn: async (pet: NewPet) => {
      try {
        return await createPet(api, pet);
      } catch (error) {
        if (isApiError(error) && error.outcomeUnknown) {
          // Only a request that got no answer at all may have been refused by the browser itself.
          const readsAnswer = error.kind === 'network' && (await answersReads(api));
          setLostAnswers((before) => ({ inARow: (before?.inARow ?? 0) + 1, readsAnswer }));
        } else {
          setLostAnswers(undefined);
        }
        throw error;
      }
    },
    onSuccess: async (pet) => {
      setLostAnswers(undefined);
      queryClient.setQueryData(petQueries.detail(api, pet.id).queryKey, pet);
      await queryClient.invalidateQueries({ queryKey: petQueries.lists(api) });
    },
  });
  return { mutation, lostAnswers, idempotent: offers(api.environment, 'idempotency-key') };
}
