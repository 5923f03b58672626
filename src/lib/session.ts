// Everything the app keeps for a session lives in sessionStorage under one prefix: a reload keeps
// it, closing the tab ends it, and sign-out drops all of it at once. Never localStorage, never a URL.
import { useSyncExternalStore } from 'react';

export interface Session {
  apiKey: string;
  environmentName: string;
  /**
   * Whose drafts and sent messages are kept: made from the key that signed in (a hash, never the
   * key), and kept when the same person renews the key mid-session. Another key signing in on the
   * same tab does not see them, except what a key that stopped working left: its drafts come back
   * in the forms, and its pets waiting to be added to the store are offered (pet-queue.ts).
   */
  owner: string;
}

/** Why there is no session: never signed in, signed out, or the service stopped taking the key. */
export type SignedOutReason = 'signed-out' | 'expired' | undefined;

export interface SessionState {
  session: Session | undefined;
  reason: SignedOutReason;
}

const PREFIX = 'petstore-admin.';
/** The storage key of a value kept with the session: sign-out clears every one. */
export const storageKey = (name: string) => PREFIX + name;
/** Where the session is kept: the prerendered page's boot script looks for it before the first paint. */
export const SESSION_STORAGE_KEY = storageKey('session');

/** A short, stable fingerprint of a text (53-bit cyrb53): names storage, secures nothing. */
function fingerprint(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function load(name: string): unknown {
  try {
    return JSON.parse(sessionStorage.getItem(storageKey(name)) ?? 'null');
  } catch {
    // Blocked storage or a value someone edited by hand: as if nothing were kept.
    return undefined;
  }
}

function save(name: string, value: unknown) {
  try {
    if (value === undefined) sessionStorage.removeItem(storageKey(name));
    else sessionStorage.setItem(storageKey(name), JSON.stringify(value));
  } catch {
    // Storage blocked or full: the page still works, only the safety net across reloads is missing.
  }
}

function storageKeys(): string[] {
  try {
    return Object.keys(sessionStorage);
  } catch {
    // Blocked storage holds nothing of ours.
    return [];
  }
}

function clearAll() {
  for (const key of storageKeys()) if (key.startsWith(PREFIX)) save(key.slice(PREFIX.length), undefined);
}

function stored<T extends object>(name: () => string, isValid: (value: unknown) => value is T) {
  return {
    load(): T | undefined {
      const value = load(name());
      return isValid(value) ? value : undefined;
    },
    save: (value: T) => save(name(), value),
    clear: () => save(name(), undefined),
  };
}

/**
 * The names of the values that are drafts, as kept on this tab (see `handOverDrafts`): in storage,
 * since the code that keeps a draft may not be loaded yet when the next key signs in.
 */
const draftNames = stored(
  () => 'drafts',
  (value): value is string[] => Array.isArray(value) && value.every((name) => typeof name === 'string'),
);

/**
 * A value kept for whoever is signed in (what they have typed, what they have sent): it survives a
 * reload, a renewed key and signing in again with the same key; sign-out clears it with the rest. A
 * `draft` also goes on to the next key signed in after this one stopped working.
 */
export function sessionValue<T extends object>(
  name: string,
  isValid: (value: unknown) => value is T,
  { draft = false }: { draft?: boolean } = {},
) {
  const own = stored(() => `${state.session?.owner ?? 'nobody'}.${name}`, isValid);
  return {
    ...own,
    save(value: T) {
      own.save(value);
      if (!draft) return;
      const drafts = draftNames.load() ?? [];
      if (!drafts.includes(name)) draftNames.save([...drafts, name]);
    },
    /** The same value kept for another owner (see `sessionStore.leftBehind`). */
    of: (owner: string) => stored(() => `${owner}.${name}`, isValid),
    /** Every owner this value is kept for. */
    owners(): string[] {
      const suffix = `.${name}`;
      return storageKeys()
        .filter((key) => key.startsWith(PREFIX) && key.endsWith(suffix))
        .map((key) => key.slice(PREFIX.length, -suffix.length));
    },
  };
}

export type SessionValue<T extends object> = ReturnType<typeof sessionValue<T>>;

const storedSession = stored(
  () => 'session',
  (value): value is Session =>
    ['apiKey', 'environmentName', 'owner'].every(
      (field) => typeof (value as Record<string, unknown> | null)?.[field] === 'string',
    ),
);

/**
 * The owners of sessions whose key stopped working and that were left for the sign-in screen, by
 * environment: what they kept stays theirs, except their drafts, which the next key signing in to
 * that environment on this tab takes, and it is told of the pets they left waiting (pet-queue.ts).
 */
const storedExpired = stored(
  () => 'expired',
  (value): value is Record<string, string[]> =>
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((owners) => Array.isArray(owners) && owners.every((owner) => typeof owner === 'string')),
);

/** The same, as read once from storage and kept since: the queue asks for it on every render. */
let expired: Record<string, string[]> = storedExpired.load() ?? {};

const listeners = new Set<() => void>();
let state: SessionState = { session: storedSession.load(), reason: undefined };
/** The session began on the sign-in screen of this page load, not before a reload. */
let signedInHere = false;

function update(next: SessionState) {
  state = next;
  if (next.session) storedSession.save(next.session);
  else storedSession.clear();
  for (const listener of listeners) listener();
}

/** Keeps `owners` as the expired sessions of `environmentName` (none: forgets the environment). */
function setExpired(environmentName: string, owners: string[]) {
  expired = Object.fromEntries(
    Object.entries({ ...expired, [environmentName]: owners }).filter(([, list]) => list.length > 0),
  );
  if (Object.keys(expired).length > 0) storedExpired.save(expired);
  else storedExpired.clear();
}

const expiredOf = (environmentName: string) => expired[environmentName] ?? [];

/** The owner of a session (see `Session.owner`): the same key to the same environment, the same owner. */
export const ownerOf = ({ apiKey, environmentName }: Omit<Session, 'owner'>) =>
  fingerprint(`${environmentName}\n${apiKey}`);

/**
 * The drafts of the last of `from` to have kept them become `to`'s, where `to` has none of its own.
 * A key stopped working and the person left the page for the sign-in screen: with a new key they
 * find the forms as they left them, as they would have by giving that key in the sign-in-again
 * dialog, which keeps the page as it is.
 */
function handOverDrafts(from: string[], to: string) {
  for (const name of draftNames.load() ?? []) {
    const has = (owner: string) => load(`${owner}.${name}`) !== null;
    const giver = from.findLast(has);
    if (giver === undefined || has(to)) continue;
    save(`${to}.${name}`, load(`${giver}.${name}`));
    save(`${giver}.${name}`, undefined);
  }
}

export const sessionStore = {
  get: (): SessionState => state,
  apiKey: (): string | undefined => state.session?.apiKey,
  /** A fingerprint of the key in use: tells whether a key is still the one something was sent with. */
  keyPrint: (): string | undefined => state.session && fingerprint(state.session.apiKey),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn({ apiKey, environmentName }: Omit<Session, 'owner'>) {
    const owner = ownerOf({ apiKey, environmentName });
    // The same key back: it finds what it left, and nothing of it is left behind.
    const expired = expiredOf(environmentName);
    if (expired.includes(owner))
      setExpired(
        environmentName,
        expired.filter((each) => each !== owner),
      );
    handOverDrafts(
      expired.filter((each) => each !== owner),
      owner,
    );
    signedInHere = true;
    update({ session: { apiKey, environmentName, owner }, reason: undefined });
  },
  /** Whether the person signed in on this page load (on the sign-in screen), not before a reload. */
  signedInHere: () => state.session !== undefined && signedInHere,
  /**
   * The owners of sessions of this environment whose key stopped working on this tab, another key
   * now signed in: what they kept (their queues, say), their drafts aside, is still there, under
   * their owners.
   */
  leftBehind(): string[] {
    return state.session ? expiredOf(state.session.environmentName) : [];
  },
  /** The same, of every environment: what sign-out would remove along with this session. */
  leftBehindAnywhere(): string[] {
    return Object.values(expired).flat();
  },
  /** The owners of sessions whose key stopped working on this tab, by environment. */
  leftBehindByEnvironment: (): Readonly<Record<string, readonly string[]>> => expired,
  /** What the sessions whose key stopped working left here has been dealt with: nobody is told of it again. */
  forgetLeftBehind() {
    if (state.session) setExpired(state.session.environmentName, []);
  },
  /** The same person continues with a new key (the old one was revoked): their drafts stay theirs. */
  renewKey(apiKey: string) {
    if (state.session) update({ session: { ...state.session, apiKey }, reason: undefined });
  },
  signOut() {
    signedInHere = false;
    clearAll();
    expired = {};
    update({ session: undefined, reason: 'signed-out' });
  },
  /** The service answered 401 to a signed-in request: the key was revoked or has expired. */
  expire() {
    if (!state.session) return;
    const { environmentName, owner } = state.session;
    setExpired(environmentName, [...expiredOf(environmentName).filter((each) => each !== owner), owner]);
    signedInHere = false;
    update({ session: undefined, reason: 'expired' });
  },
};

export function useSessionState(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
