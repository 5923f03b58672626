// Pets added while the service could not be reached, kept in this tab until they are sent.
//
// Where: sessionStorage, through `sessionValue`, like the form's drafts. That makes the queue per
// key owner and environment (the owner is a fingerprint of both), keeps it across a reload, and
// sign-out drops it with everything else of the session: nothing of it is left to read. The price
// is that closing the tab loses it, as closing the tab ends the session. Encrypting it in
// localStorage with a key held only in the session would end the same way, with more code.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { retryDelay } from '../../api/api-error.ts';
import { sessionStore } from '../../lib/session.ts';
import { storedQueue } from '../../lib/stored-queue.ts';
import { isCopiedTab } from '../../lib/tab-copy.ts';
import type { NewPet, Pet } from './pet.ts';
import { petFormSchema } from './pet-form-schema.ts';

/**
 * - `waiting`: not sent yet, or sent where a second send cannot add it twice: it is sent when the
 *   service answers;
 * - `sending`: on its way (cut short by a reload: `lost` without an idempotency key, else `waiting`);
 * - `lost`: sent, and no answer came back, or one this app cannot read: it may have been added, so it
 *   is sent again only when the person asks;
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
  /**
   * How the answer was lost (`lost`): no answer at all, or none in time. One this version does not
   * know reads as no answer, rather than the pet being dropped.
   */
  lostBy: z.catch(z.optional(z.enum(['network', 'timeout'])), undefined),
  /**
   * The answer came but does not fit the contract (`lost`): the service most likely added the pet.
   * A flag of its own, not a `lostBy`: a version that does not know it keeps the pet all the same.
   */
  unreadable: z.optional(z.literal(true)),
  /**
   * Its last try was refused by the page's own Content-Security-Policy (`waiting`): only a mended
   * deployment, and a reload, let it go.
   */
  blocked: z.optional(z.literal(true)),
  problem: z.optional(z.string()),
  queuedAt: z.number(),
});

export type QueuedPet = z.infer<typeof QueuedPetSchema>;

/**
 * The queue as read back from storage: each entry checked on its own, so that one edited by hand
 * or written by an older version is dropped and the others kept. A send cut short by a reload may
 * have arrived: without an idempotency key, it is lost rather than sent again. A reload is what a
 * try the page's CSP refused waits for: this page's own tries say whether it still refuses them.
 */
export function parseQueue(value: unknown): QueuedPet[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = QueuedPetSchema.safeParse(entry);
    if (!parsed.success) return [];
    const pet = { ...parsed.data, blocked: undefined };
    if (pet.state !== 'sending') return [pet];
    return [
      pet.idempotencyKey
        ? { ...pet, state: 'waiting' as const }
        : { ...pet, state: 'lost' as const, lostBy: 'network' as const },
    ];
  });
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/**
 * Each owner's queue as this page knows it: read from storage once, then kept here as it is written.
 * Only a queue read back after a reload has its sends cut short (`parseQueue`); in this page a pet
 * being sent stays `sending`, so that no second sender takes it.
 */
const queues = new Map<string, QueuedPet[]>();
const NONE: QueuedPet[] = [];

function queueOf(owner: string): QueuedPet[] {
  let queue = queues.get(owner);
  if (!queue) {
    queue = parseQueue(storedQueue.of(owner).load());
    queues.set(owner, queue);
  }
  return queue;
}

const signedIn = () => sessionStore.get().session?.owner;

function read(): QueuedPet[] {
  const owner = signedIn();
  return owner ? queueOf(owner) : NONE;
}

/**
 * The pets of several owners' queues as one list, for `useSyncExternalStore`: the same array for as
 * long as each of those queues is.
 */
function joined(owners: () => string[]): () => QueuedPet[] {
  let last = { parts: [] as QueuedPet[][], pets: NONE };
  return () => {
    const parts = owners().map(queueOf);
    if (parts.length !== last.parts.length || parts.some((part, index) => part !== last.parts[index])) {
      last = { parts, pets: parts.flat() };
    }
    return last.pets;
  };
}

/** What keys that stopped working left on this tab, for this environment. */
const readLeftBehind = joined(() => sessionStore.leftBehind());
/** Every pet kept in this tab, which sign-out drops: the signed-in key's, and those any other key left. */
const readKept = joined(() => [signedIn() ?? [], sessionStore.leftBehindAnywhere()].flat());

