// When the service stops taking the key mid-session (401), the requests that met it wait here while
// a dialog over the page asks for a key; with a good one they are sent again, and the page carries
// on with everything typed intact. Given up, the 401 goes to whoever asked.
import { useSyncExternalStore } from 'react';
import { sessionStore } from '../../lib/session.ts';

let pending: { promise: Promise<void>; resolve: () => void; reject: (reason: Error) => void } | undefined;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export const reauth = {
  /** Resolves once a new key is in place; rejects if the person leaves instead. */
  ask(): Promise<void> {
    if (!pending) {
      let resolve!: () => void;
      let reject!: (reason: Error) => void;
      const promise = new Promise<void>((yes, no) => ((resolve = yes), (reject = no)));
      pending = { promise, resolve, reject };
      notify();
    }
    return pending.promise;
  },
  /** A key the service accepted: every waiting request goes again with it. */
  accept(apiKey: string) {
    sessionStore.renewKey(apiKey);
    pending?.resolve();
    pending = undefined;
    notify();
  },
  /** No new key (Sign in later, Sign out): waiting requests fail with their 401. */
  giveUp() {
    pending?.reject(new Error('No new API key was given.'));
    pending = undefined;
    notify();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Signed out while asking (the dialog's Sign out, once confirmed where pets wait): nobody will give a
// new key, so the waiting requests fail with their 401.
sessionStore.subscribe(() => {
  if (pending && !sessionStore.get().session) reauth.giveUp();
});

export const useReauthAsking = () =>
  useSyncExternalStore(
    reauth.subscribe,
    () => pending !== undefined,
    () => false,
  );
