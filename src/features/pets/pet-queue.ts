// Pets added while the service could not be reached, kept on this device until they are sent.
//
// Where: sessionStorage, through `sessionValue`, like the form's drafts. That makes the queue per
// key owner and environment (the owner is a fingerprint of both), keeps it across a reload, and
// sign-out drops it with everything else of the session: nothing of it is left to read. The price
// is that closing the tab loses it, as closing the tab ends the session. Encrypting it in
// localStorage with a key held only in the session would end the same way, with more code.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { sessionStore, sessionValue } from '../../lib/session.ts';
import { isCopiedTab } from '../../lib/tab-copy.ts';
import type { NewPet } from './pet.ts';
import { petFormSchema } from './pet-form-schema.ts';

/**
 * - `waiting`: not sent yet, or sent where a second send cannot add it twice: it is sent when the
 *   service answers;
 * - `sending`: on its way (cut short by a reload: `lost` without an idempotency key, else `waiting`);
 * - `lost`: sent, and no answer came back: it may have been added, so it is sent again only when
 *   the person asks;
 * - `refused`: the service answered no (`problem` says why).
 */
const QUEUE_STATES = ['waiting', 'sending', 'lost', 'refused'] as const;

const QueuedPetSchema = z.object({
  id: z.string().check(z.minLength(1)),
  // The form's own rules: what is read back is a pet the form could have sent.
  pet: petFormSchema(),
  /** Where the environment offers idempotency keys: the one key of every send of this pet. */
  idempotencyKey: z.optional(z.string().check(z.minLength(1))),
  /**
   * When it was first sent with that key, and with which API key (a fingerprint): the service
   * knows an idempotency key only for the API key that sent it, and for a day.
   */
  sentWith: z.optional(z.object({ apiKey: z.string(), at: z.number() })),
  state: z.enum(QUEUE_STATES),
  /** How the answer was lost (`lost`): no answer at all, or none in time. */
  lostBy: z.optional(z.enum(['network', 'timeout'])),
  problem: z.optional(z.string()),
  queuedAt: z.number(),
});

export type QueuedPet = z.infer<typeof QueuedPetSchema>;

/**
 * The queue as read back from storage: each entry checked on its own, so that one edited by hand
 * or written by an older version is dropped and the others kept. A send cut short by a reload may
 * have arrived: without an idempotency key, it is lost rather than sent again.
 */
export function parseQueue(value: unknown): QueuedPet[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = QueuedPetSchema.safeParse(entry);
    if (!parsed.success) return [];
    const pet = parsed.data;
    if (pet.state !== 'sending') return [pet];
    return [
      pet.idempotencyKey
        ? { ...pet, state: 'waiting' as const }
        : { ...pet, state: 'lost' as const, lostBy: 'network' as const },
    ];
  });
}

const stored = sessionValue('pet-queue', (value): value is unknown[] => Array.isArray(value));

const listeners = new Set<() => void>();
let cache: { owner: string | undefined; pets: QueuedPet[] } | undefined;
let leftCache: { owner: string | undefined; pets: QueuedPet[] } | undefined;

const signedIn = () => sessionStore.get().session?.owner;

function read(): QueuedPet[] {
  const owner = signedIn();
  if (cache && cache.owner === owner) return cache.pets;
  cache = { owner, pets: owner ? parseQueue(stored.load()) : [] };
  return cache.pets;
}

/** The queue of `owner`: the one signed in, or one whose send was under way when its session ended. */
const readOf = (owner: string) => (owner === signedIn() ? read() : parseQueue(stored.of(owner).load()));

/** The queue of the session of this environment whose key stopped working on this tab, if any. */
function readLeftBehind(): QueuedPet[] {
  const owner = sessionStore.leftBehind();
  if (leftCache && leftCache.owner === owner) return leftCache.pets;
  leftCache = { owner, pets: owner ? parseQueue(stored.of(owner).load()) : [] };
  return leftCache.pets;
}

/** Lets go of what the session whose key stopped working left: its queue, and the memory of it. */
function forgetLeftBehind() {
  const owner = sessionStore.leftBehind();
  if (owner) stored.of(owner).clear();
  sessionStore.forgetLeftBehind();
  leftCache = undefined;
  for (const listener of listeners) listener();
}

function write(pets: QueuedPet[], owner = signedIn()) {
  if (!owner) return;
  // Another session's queue is written only while it is still kept: never again after sign-out.
  if (owner !== signedIn() && stored.of(owner).load() === undefined) return;
  if (owner === signedIn()) cache = { owner, pets };
  if (pets.length > 0) stored.of(owner).save(pets);
  else stored.of(owner).clear();
  if (owner === sessionStore.leftBehind()) leftCache = undefined;
  for (const listener of listeners) listener();
}

function readAgain() {
  cache = undefined;
  leftCache = undefined;
  for (const listener of listeners) listener();
}

