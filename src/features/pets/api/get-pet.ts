import { isApiError } from '../../../api/api-error.ts';
import { readBody, type PetstoreApi } from '../../../api/client.ts';
import { readPet, type Pet } from '../pet.ts';
import { findPetInLists } from './list-pets.ts';

// Answers of a service on which getPet is gone or was never built.
const GET_PET_UNAVAILABLE = new Set([404, 405, 410, 501]);

/**
 * `GET /pets/{petId}` (getPet, deprecated: removed on 5 December 2030), falling back to the
 * replacement the spec names, `GET /pets` (by status, and unfiltered). Resolves to null when the pet does not exist.
 */
export async function getPet(api: PetstoreApi, id: bigint, signal?: AbortSignal): Promise<Pet | null> {
  try {
    const answer = await api.pets.GET('/pets/{petId}', { params: { path: { petId: id } }, signal, parseAs: 'text' });
    return readBody(answer, readPet);
  } catch (error) {
    if (!isApiError(error) || !GET_PET_UNAVAILABLE.has(error.status)) throw error;
  }
  return (await findPetInLists(api, id, signal)) ?? null;
}
