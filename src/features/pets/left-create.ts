// A pet sent from the add-pet form outlives the form: the person may leave it, or reload, before the
// answer comes. Here is whether one is on its way, and what became of one whose form was left
// (left-create-notice.tsx says it on whichever page they are), to the key that sent it alone, until
// it is dismissed or dealt with (docs/architecture.md, "A create outlives its form").
import { useIsMutating, useMutationState } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../../lib/session.ts';
import type { CreateOutcome } from './api/create-pet.ts';
import type { NewPet } from './pet.ts';

/** The mutation key of the form's creates (api/create-pet.ts). */
export const CREATE_PET = ['create-pet'];

/** Whether a pet the form sent is on its way, whether or not the form that sent it is still open. */
export const useCreating = () => useIsMutating({ mutationKey: CREATE_PET }) > 0;

/** The pet the form sent that is on its way, if one is. */
export const usePetOnItsWay = (): NewPet | undefined =>
  useMutationState({
    filters: { mutationKey: CREATE_PET, status: 'pending' },
    select: (mutation) => mutation.state.variables as NewPet,
  })[0];

export type LeftCreate = { owner: string; pet: NewPet } & (
  { outcome: CreateOutcome; error?: never } | { error: unknown; outcome?: never }
);

let held: LeftCreate | undefined;
const listeners = new Set<() => void>();

function hold(next: LeftCreate | undefined) {
  held = next;
  for (const listener of listeners) listener();
}

export const leftCreate = {
  tell(left: LeftCreate) {
    // An answer that comes once its sender signed out is nobody's to hear: sign-out dropped it all.
    if (left.owner === sessionStore.get().session?.owner) hold(left);
  },
  clear: () => held && hold(undefined),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

sessionStore.subscribe(() => {
  if (held && held.owner !== sessionStore.get().session?.owner) hold(undefined);
});

export const useLeftCreate = () => useSyncExternalStore(leftCreate.subscribe, () => held);