function write(pets: QueuedPet[], owner = signedIn()) {
  if (!owner) return;
  // Another session's queue is written only while it is still kept: never again after sign-out.
  if (owner !== signedIn() && storedQueue.of(owner).load() === undefined) return;
  queues.set(owner, pets);
  if (pets.length > 0) storedQueue.of(owner).save(pets);
  else storedQueue.of(owner).clear();
  notify();
}

/** Lets go of what the keys that stopped working left here: their queues, and the memory of them. */
function forgetLeftBehind() {
  for (const owner of sessionStore.leftBehind()) {
    storedQueue.of(owner).clear();
    queues.delete(owner);
  }
  sessionStore.forgetLeftBehind();
  notify();
}

sessionStore.subscribe(() => {
  // Signed out: nothing of any queue is kept, here or in storage.
  if (sessionStore.get().reason === 'signed-out') {
    queues.clear();
    sentPets.clear();
  }
  notify();
});

// Every pet in storage as this page loads: a tab opened as a copy of another has these from it.
const inherited = new Set(storedQueue.owners().flatMap((owner) => queueOf(owner).map((pet) => pet.id)));

/** Whether this tab knows yet that the pets it loaded with are its own (`inheritedPetsDropped`). */
let claimed = false;

/**
 * Resolves once this tab may send. A tab opened as a copy of another (the browser's Duplicate) first
 * drops the pets it was copied with: they are the other tab's to send, and sent from both, one could
 * be added twice. A pet kept in this tab since it loaded is its own.
 */
const inheritedPetsDropped = isCopiedTab().then((copy) => {
  claimed = true;
  if (!copy) return notify();
  for (const owner of storedQueue.owners()) {
    write(
      queueOf(owner).filter((pet) => !inherited.has(pet.id)),
      owner,
    );
  }
});

/**
 * The pets of `pets` to show and act on: until this tab knows they are its own, none it loaded with.
 * A reload knows at once; a copy only after a few seconds (tab-copy.ts), and it must not offer the
 * other tab's pets meanwhile. Sign-out and leaving count every pet kept (`readKept`) all the same.
 */
function shown(pets: () => QueuedPet[]): () => QueuedPet[] {
  let last = { from: NONE, pets: NONE };
  return () => {
    const all = pets();
    if (claimed) return all;
    if (all !== last.from) last = { from: all, pets: all.filter((pet) => !inherited.has(pet.id)) };
    return last.pets;
  };
}
const readShown = shown(read);
const readLeftBehindShown = shown(readLeftBehind);

let lastId = 0;

/** A pet of the queue the service added: the name and ID it gave it. */
export type SentPet = Pick<Pet, 'name' | 'id'>;
/**
 * Each owner's pets sent since the page loaded, oldest first, for the list to say so: in memory only,
 * and, as the queues, let go of at sign-out.
 */
const sentPets = new Map<string, readonly SentPet[]>();
const NONE_SENT: readonly SentPet[] = [];
const readSent = () => sentPets.get(signedIn() ?? '') ?? NONE_SENT;

