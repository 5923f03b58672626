import { useSyncExternalStore } from 'react';

export interface Session {
  apiKey: string;
  environmentName: string;
}

/** Why there is no session: never signed in, signed out, or the service stopped taking the key. */
export type SignedOutReason = 'signed-out' | 'expired' | undefined;

interface SessionState {
  session: Session | undefined;
  reason: SignedOutReason;
}

// sessionStorage: a reload keeps the session, closing the tab ends it. Never localStorage, never a URL.
// Everything the app keeps for a session (drafts, sent messages) shares the prefix, so sign-out
// can drop it all.
export const STORAGE_PREFIX = 'petstore-admin.';
const STORAGE_KEY = `${STORAGE_PREFIX}session`;
const listeners = new Set<() => void>();

function read(): Session | undefined {
  try {
    const value = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Session> | null;
    return typeof value?.apiKey === 'string' && typeof value.environmentName === 'string'
      ? { apiKey: value.apiKey, environmentName: value.environmentName }
      : undefined;
  } catch {
    return undefined;
  }
}

let state: SessionState = { session: read(), reason: undefined };

function update(next: SessionState) {
  state = next;
  try {
    if (next.session) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next.session));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked or full: the session still works in this page, it just won't survive a reload.
  }
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: (): SessionState => state,
  apiKey: (): string | undefined => state.session?.apiKey,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(session: Session) {
    update({ session, reason: undefined });
  },
  signOut() {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith(STORAGE_PREFIX)) sessionStorage.removeItem(key);
    }
    update({ session: undefined, reason: 'signed-out' });
  },
  /** The service answered 401 to a signed-in request: the key was revoked or has expired. */
  expire() {
    if (state.session) update({ session: undefined, reason: 'expired' });
  },
};

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}
