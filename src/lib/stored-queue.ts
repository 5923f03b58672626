// Where the pets waiting in this tab to be sent are kept (their queue is features/pets/pet-queue.ts):
// here, so that the sign-in screen can count what keys that stopped working left, without loading
// the queue's code.
import { sessionStore, sessionValue } from './session.ts';

export const storedQueue = sessionValue('pet-queue', (value): value is unknown[] => Array.isArray(value));

/** The pets keys that stopped working left waiting in this tab, by environment: none is signed in for them. */
export function petsLeftBehind(): { environmentName: string; pets: number }[] {
  return Object.entries(sessionStore.leftBehindByEnvironment()).flatMap(([environmentName, owners]) => {
    const pets = owners.reduce((sum, owner) => sum + (storedQueue.of(owner).load()?.length ?? 0), 0);
    return pets > 0 ? [{ environmentName, pets }] : [];
  });
}
