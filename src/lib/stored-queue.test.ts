import { expect, it } from 'vitest';
import { sessionStore } from './session.ts';
import { petsLeftBehind, storedQueue } from './stored-queue.ts';

it('counts the pets keys that stopped working left waiting, by environment, none signed in for them', () => {
  expect(petsLeftBehind()).toEqual([]);
  for (const [apiKey, environmentName, pets] of [
    ['first-key', 'Store', 2],
    ['second-key', 'Store', 1],
    ['other-key', 'Elsewhere', 1],
    ['empty-key', 'Empty', 0],
  ] as const) {
    sessionStore.signIn({ apiKey, environmentName });
    storedQueue.save(Array.from({ length: pets }, (_, n) => ({ id: `${apiKey}-${n}` })));
    sessionStore.expire();
  }
  expect(petsLeftBehind()).toEqual([
    { environmentName: 'Store', pets: 3 },
    { environmentName: 'Elsewhere', pets: 1 },
  ]);
  // Signed out on purpose, nothing of theirs is left in the tab.
  sessionStore.signOut();
  expect(petsLeftBehind()).toEqual([]);
});