export const petQueue = {
  get: read,
  /** The signed-in owner's pets sent since the page loaded (`markSent`). */
  sent: readSent,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  add(
    pet: NewPet,
    how: Pick<QueuedPet, 'state' | 'idempotencyKey' | 'sentWith' | 'lostBy' | 'unreadable' | 'problem'>,
  ): QueuedPet {
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
   * (discarded, or taken by another sender), and nothing may then be sent.
   */
  claim(id: string): boolean {
    if (read().find((pet) => pet.id === id)?.state !== 'waiting') return false;
    write(read().map((pet) => (pet.id === id ? { ...pet, state: 'sending' as const } : pet)));
    return true;
  },
  /**
   * Changes a pet of the queue: of the one signed in, or of `owner`'s, as the sender does, whose
   * answer may come after the session that sent it has ended (the sign-in-again dialog's Sign in later).
   */
  update(id: string, change: Partial<Omit<QueuedPet, 'id'>>, owner = signedIn()) {
    const holder = holderOf(id, owner);
    if (!holder) return;
    write(
      queueOf(holder).map((pet) => (pet.id === id ? { ...pet, ...change } : pet)),
      holder,
    );
  },
  remove(id: string, owner = signedIn()) {
    const holder = holderOf(id, owner);
    if (!holder) return;
    write(
      queueOf(holder).filter((pet) => pet.id !== id),
      holder,
    );
  },
  /** The service added pet `id` of the queue, as `added`: it leaves the queue, said sent (`useSentPets`). */
  markSent(id: string, added: SentPet, owner = signedIn()) {
    const holder = holderOf(id, owner);
    if (!holder) return;
    sentPets.set(holder, [...(sentPets.get(holder) ?? []), added]);
    petQueue.remove(id, holder);
  },
  /** Puts back a pet discarded a moment ago (Undo), `at` its place in the queue, unless it is there. */
  restore(entry: QueuedPet, at: number) {
    const queue = read();
    if (queue.some((pet) => pet.id === entry.id)) return;
    write([...queue.slice(0, at), entry, ...queue.slice(at)]);
  },
  /**
   * The pets that another key left waiting on this tab, for this environment, when the service
   * stopped taking it and nobody gave a new one in its place (the sign-in-again dialog's Sign in later).
   * The queue is per key: they are this key's only when the person takes them (`takeOver`).
   */
  leftBehind: readLeftBehind,
  /**
   * Makes the pets left behind this key's, to be sent with it. One sent before under the other key
   * may have been added: the sender leaves it for the person to decide (send-queued-pets.ts).
   */
  takeOver() {
    // Written to this key's queue before they leave the others': never in neither.
    write([...read(), ...readLeftBehind()]);
    forgetLeftBehind();
  },
  /** Drops the pets left behind, for good. */
  discardLeftBehind: forgetLeftBehind,
  /** Every pet kept in this tab, the signed-in key's and those other keys left: sign-out drops them. */
  kept: readKept,
  /**
   * Resolves once this tab knows which pets it loaded with are its own, having dropped a copy's
   * (`inheritedPetsDropped`): what `kept` counts from then on is this tab's to lose.
   */
  settled: (): Promise<void> => inheritedPetsDropped,
};

/**
 * The owner whose queue holds pet `id`: `owner`'s, or, once another key has taken that queue over
 * (`takeOver`), the queue of the key signed in.
 */
function holderOf(id: string, owner: string | undefined): string | undefined {
  const current = signedIn();
  if (owner && queueOf(owner).some((pet) => pet.id === id)) return owner;
  return current && queueOf(current).some((pet) => pet.id === id) ? current : undefined;
}

/** The signed-in key's queue, as this tab shows it (`shown`). */
export const usePetQueue = (): QueuedPet[] => useSyncExternalStore(petQueue.subscribe, readShown, readShown);
export const useSentPets = (): readonly SentPet[] => useSyncExternalStore(petQueue.subscribe, readSent, readSent);
/** What keys that stopped working left for this environment, as this tab shows it (`shown`). */
export const useLeftBehindPets = (): QueuedPet[] =>
  useSyncExternalStore(petQueue.subscribe, readLeftBehindShown, readLeftBehindShown);
/** Every pet kept in this tab (`petQueue.kept`). */
export const useKeptPets = (): QueuedPet[] => useSyncExternalStore(petQueue.subscribe, readKept, readKept);
/** Whether any pet waits in this tab, this key's or left by another: only a change of that re-renders. */
const holdsPets = () => readKept().length > 0;
export const useTabHoldsPets = (): boolean => useSyncExternalStore(petQueue.subscribe, holdsPets, holdsPets);

const isOnline = () => onlineManager.isOnline();
/** Whether the browser is online, as React Query's onlineManager says: what the queue waits for. */
export const useOnline = (): boolean => useSyncExternalStore(onlineManager.subscribe, isOnline, isOnline);

/** What a send came to: done with (sent, lost or refused), or to be tried again later. */
export type SendOutcome = 'done' | 'later';

/** Whether the queue sends a pet by itself: one the page's own CSP refused waits for a reload. */
const sendable = (pet: QueuedPet) => pet.state === 'waiting' && !pet.blocked;

/**
 * Sends the waiting pets one at a time, while React Query's onlineManager says the browser is online
 * (it starts online and follows the `online` and `offline` events; `navigator.onLine` alone is false
 * on some machines that are online): at once, whenever the queue changes or the browser comes back
 * online, and after a failure again with the backoff reads use (`retryDelay`). Not a pet the page's
 * CSP refused (`blocked`): no wait mends that. Returns a function that stops it.
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
      await inheritedPetsDropped;
      for (;;) {
        const next = read().find(sendable);
        if (!next || stopped || !onlineManager.isOnline()) return;
        if ((await send(next)) === 'later') {
          failures++;
          // A try the page's CSP refused leaves nothing to wait for: no timer.
          if (!stopped && read().some(sendable)) timer = setTimeout(() => void drain(), retryDelay(failures - 1));
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