// Signing in, out, or again: the queue is read again from where the session keeps it (or is none).
sessionStore.subscribe(readAgain);

/**
 * Whether this tab may send: a tab opened as a copy of another (the browser's Duplicate) first drops
 * the pets it was copied with. They are the other tab's to send, and sent from both, one could be
 * added twice. A pet kept in this tab while that was being found out is its own.
 */
const mine = isCopiedTab.then((copy) => {
  if (!copy) return;
  for (const owner of stored.owners()) {
    write(
      readOf(owner).filter((pet) => pet.queuedAt >= performance.timeOrigin),
      owner,
    );
  }
  readAgain();
});

let lastId = 0;

export const petQueue = {
  get: read,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add(pet: NewPet, how: Pick<QueuedPet, 'state' | 'idempotencyKey' | 'sentWith' | 'lostBy' | 'problem'>): QueuedPet {
    const entry: QueuedPet = {
      id: `${Date.now().toString(36)}-${(++lastId).toString(36)}`,
      pet: { name: pet.name, categoryId: pet.categoryId.toString(), status: pet.status ?? 'available' },
      ...how,
      queuedAt: Date.now(),
    };
    write([...read(), entry]);
    return entry;
  },
  /**
   * Takes a waiting pet to send it (`sending`), in one step: false when it is no longer waiting
   * (cancelled, or taken by another sender), and nothing may then be sent.
   */
  claim(id: string): boolean {
    if (read().find((pet) => pet.id === id)?.state !== 'waiting') return false;
    write(read().map((pet) => (pet.id === id ? { ...pet, state: 'sending' as const } : pet)));
    return true;
  },
  /**
   * Changes a pet of the queue: of the one signed in, or of `owner`'s, as the sender does, whose
   * answer may come after the session that sent it has ended (the sign-in-again dialog's Cancel).
   */
  update(id: string, change: Partial<Omit<QueuedPet, 'id'>>, owner = signedIn()) {
    if (!owner) return;
    write(
      readOf(owner).map((pet) => (pet.id === id ? { ...pet, ...change } : pet)),
      owner,
    );
  },
  remove(id: string, owner = signedIn()) {
    if (!owner) return;
    write(
      readOf(owner).filter((pet) => pet.id !== id),
      owner,
    );
  },
  /**
   * The pets that another key left waiting on this tab, for this environment, when the service
   * stopped taking it and nobody gave a new one in its place (the sign-in-again dialog's Cancel).
   * The queue is per key: they are this key's only when the person takes them (`takeOver`).
   */
  leftBehind: readLeftBehind,
  /**
   * Makes the pets left behind this key's, to be sent with it. One sent before under the other key
   * may have been added: the sender leaves it for the person to decide (send-queued-pets.ts).
   */
  takeOver() {
    const left = readLeftBehind();
    forgetLeftBehind();
    if (left.length > 0) write([...read(), ...left]);
  },
  /** Drops the pets left behind, for good. */
  discardLeftBehind: forgetLeftBehind,
};

export const usePetQueue = (): QueuedPet[] => useSyncExternalStore(petQueue.subscribe, read, read);
export const useLeftBehindPets = (): QueuedPet[] =>
  useSyncExternalStore(petQueue.subscribe, readLeftBehind, readLeftBehind);

const FIRST_DELAY_MS = 2000;
const MAX_DELAY_MS = 30_000;

/** How long to wait before the next try after `failures` in a row: 2 s, 4 s, 8 s… up to 30 s. */
export const retryDelay = (failures: number) => Math.min(FIRST_DELAY_MS * 2 ** Math.max(failures - 1, 0), MAX_DELAY_MS);

/** What a send came to: done with (sent, lost or refused), or to be tried again later. */
export type SendOutcome = 'done' | 'later';

/**
 * Sends the waiting pets one at a time, while React Query's onlineManager says the browser is online
 * (it starts online and follows the `online` and `offline` events; `navigator.onLine` alone is false
 * on some machines that are online): at once, whenever the queue changes or the browser comes back
 * online, and after a failure again with backoff. Returns a function that stops it.
 */
export function runPetQueue(send: (pet: QueuedPet) => Promise<SendOutcome>): () => void {
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;

  async function drain() {
    clearTimeout(timer);
    if (running || stopped) return;
    running = true;
    try {
      await mine;
      for (;;) {
        const next = read().find((pet) => pet.state === 'waiting');
        if (!next || stopped || !onlineManager.isOnline()) return;
        if ((await send(next)) === 'later') {
          failures++;
          if (!stopped) timer = setTimeout(() => void drain(), retryDelay(failures));
          return;
        }
        failures = 0;
      }
    } finally {
      running = false;
    }
  }

  const unsubscribe = [
    petQueue.subscribe(() => void drain()),
    onlineManager.subscribe((online) => {
      if (!online) return;
      failures = 0;
      void drain();
    }),
  ];
  void drain();
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const stop of unsubscribe) stop();
  };
}
