import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/api-context.ts';
import type { PetstoreApi } from '../../../api/client.ts';
import { sessionValue } from '../../../lib/session.ts';
import { readPet, type NewPet, type Pet } from '../pet.ts';
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
 * add it twice (a service that ignores the header is no worse off).
 */
function idempotencyKey(pet: NewPet): string {
  const identity = [pet.name, pet.categoryId, pet.status].join('\n');
  const kept = attempt.load();
  if (kept?.pet === identity) return kept.key;
  const key = randomKey();
  attempt.save({ pet: identity, key });
  return key;
}

/** `POST /pets` (createPet). */
async function createPet(api: PetstoreApi, pet: NewPet): Promise<Pet> {
  const answer = await api.pets.POST('/pets', {
    body: pet,
    headers: { 'Idempotency-Key': idempotencyKey(pet) },
  });
  attempt.clear();
  return api.read(answer, readPet);
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
