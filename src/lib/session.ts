// Everything the app keeps for a session lives in sessionStorage under one prefix: a reload keeps
// it, closing the tab ends it, and sign-out drops all of it at once. Never localStorage, never a URL.
import { useSyncExternalStore } from 'react';

export interface Session {
  apiKey: string;
  environmentName: string;
}

/** Why there is no session: never signed in, signed out, or the service stopped taking the key. */
export type SignedOutReason = 'signed-out' | 'expired' | undefined;

export interface SessionState {
  session: Session | undefined;
  reason: SignedOutReason;
}

const PREFIX = 'petstore-admin.';

function load(name: string): unknown {
  try {
    return JSON.parse(sessionStorage.getItem(PREFIX + name) ?? 'null');
  } catch {
    // Blocked storage or a value someone edited by hand: as if nothing were kept.
    return undefined;
  }
}

function save(name: string, value: unknown) {
  try {
    if (value === undefined) sessionStorage.removeItem(PREFIX + name);
    else sessionStorage.setItem(PREFIX + name, JSON.stringify(value));
  } catch {
    // Storage blocked or full: the page still works, only the safety net across reloads is missing.
  }
}

function clearAll() {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing of ours.
  }
}

/**
 * A value kept for this session (what a person has typed, what they have sent): it survives a
 * reload and a re-sign-in after a revoked key, and sign-out clears it with the rest.
 */
export function sessionValue<T extends object>(name: string, isValid: (value: unknown) => value is T) {
  return {
    load(): T | undefined {
      const value = load(name);
      return isValid(value) ? value : undefined;
    },
    save: (value: T) => save(name, value),
    clear: () => save(name, undefined),
  };
}

export type SessionValue<T extends object> = ReturnType<typeof sessionValue<T>>;

const storedSession = sessionValue(
  'session',
  (value): value is Session =>
    typeof (value as Partial<Session> | null)?.apiKey === 'string' &&
    typeof (value as Partial<Session>).environmentName === 'string',
);

const listeners = new Set<() => void>();
let state: SessionState = { session: storedSession.load(), reason: undefined };

function update(next: SessionState) {
  state = next;
  if (next.session) storedSession.save(next.session);
  else storedSession.clear();
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
    clearAll();
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
