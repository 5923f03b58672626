import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/api-context.ts';
import { isApiError } from '../../../api/api-error.ts';
import type { PetstoreApi } from '../../../api/client.ts';
import { offers } from '../../../config/config.ts';
import { sessionValue } from '../../../lib/session.ts';
import { readPet, type NewPet, type Pet } from '../pet.ts';
import { answersReads } from './list-pets.ts';
import { petQueries } from './pet-queries.ts';

const attempt = sessionValue(
  'add-pet-attempt',
  (value): value is { pet: string; key: string } =>
    typeof (value as { pet?: unknown } | null)?.pet === 'string' &&
    typeof (value as { key?: unknown }).key === 'string',
);

function randomKey(): string {
  // getRandomValues works on plain http too, where crypto.randomUUID does not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of this pet: the same one until it is added, kept across a reload, a new one
 * for other values. Sending the same pet again after a timeout or a dropped connection can then never
 * add it twice.
 */
function idempotencyKey(pet: NewPet): string {
  const identity = [pet.name, pet.categoryId, pet.status].join('\n');
  const kept = attempt.load();
  if (kept?.pet === identity) return kept.key;
  const key = randomKey();
  attempt.save({ pet: identity, key });
  return key;
}

/**
 * `POST /pets` (createPet). The `Idempotency-Key` goes only to a service that offers it: one built
 * to the spec alone may not allow the header, and the browser would then not send the request.
 */
async function createPet(api: PetstoreApi, pet: NewPet): Promise<Pet> {
  const idempotent = offers(api.environment, 'idempotency-key');
  const answer = await api.pets.POST('/pets', {
    body: pet,
    ...(idempotent && { headers: { 'Idempotency-Key': idempotencyKey(pet) } }),
  });
  attempt.clear();
  return api.read(answer, readPet);
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
