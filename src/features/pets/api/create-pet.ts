import { onlineManager, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/api-context.ts';
import { isApiError } from '../../../api/api-error.ts';
import { jsonCodec } from '../../../../contract/json.ts';
import { newIdempotencyKey, readBody, type PetstoreApi } from '../../../api/client.ts';
import { offers } from '../../../config/config.ts';
import { sessionStore, sessionValue } from '../../../lib/session.ts';
import { petFormDraft, unansweredPet } from '../add-pet-draft.ts';
import { CREATE_PET } from '../left-create.ts';
import { readPet, type NewPet, type Pet } from '../pet.ts';
import { petQueue, type QueuedPet } from '../pet-queue.ts';
import { answersReads } from './list-pets.ts';
import { petAdded } from './pet-queries.ts';

/**
 * `POST /pets` (createPet), with the `Idempotency-Key` given where the environment offers them
 * (the transport drops it elsewhere): sent again with the same key, the pet is never added twice.
 */
export async function createPet(api: PetstoreApi, pet: NewPet, idempotencyKey?: string): Promise<Pet> {
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};
  return readBody(await api.pets.POST('/pets', { body: pet, headers, parseAs: 'text' }), readPet);
}

const json = jsonCodec();

/**
 * The `Idempotency-Key` of the pet the form is adding, kept across a reload until it is added: the
 * same pet sent again (the same values, as sent) carries the same key, another pet a new one.
 */
const formAttempt = sessionValue(
  'add-pet-attempt',
  (value): value is { body: string; key: string } =>
    typeof (value as { body?: unknown } | null)?.body === 'string' &&
    typeof (value as { key?: unknown }).key === 'string',
);

function attemptKey(pet: NewPet): string {
  const body = json.stringify(pet);
  const kept = formAttempt.load();
  if (kept?.body === body) return kept.key;
  const key = newIdempotencyKey();
  formAttempt.save({ body, key });
  return key;
}

/**
 * Creates whose answer never came, in a row (none, when the last one's came but could not be read),
 * and whether the service answered a read meanwhile.
 */
export interface LostAnswers {
  inARow: number;
  /** The same service answered a read right after the last one: it is up, and reads get through. */
  readsAnswer: boolean;
}

/** What became of a pet the form sent: added, or kept in this tab until the service answers. */
export type CreateOutcome = { added: Pet; queued?: never } | { queued: QueuedPet; added?: never };

export function useCreatePet() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [lostAnswers, setLostAnswers] = useState<LostAnswers>();
  const idempotent = offers(api.environment, 'idempotency-key');
  const mutation = useMutation({
    mutationKey: CREATE_PET,
    mutationFn: async (pet: NewPet): Promise<CreateOutcome> => {
      // What is kept of the pet is its sender's: an answer may come once someone else is signed in.
      const owner = sessionStore.get().session?.owner;
      /** The pet is dealt with (added, or the queue's now): the form's draft of it goes. */
      const done = () => {
        formAttempt.clear();
        unansweredPet.clear(owner);
        if (owner) petFormDraft.of(owner).clear();
      };
      // The browser said it went offline (React Query's onlineManager follows its events): nothing is
      // sent, the pet waits in this tab.
      if (!onlineManager.isOnline()) {
        // With the key a lost send of the same pet carried: the queue sends it from now on.
        const idempotencyKey = idempotent ? attemptKey(pet) : undefined;
        done();
        return { queued: petQueue.add(pet, { state: 'waiting', idempotencyKey }) };
      }
      const key = idempotent ? attemptKey(pet) : undefined;
      // Without a key, a pet sent whose answer is never read may have been added: the form says so.
      if (!key) unansweredPet.keep(pet);
      try {
        const added = await createPet(api, pet, key);
        done();
        return { added };
      } catch (error) {
        if (isApiError(error) && error.mayHaveBeenDone) {
          // Only a request that got no answer at all may have been refused by the browser itself.
          const readsAnswer = error.kind === 'network' && (await answersReads(api));
          if (error.kind === 'network' && !readsAnswer) {
            // The service cannot be reached at all. With a key, sending again cannot add it twice; without
            // one, the browser cannot tell a connection refused from one dropped after the pet arrived.
            // The key goes with the pet to the queue, which sends it from now on; the form's next
            // create gets a new one.
            done();
            const apiKey = sessionStore.keyPrint();
            const sentWith = key && apiKey ? { apiKey, at: Date.now() } : undefined;
            return {
              queued: petQueue.add(
                pet,
                key ? { state: 'waiting', idempotencyKey: key, sentWith } : { state: 'lost', lostBy: 'network' },
              ),
            };
          }
          unansweredPet.lost(owner, error.kind);
          // An answer that came, unreadable, ends a run of no answers: it got through.
          setLostAnswers((before) => ({
            inARow: error.kind === 'invalid-response' ? 0 : (before?.inARow ?? 0) + 1,
            readsAnswer,
          }));
        } else {
          // An answer was read: the pet was not added.
          unansweredPet.clear(owner);
          setLostAnswers(undefined);
        }
        throw error;
      }
    },
    onSuccess: ({ added }) => {
      setLostAnswers(undefined);
      if (!added) return;
      petAdded(queryClient, api, added);
    },
  });
  /**
   * The person found the pet whose answer was lost: the lost answers before it no longer count, and
   * a pet of the same values sent next is another pet, with a key of its own.
   */
  const forgetLostAnswers = () => {
    setLostAnswers(undefined);
    formAttempt.clear();
    unansweredPet.clear();
  };
  return { mutation, lostAnswers, idempotent, forgetLostAnswers };
}
