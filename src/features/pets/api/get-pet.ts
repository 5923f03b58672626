import { isApiError } from '../../../api/api-error.ts';
import { readBody, type PetstoreApi } from '../../../api/client.ts';
import { readPet, type Pet } from '../pet.ts';
import { findPetInLists } from './list-pets.ts';

// Answers of a service on which getPet is gone or was never built.
const GET_PET_UNAVAILABLE = new Set([404, 405, 410, 501]);

/** The day the spec removes getPet: until then, its 404 is the interface's word that no pet has the id. */
const GET_PET_REMOVED_ON = Date.UTC(2030, 11, 5);

/** No pet with the id among those the service's lists could be read through: it may be further on. */
export interface NotReached {
  notReached: true;
}

/** What `getPet` found: the pet, none (null), or none as far as the lists could be read. */
export type PetAnswer = Pet | null | NotReached;

export const isNotReached = (answer: PetAnswer | undefined): answer is NotReached =>
  answer != null && 'notReached' in answer;

/**
 * `GET /pets/{petId}` (getPet, deprecated: removed on 5 December 2030), falling back to the
 * replacement the spec names, `GET /pets` (by status, and unfiltered).
 */
export async function getPet(api: PetstoreApi, id: bigint, signal?: AbortSignal): Promise<PetAnswer> {
  let saidNone: boolean;
  try {
    const answer = await api.pets.GET('/pets/{petId}', { params: { path: { petId: id } }, signal, parseAs: 'text' });
    return readBody(answer, readPet);
  } catch (error) {
    if (!isApiError(error) || !GET_PET_UNAVAILABLE.has(error.status)) throw error;
    saidNone = error.status === 404 && Date.now() < GET_PET_REMOVED_ON;
  }
  // Still looked up: a service may have taken getPet away early, answering 404. A list that fails
  // then takes nothing from the 404's word.
  const { pet, everyPet } = await findPetInLists(api, id, signal).catch((error: unknown) => {
    if (!saidNone || signal?.aborted) throw error;
    return { pet: undefined, everyPet: false };
  });
  return pet ?? (saidNone || everyPet ? null : { notReached: true });
}
