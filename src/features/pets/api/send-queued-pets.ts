import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from '../../../../contract/limits.ts';
import { useApi } from '../../../api/api-context.ts';
import { isApiError } from '../../../api/api-error.ts';
import { newIdempotencyKey, type PetstoreApi } from '../../../api/client.ts';
import { offers, type Environment } from '../../../config/config.ts';
import { sessionStore } from '../../../lib/session.ts';
import { describeError } from '../../../ui/error-messages.ts';
import { toNewPet } from '../pet-form-schema.ts';
import { petQueue, runPetQueue, type QueuedPet, type SendOutcome } from '../pet-queue.ts';
import { createPet } from './create-pet.ts';
import { readFailure } from './list-pets.ts';
import { petAdded } from './pet-queries.ts';

/** Whether a try was refused by the page's own Content-Security-Policy, as the queue keeps it. */
const blockedByPage = (error: unknown) => (isApiError(error) && error.kind === 'blocked') || undefined;

/** Whether the service may no longer know an idempotency key first sent as `sentWith` says. */
const forgotten = (sentWith: NonNullable<QueuedPet['sentWith']>) =>
  sentWith.apiKey !== sessionStore.keyPrint() || Date.now() - sentWith.at >= IDEMPOTENCY_KEY_LIFETIME_MS;

/** Whether Send again goes with the key the service still knows, so that it cannot add the pet twice. */
export const sendsAgainSafely = (environment: Environment, entry: QueuedPet) =>
  offers(environment, 'idempotency-key') &&
  Boolean(entry.idempotencyKey && entry.sentWith && !forgotten(entry.sentWith));

/**
 * The person's Send again, for a pet that may have been added: it goes once more. With the
 * idempotency key it was sent with while the service still knows it (it then adds the pet once);
 * otherwise with a new one, as the person has chosen to risk a second pet over none.
 */
export function sendAgain(entry: QueuedPet) {
  const known = entry.sentWith && !forgotten(entry.sentWith);
  petQueue.update(entry.id, {
    state: 'waiting',
    lostBy: undefined,
    unreadable: undefined,
    blocked: undefined,
    ...(entry.idempotencyKey && !known && { idempotencyKey: newIdempotencyKey(), sentWith: undefined }),
  });
}

/**
 * Sends one pet of the queue. With an idempotency key, the same key every time: a send whose
 * answer was lost is sent again, and the service adds the pet once. Without one, a send goes only
 * to a service that answers a read just before (so a service that cannot be reached is never sent
 * anything), and a send whose answer is lost is left for the person to decide
 * (docs/decisions/0009-offline-queue-in-session-storage.md).
 */
export async function sendQueuedPet(
  api: PetstoreApi,
  queryClient: QueryClient,
  entry: QueuedPet,
): Promise<SendOutcome> {
  const key = offers(api.environment, 'idempotency-key') ? entry.idempotencyKey : undefined;
  // Taken before anything is awaited: it can no longer be discarded, nor sent by another sender.
  if (!petQueue.claim(entry.id)) return 'done';
  // What becomes of it is written to its owner's queue, even once that session has ended.
  const owner = sessionStore.get().session?.owner;
  const update = (change: Parameters<typeof petQueue.update>[1]) => petQueue.update(entry.id, change, owner);
  if (key) {
    const { sentWith } = entry;
    if (sentWith && forgotten(sentWith)) {
      // Sent before with another API key, or too long ago: the service would not know the key, and
      // might add the pet a second time. It may have been added: the person decides.
      update({ state: 'lost', lostBy: 'network', blocked: undefined });
      return 'done';
    }
    if (!sentWith) update({ sentWith: { apiKey: sessionStore.keyPrint() ?? '', at: Date.now() } });
  }
  if (!key) {
    const unread = await readFailure(api);
    if (unread) {
      update({ state: 'waiting', blocked: blockedByPage(unread.error) });
      return 'later';
    }
  }
  try {
    const added = await createPet(api, toNewPet(entry.pet), key);
    petQueue.markSent(entry.id, { name: added.name, id: added.id }, owner);
    petAdded(queryClient, api, added);
    return 'done';
  } catch (error) {
    const failed = isApiError(error) ? error : undefined;
    // 401: the client has asked for a new key, and the person gave up; 429: turned away for now. The
    // pet stays as it was: the service refused it unread, so it knows no idempotency key from this send.
    if (failed?.status === 401 || failed?.status === 429) {
      update({ state: 'waiting', sentWith: entry.sentWith, blocked: undefined });
      return 'later';
    }
    // Not carried out (never sent, when the page's own CSP refused it), or carried out once whatever
    // happens next: try again later. An answer that came but cannot be read is no outage: sent again,
    // even harmlessly, it would most likely come back the same, so the person looks for the pet.
    if (failed && (failed.kind === 'blocked' || (failed.isTransient && (key || !failed.outcomeUnknown)))) {
      update({ state: 'waiting', blocked: blockedByPage(failed) });
      return 'later';
    }
    if (failed?.mayHaveBeenDone) {
      update({
        state: 'lost',
        blocked: undefined,
        lostBy: failed.kind === 'timeout' ? 'timeout' : 'network',
        ...(failed.kind === 'invalid-response' && { unreadable: true }),
      });
      return 'done';
    }
    update({ state: 'refused', problem: describeError(error, api.environment.limits), blocked: undefined });
    return 'done';
  }
}

/** While signed in: the pets waiting in this tab are sent whenever the service answers. */
export function usePetQueueSender() {
  const api = useApi();
  const queryClient = useQueryClient();
  useEffect(() => runPetQueue((entry) => sendQueuedPet(api, queryClient, entry)), [api, queryClient]);
}
